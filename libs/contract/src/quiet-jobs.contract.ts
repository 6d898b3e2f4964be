import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { timestamp } from './common.contract';

// ---------------------------------------------------------------------------------------------
// Quiet jobs (spec part 2 §7 Admin: POST /v1/admin/quiet_jobs, beside the feature flags): an
// administrator pauses the company's scheduled sends to contacts (campaign e-mails and texts,
// workflow steps) until a given time, or resumes them. Sends that come due meanwhile wait and go
// out when the quiet period ends; work a user started and waits for (imports, transfers, exports,
// print) is not held.
// ---------------------------------------------------------------------------------------------

/** A quiet period ends within this many days: a pause nobody remembers must not silence a company for good. */
export const QUIET_JOBS_MAX_DAYS = 30;
export const QUIET_JOBS_REASON_MAX = 500;

export const quietJobsState = z.object({
  /** Sends are paused now. */
  quiet: z.boolean(),
  /** When the current quiet period ends, or when the last one ended; null when there never was one. */
  until: timestamp.nullable(),
  reason: z.string().nullable(),
  set_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  set_at: timestamp.nullable(),
  /** Sends that came due while quiet and wait for the end of it. */
  held_jobs: z.number().int(),
});
export type QuietJobsState = z.infer<typeof quietJobsState>;

export const quietJobsBody = z
  .object({
    quiet: z.boolean({ error: 'Quiet must be true or false' }),
    /** Required with quiet true: when the pause ends (ISO 8601 with an offset or Z). */
    until: z.iso.datetime({ offset: true, error: 'Until must be a date and time (ISO 8601)' }).optional(),
    reason: z.string({ error: 'Reason must be text' }).trim().max(QUIET_JOBS_REASON_MAX, `Reason must be at most ${QUIET_JOBS_REASON_MAX} characters`).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.quiet && !body.until) ctx.addIssue({ code: 'custom', path: ['until'], message: 'Choose when the quiet period ends' });
  });

const quietJobsResponse = z.object({ data: quietJobsState });

export const showQuietJobs = defineEndpoint({
  scope: 'admin:read',
  method: 'GET',
  path: '/v1/admin/quiet_jobs',
  summary: "Whether the company's scheduled sends are paused, until when, by whom, and how many wait",
  tag: 'admin_flags',
  access: 'admin',
  response: quietJobsResponse,
});

export const updateQuietJobs = defineEndpoint({
  scope: 'admin:write',
  method: 'POST',
  path: '/v1/admin/quiet_jobs',
  summary: `Pause the company's scheduled sends until a time (at most ${QUIET_JOBS_MAX_DAYS} days ahead), or resume them (quiet false); held sends go out when it ends`,
  tag: 'admin_flags',
  access: 'admin',
  body: quietJobsBody,
  response: quietJobsResponse,
});

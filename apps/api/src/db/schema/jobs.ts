import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts';
import { updatedAt } from './columns';

/**
 * The job workers that are running (jobs/queue.ts): each writes its row when it starts and every
 * few seconds after, and removes it when it stops; one not heard from for WORKER_STALE_SECONDS is
 * gone (killed). GET /v1/contacts/workers_status reads them.
 */
export const jobWorkers = pgTable('job_workers', {
  id: text('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  queues: text('queues').array().notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A job a worker is running now (jobs/queue.ts): written when the run starts, removed when it ends.
 * A lease whose worker stopped beating is a crashed run: the queue fails the job so that pg-boss
 * retries it at once instead of after its expiry.
 */
export const jobLeases = pgTable('job_leases', {
  jobId: text('job_id').primaryKey(),
  name: text('name').notNull(),
  workerId: text('worker_id').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A company's quiet period (POST /v1/admin/quiet_jobs): its scheduled sends to contacts wait while
 * `until` is ahead. One row a company, kept after the period ends (resuming sets `until` to the
 * moment it ended), so the admin screen can say who paused last and when; the audit log keeps every
 * change. Jobs and their release lock this row (jobs/quiet-jobs.repository.ts).
 */
export const quietJobs = pgTable('quiet_jobs', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  until: timestamp('until', { withTimezone: true }).notNull(),
  reason: text('reason'),
  setById: integer('set_by_id').references(() => users.id, { onDelete: 'set null' }),
  setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: updatedAt(),
});

/**
 * A send that came due while its company was quiet: the job's kind and data, kept until the quiet
 * period ends and it is queued again under `release_id` (a fixed job id, so queueing it twice
 * queues it once). `job_id` is the job that was held: a held job run again after a crash is not
 * held (or run) twice. Released rows stay a while for the same reason, then are removed.
 */
export const quietHeldJobs = pgTable(
  'quiet_held_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    data: jsonb('data').$type<object>().notNull(),
    jobId: text('job_id').notNull().unique(),
    releaseId: uuid('release_id').notNull().default(sql`gen_random_uuid()`),
    heldAt: timestamp('held_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [index('quiet_held_jobs_company_idx').on(t.companyId, t.id).where(sql`${t.releasedAt} is null`)],
);

import { QUIET_JOBS_MAX_DAYS, type ParsedBodyOf, type QuietJobsState, type endpoints } from '@crm/contract';
import type { JobQueue } from '../../jobs/queue';
import type { QuietJobsRepository } from '../../jobs/quiet-jobs.repository';
import { unprocessable } from '../../lib/http-errors';
import type { AuditRepository } from '../audit/audit.repository';
import type { Identity, RequestMeta } from '../sessions/identity';
import { fullName } from '../users/current-user';

type Body = ParsedBodyOf<typeof endpoints.updateQuietJobs>;
type Deps = { quietJobs: QuietJobsRepository; jobs: Pick<JobQueue, 'releaseQuiet'>; audit: AuditRepository };

const DAY_MS = 86_400_000;

/**
 * Quiet jobs (spec part 2 §7 POST /v1/admin/quiet_jobs, grouped with the feature flags). The spec
 * names the call only; our reading: an administrator pauses the company's scheduled sends to
 * contacts (campaign e-mails and texts, workflow steps: the job kinds that declare `quietFor`) until
 * a time, for an incident, a complaint or a holiday, or resumes them early. Sends that come due
 * meanwhile are held, not lost, and go out when the period ends. Per company: one company's pause
 * never touches another's (a system-wide pause of the workers, as "quiet" means for Sidekiq, is the
 * operators' business, not an administrator's of one company).
 */
export function createQuietJobsService({ quietJobs, jobs, audit }: Deps) {
  async function show(admin: Identity): Promise<QuietJobsState> {
    const state = await quietJobs.state(admin.user.companyId);
    if (!state) return { quiet: false, until: null, reason: null, set_by: null, set_at: null, held_jobs: 0 };
    return {
      quiet: state.quiet,
      until: state.until.toISOString(),
      reason: state.reason,
      set_by: state.setBy ? { id: state.setBy.id, name: fullName(state.setBy) } : null,
      set_at: state.setAt.toISOString(),
      held_jobs: state.heldJobs,
    };
  }

  return {
    show,

    async update(admin: Identity, body: Body, meta: RequestMeta): Promise<QuietJobsState> {
      const companyId = admin.user.companyId;
      const entry = { userId: admin.user.id, actorUserId: admin.user.id, ip: meta.ip, userAgent: meta.userAgent };
      if (body.quiet) {
        const until = new Date(body.until as string);
        const now = Date.now();
        if (until.getTime() <= now) throw unprocessable({ until: 'Choose a time in the future' });
        if (until.getTime() > now + QUIET_JOBS_MAX_DAYS * DAY_MS) throw unprocessable({ until: `A quiet period ends within ${QUIET_JOBS_MAX_DAYS} days` });
        const reason = body.reason || null;
        await quietJobs.set(companyId, until, reason, admin.user.id);
        await jobs.releaseQuiet(companyId, until);
        await audit.record({ event: 'quiet_jobs_started', ...entry, details: { company_id: companyId, until: until.toISOString(), reason } });
      } else if (await quietJobs.end(companyId, admin.user.id)) {
        await jobs.releaseQuiet(companyId);
        await audit.record({ event: 'quiet_jobs_ended', ...entry, details: { company_id: companyId } });
      }
      return show(admin);
    },
  };
}

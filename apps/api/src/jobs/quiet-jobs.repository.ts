import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { quietHeldJobs, quietJobs, users } from '../db/schema';

/** A company's quiet period as stored, with who set it and how many sends wait. */
export type QuietState = {
  until: Date;
  quiet: boolean;
  reason: string | null;
  setBy: { id: number; firstName: string; lastName: string } | null;
  setAt: Date;
  heldJobs: number;
};

export type HeldJob = { id: number; name: string; data: object; releaseId: string };

/** Released rows are kept this long: a held job run again after a crash finds its row and is not held (or run) twice. */
const KEEP_RELEASED_DAYS = 7;

/**
 * Quiet periods and the sends they hold (POST /v1/admin/quiet_jobs, jobs/queue.ts). A hold and a
 * release of the same company take turns on the company's quiet_jobs row (FOR SHARE / FOR UPDATE):
 * a job held while a release reads would otherwise be missed by it and wait for the next one.
 */
export function createQuietJobsRepository(db: Database) {
  return {
    async state(companyId: number): Promise<QuietState | null> {
      const [row] = await db
        .select({
          until: quietJobs.until,
          quiet: sql<boolean>`${quietJobs.until} > now()`,
          reason: quietJobs.reason,
          setAt: quietJobs.setAt,
          setById: users.id,
          setByFirstName: users.firstName,
          setByLastName: users.lastName,
          heldJobs: sql<number>`(select count(*)::int from ${quietHeldJobs} h where h.company_id = ${quietJobs.companyId} and h.released_at is null)`,
        })
        .from(quietJobs)
        .leftJoin(users, eq(users.id, quietJobs.setById))
        .where(eq(quietJobs.companyId, companyId));
      if (!row) return null;
      return {
        until: row.until,
        quiet: row.quiet,
        reason: row.reason,
        setAt: row.setAt,
        setBy: row.setById === null ? null : { id: row.setById, firstName: row.setByFirstName ?? '', lastName: row.setByLastName ?? '' },
        heldJobs: Number(row.heldJobs),
      };
    },

    /** Quiet until `until` (a new period, or the current one moved). */
    async set(companyId: number, until: Date, reason: string | null, userId: number): Promise<void> {
      const values = { until, reason, setById: userId, setAt: new Date(), updatedAt: new Date() };
      await db.insert(quietJobs).values({ companyId, ...values }).onConflictDoUpdate({ target: quietJobs.companyId, set: values });
    },

    /** Ends a running quiet period now; false when the company was not quiet. */
    async end(companyId: number, userId: number): Promise<boolean> {
      const ended = await db
        .update(quietJobs)
        .set({ until: sql`now()`, setById: userId, setAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(quietJobs.companyId, companyId), sql`${quietJobs.until} > now()`))
        .returning({ companyId: quietJobs.companyId });
      return ended.length > 0;
    },

    /**
     * Holds a job of a quiet company: true when the company is quiet now (the job is kept here) or
     * the job was held before (run again after a crash); false when it may run.
     */
    async hold(companyId: number, name: string, jobId: string, data: object): Promise<boolean> {
      const result = await db.execute<{ held: boolean }>(sql`
        with quiet as (
          select 1 from ${quietJobs} where company_id = ${companyId} and until > now() for share
        ), kept as (
          insert into ${quietHeldJobs} (company_id, name, data, job_id)
          select ${companyId}, ${name}, ${JSON.stringify(data)}::jsonb, ${jobId} where exists (select 1 from quiet)
          on conflict (job_id) do nothing
        )
        select exists (select 1 from quiet) or exists (select 1 from ${quietHeldJobs} where job_id = ${jobId}) as held`);
      return Boolean(result.rows[0]?.held);
    },

    /**
     * The next held jobs of a company to queue again, oldest first; null while the company is still
     * quiet. Waits for holds of the company under way to finish, so none is missed.
     */
    async releasable(companyId: number, limit: number): Promise<HeldJob[] | null> {
      return db.transaction(async (tx) => {
        const quiet = await tx.execute<{ quiet: boolean }>(
          sql`select until > now() as quiet from ${quietJobs} where company_id = ${companyId} for update`,
        );
        if (quiet.rows[0]?.quiet) return null;
        return tx
          .select({ id: quietHeldJobs.id, name: quietHeldJobs.name, data: quietHeldJobs.data, releaseId: quietHeldJobs.releaseId })
          .from(quietHeldJobs)
          .where(and(eq(quietHeldJobs.companyId, companyId), isNull(quietHeldJobs.releasedAt)))
          .orderBy(asc(quietHeldJobs.id))
          .limit(limit);
      });
    },

    async markReleased(ids: number[]): Promise<void> {
      if (!ids.length) return;
      await db.update(quietHeldJobs).set({ releasedAt: sql`now()` }).where(inArray(quietHeldJobs.id, ids));
    },

    async pruneReleased(companyId: number): Promise<void> {
      await db
        .delete(quietHeldJobs)
        .where(and(eq(quietHeldJobs.companyId, companyId), lt(quietHeldJobs.releasedAt, sql`now() - make_interval(days => ${KEEP_RELEASED_DAYS})`)));
    },
  };
}

export type QuietJobsRepository = ReturnType<typeof createQuietJobsRepository>;

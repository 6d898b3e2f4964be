import { and, eq, gt, lte, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { jobLeases, jobWorkers } from '../db/schema';

export type JobWorkerRow = typeof jobWorkers.$inferSelect;

/** By default a worker not heard from for this long is gone (its process was killed); JOB_WORKER_STALE_SECONDS. */
export const WORKER_STALE_SECONDS = 30;

export function createJobWorkersRepository(db: Database, staleSeconds = WORKER_STALE_SECONDS) {
  const stale = () => sql`now() - make_interval(secs => ${staleSeconds})`;
  return {
    staleSeconds,
    /** Writes the worker's row, or refreshes it (its heartbeat). */
    async beat(worker: { id: string; host: string; pid: number; queues: string[] }): Promise<void> {
      await db
        .insert(jobWorkers)
        .values(worker)
        .onConflictDoUpdate({ target: jobWorkers.id, set: { lastSeenAt: sql`now()`, queues: worker.queues } });
    },
    async remove(id: string): Promise<void> {
      await db.delete(jobWorkers).where(eq(jobWorkers.id, id));
    },
    /** How many jobs of a queue run now, and how many failed for good (pg-boss's table). */
    async jobCounts(name: string): Promise<{ active: number; failed: number }> {
      const result = await db.execute<{ active: number; failed: number }>(sql`select
        count(*) filter (where state = 'active')::int as active, count(*) filter (where state = 'failed')::int as failed
        from pgboss.job where name = ${name}`);
      const row = result.rows[0];
      return { active: Number(row?.active ?? 0), failed: Number(row?.failed ?? 0) };
    },
    /** The workers heard from lately; the rows of gone ones are removed on the way. */
    async alive(): Promise<JobWorkerRow[]> {
      await db.delete(jobWorkers).where(lte(jobWorkers.lastSeenAt, stale()));
      return db.select().from(jobWorkers).where(and(gt(jobWorkers.lastSeenAt, stale())));
    },
    /** A worker starts running a job. */
    async lease(jobId: string, name: string, workerId: string): Promise<void> {
      await db.insert(jobLeases).values({ jobId, name, workerId }).onConflictDoUpdate({ target: jobLeases.jobId, set: { workerId, startedAt: sql`now()` } });
    },
    async release(jobId: string): Promise<void> {
      await db.delete(jobLeases).where(eq(jobLeases.jobId, jobId));
    },
    /**
     * Of the runs of a kind of job named by a key of their data (an import's attemptId, a print's
     * jid), those interrupted: their worker stopped beating (killed, frozen, lost its database) and
     * no worker has taken them again yet, or they wait for their next try. They resume by
     * themselves (the orphan check fails them, pg-boss tries them again). A run that has just been
     * taken (active, its lease not written yet) counts as interrupted only after 10 seconds.
     */
    async interruptedRuns(name: string, key: string, ids: readonly (string | number)[]): Promise<Set<string>> {
      if (!ids.length) return new Set();
      const result = await db.execute<{ id: string }>(sql`
        select j.data ->> ${key} as id
        from pgboss.job j
        left join ${jobLeases} l on l.job_id = j.id::text
        left join ${jobWorkers} w on w.id = l.worker_id and w.last_seen_at > ${stale()}
        where j.name = ${name} and j.data ->> ${key} = any(${sql.param(ids.map(String))}::text[])
          and (j.state = 'retry' or (j.state = 'active' and w.id is null and (l.job_id is not null or j.started_on < now() - interval '10 seconds')))`);
      return new Set(result.rows.map((row) => row.id));
    },
    /** Takes the leases whose worker is gone (removed from the table, so one process handles each). */
    async takeOrphanedLeases(): Promise<{ jobId: string; name: string }[]> {
      const alive = (await this.alive()).map((w) => w.id);
      return db
        .delete(jobLeases)
        .where(alive.length ? notInArray(jobLeases.workerId, alive) : undefined)
        .returning({ jobId: jobLeases.jobId, name: jobLeases.name });
    },
  };
}

export type JobWorkersRepository = ReturnType<typeof createJobWorkersRepository>;

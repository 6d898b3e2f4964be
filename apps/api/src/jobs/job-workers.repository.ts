import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/database';
import { jobWorkers } from '../db/schema';

export type JobWorkerRow = typeof jobWorkers.$inferSelect;

/** A worker not heard from for this long is gone (its process was killed). */
export const WORKER_STALE_SECONDS = 30;

export function createJobWorkersRepository(db: Database) {
  return {
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
      const stale = sql`now() - make_interval(secs => ${WORKER_STALE_SECONDS})`;
      await db.delete(jobWorkers).where(lte(jobWorkers.lastSeenAt, stale));
      return db.select().from(jobWorkers).where(and(gt(jobWorkers.lastSeenAt, stale)));
    },
  };
}

export type JobWorkersRepository = ReturnType<typeof createJobWorkersRepository>;

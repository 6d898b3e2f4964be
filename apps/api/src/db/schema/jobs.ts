import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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

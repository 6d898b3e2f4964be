import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import PgBoss from 'pg-boss';
import type { Database, Tx } from '../db/database';
import { rawSql, txSql } from '../db/sql-helpers';
import type { JobWorkersRepository } from './job-workers.repository';
import type { QuietJobsRepository } from './quiet-jobs.repository';

/** What a job's run sees of its job: its id, how many times it was tried before, and whether this try is its last. */
export type JobContext = { id: string; retryCount: number; lastTry: boolean };

/**
 * A kind of job. `run` must be idempotent: a job whose worker crashed (killed process, lost
 * database) runs again from the start once its lease expires, and throwing retries it
 * (retryLimit times, retryDelaySeconds apart), so it must finish what is left without doing twice
 * what is done.
 */
export type JobDefinition<T extends object> = {
  name: string;
  run(data: T, job: JobContext): Promise<void>;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How long a try may run before it counts as crashed and is tried again. */
  expireInSeconds?: number;
  /**
   * The job failed for good: its last try threw, or the worker running its last try died. Records
   * the failure where users see it (an attempt's status); the job's data says which.
   */
  onFailed?(data: T, reason: string): Promise<void>;
  /**
   * For sends to contacts on the company's behalf (campaign e-mails and texts, workflow steps): the
   * company whose quiet period (POST /v1/admin/quiet_jobs) holds the job. A job that comes due
   * while its company is quiet is not run but kept (quiet_held_jobs) and queued again when the
   * period ends. Work a user started and waits for (imports, transfers, print) leaves it out.
   */
  quietFor?(data: T): number | null;
  /**
   * Every job of the kind is sent with a singletonKey (the attempt or event it works on), and the
   * queue keeps one per key: pg-boss's stately policy, at most one waiting and one running per key,
   * so a second send while one waits is refused (null). Without it a key would be stored and
   * ignored: pg-boss 10 dedupes by key only in a queue of such a policy.
   */
  keyed?: boolean;
};

/** The job that queues a company's held sends again once its quiet period is over. */
export const QUIET_RELEASE_JOB = 'quiet-jobs-release';
/** Held sends queued again per round of the release. */
const RELEASE_BATCH = 500;

export type QueueStatus = { name: string; queued: number; active: number; failed: number };

/** Seconds between a worker's heartbeats (job_workers.last_seen_at): a third of the time after which a silent worker is gone. */
export const beatSeconds = (staleSeconds: number) => Math.max(1, Math.floor(staleSeconds / 3));

/**
 * The job queue: pg-boss on the product's own PostgreSQL (its tables in schema `pgboss`, through
 * the app's connection pool), so jobs survive restarts and any process of the product can take
 * them. Every process sends; workers run in the API process by default (`--no-worker` leaves them
 * to separate `worker` processes). Nothing about a job lives only in a process's memory.
 *
 * A worker leases each job it runs (job_leases) and beats every few seconds (job_workers). With
 * each beat it looks for leases of workers that stopped beating (a killed process) and fails
 * those jobs, so pg-boss retries them within seconds rather than after their expiry.
 */
export function createJobQueue(
  db: Database,
  workers: JobWorkersRepository,
  quiet: QuietJobsRepository,
  log: (message: string) => void,
  /** Seconds between a worker's looks for new jobs of its queue (JOB_POLL_SECONDS); a job sent by this process wakes it at once. */
  pollingIntervalSeconds = 1,
) {
  const boss = new PgBoss({
    db: rawSql(db),
    schema: 'pgboss',
  });
  boss.on('error', (error: Error) => log(`job queue: ${error.message}`));
  const definitions = new Map<string, JobDefinition<object>>();
  let started: Promise<void> | null = null;
  let worker: { id: string; beat: NodeJS.Timeout; lastBeat: number } | null = null;
  /** The pg-boss worker of each queue this process works on (to wake it when a job of its kind is sent here). */
  const localWorkers = new Map<string, string>();
  /** The job handlers running in this process: stop() waits for them before the pool they use may close. */
  const running = new Set<Promise<unknown>>();

  const ensureStarted = () => (started ??= boss.start().then(() => undefined));
  /**
   * Makes a kind's queue, once per process and one at a time: pg-boss 10 creates a table
   * partition per queue, and two creations at once fail on each other's locks.
   */
  const queues = new Map<string, Promise<void>>();
  let creating: Promise<unknown> = Promise.resolve();
  const ensureQueue = (name: string): Promise<void> => {
    let made = queues.get(name);
    if (!made) {
      made = creating.then(async () => {
        await ensureStarted();
        const policy = definitions.get(name)?.keyed ? 'stately' : 'standard';
        await boss.createQueue(name, { name, policy });
        // a queue made before its kind was keyed takes the policy too (its new jobs are deduped from then on)
        if ((await boss.getQueue(name))?.policy !== policy) await boss.updateQueue(name, { name, policy });
      });
      creating = made.catch(() => undefined);
      queues.set(name, made);
      made.catch(() => queues.delete(name));
    }
    return made;
  };

  /**
   * Inserts a job into its kind's queue. PostgreSQL refuses the insert with "no partition of
   * relation job found for row" when the queue's partition is not there for the session inserting
   * (seen once in CI right after this process made the queue): the queue is made again (a no-op
   * when it exists) and the insert tried once more; a second refusal is the caller's error.
   */
  async function enqueue(name: string, data: object, options: PgBoss.SendOptions): Promise<string | null> {
    await ensureQueue(name);
    try {
      return await boss.send(name, data, options);
    } catch (error) {
      if (!String((error as Error).message).includes('no partition of relation')) throw error;
      log(`job queue: ${name} had no partition for a new job; making the queue again`);
      queues.delete(name);
      await ensureQueue(name);
      return boss.send(name, data, options);
    }
  }

  /** Fails the jobs whose worker died mid-run: retried at once, or failed for good (onFailed) when that was their last try. */
  async function recoverOrphans(): Promise<void> {
    for (const lease of await workers.takeOrphanedLeases()) {
      const definition = definitions.get(lease.name);
      if (!definition) continue;
      await boss.fail(lease.name, lease.jobId, { message: 'The worker running this job stopped' });
      // a failure waits retryDelay before its next try; a crash is not the job's failing, so it goes again now (a keyed
      // kind's new send would be refused meanwhile: the waiting retry holds its key)
      await boss.getDb().executeSql(`update pgboss.job set start_after = now() where name = $1 and id = $2 and state = 'retry'`, [lease.name, lease.jobId]);
      const job = await boss.getJobById(lease.name, lease.jobId);
      log(`job ${lease.name} ${lease.jobId.slice(0, 8)}: its worker stopped; ${job?.state === 'failed' ? 'no tries left' : 'tried again'}`);
      if (job?.state === 'failed') await definition.onFailed?.(job.data as object, 'The worker running it stopped and no tries were left');
    }
  }

  const sendOptions = (definition: JobDefinition<object>) => ({
    retryLimit: definition.retryLimit ?? 3,
    retryDelay: definition.retryDelaySeconds ?? 5,
    retryBackoff: true,
    expireInSeconds: definition.expireInSeconds ?? 15 * 60,
  });

  /**
   * Queues a quiet company's held sends again, in batches, each under its fixed release id (a
   * repeat after a crash queues nothing twice); nothing while the company is still quiet.
   */
  async function releaseHeld(companyId: number): Promise<void> {
    for (;;) {
      const held = await quiet.releasable(companyId, RELEASE_BATCH);
      if (!held?.length) break;
      for (const job of held) {
        const definition = definitions.get(job.name);
        if (!definition) {
          log(`quiet jobs: held job ${job.name} is of a kind this process does not know; dropped`);
          continue;
        }
        await enqueue(job.name, job.data, { ...sendOptions(definition), id: job.releaseId });
        const local = localWorkers.get(job.name);
        if (local) boss.notifyWorker(local);
      }
      await quiet.markReleased(held.map((job) => job.id));
    }
    await quiet.pruneReleased(companyId);
  }

  /** A worker of this process takes a job of the kind at once rather than at its next poll (up to JOB_POLL_SECONDS later). */
  function wake(name: string): void {
    const local = localWorkers.get(name);
    if (local) boss.notifyWorker(local);
  }

  /**
   * Queues a job of a defined kind; gives its id. A `singletonKey` (for a `keyed` kind only)
   * refuses a second job with the same key while one waits: null. With `tx` the job is inserted in that transaction: it
   * exists only if the transaction commits (call `wake` after the commit to start it at once).
   */
  async function send<T extends object>(
    name: string,
    data: T,
    options: { singletonKey?: string; startAfter?: Date; tx?: Tx } = {},
  ): Promise<string | null> {
    const definition = definitions.get(name);
    if (!definition) throw new Error(`Unknown job ${name}`);
    if (Boolean(options.singletonKey) !== Boolean(definition.keyed)) throw new Error(`Job ${name} is ${definition.keyed ? '' : 'not '}keyed: ${options.singletonKey ? 'a singletonKey is not kept' : 'each send needs a singletonKey'}`);
    const jobOptions = {
      ...sendOptions(definition),
      ...(options.singletonKey && { singletonKey: options.singletonKey }),
      ...(options.startAfter && { startAfter: options.startAfter }),
    };
    if (options.tx) {
      // no second try inside a transaction: a refused insert has aborted it, and the caller's retry starts it again
      await ensureQueue(name);
      return boss.send(name, data, { ...jobOptions, db: txSql(options.tx) });
    }
    const jobId = await enqueue(name, data, jobOptions);
    if (jobId) wake(name);
    return jobId;
  }

  definitions.set(QUIET_RELEASE_JOB, {
    name: QUIET_RELEASE_JOB,
    run: async (data) => releaseHeld((data as { company_id: number }).company_id),
  } as JobDefinition<object>);

  return {
    /** Makes a kind of job known (to send and to work on). */
    define<T extends object>(definition: JobDefinition<T>): void {
      definitions.set(definition.name, definition as JobDefinition<object>);
    },

    send,
    wake,

    /** Of these runs of a kind of job (named by a key of their data), the interrupted ones: see JobWorkersRepository.interruptedRuns. */
    interrupted: (name: string, key: string, ids: readonly (string | number)[]) => workers.interruptedRuns(name, key, ids),

    /**
     * Queues the release of a company's held sends: at once (the quiet period was ended early), or
     * at the moment the period ends. A release that finds the company quiet again does nothing; the
     * new period's own release follows.
     */
    async releaseQuiet(companyId: number, at?: Date): Promise<void> {
      await send(QUIET_RELEASE_JOB, { company_id: companyId }, at ? { startAfter: at } : {});
    },

    /** Starts working on every defined kind of job in this process, and its heartbeat (job_workers). */
    async startWorkers(): Promise<void> {
      await ensureStarted();
      const names = [...definitions.keys()];
      const id = randomUUID();
      const me = { id, host: hostname(), pid: process.pid, queues: names };
      // the heartbeat first: another worker never takes this one's leases for orphans
      await workers.beat(me);
      const beat = async () => {
        await workers.beat(me);
        if (worker) worker.lastBeat = Date.now();
        await recoverOrphans();
      };
      worker = {
        id,
        lastBeat: Date.now(),
        beat: setInterval(() => void beat().catch((error: unknown) => log(`worker heartbeat: ${String(error)}`)), beatSeconds(workers.staleSeconds) * 1000),
      };
      worker.beat.unref();
      await recoverOrphans();
      for (const [name, definition] of definitions) {
        await ensureQueue(name);
        const workerId = await boss.work<object>(name, { pollingIntervalSeconds, includeMetadata: true }, (jobs) => {
          const handled = handle(jobs);
          running.add(handled);
          void handled.catch(() => undefined).finally(() => running.delete(handled));
          return handled;
        });
        localWorkers.set(name, workerId);
        async function handle(jobs: PgBoss.JobWithMetadata<object>[]): Promise<void> {
          for (const job of jobs) {
            const lastTry = job.retryCount >= job.retryLimit;
            const companyId = definition.quietFor?.(job.data) ?? null;
            // a send of a quiet company waits in quiet_held_jobs (this job ends; the release queues it again)
            if (companyId !== null && (await quiet.hold(companyId, name, job.id, job.data))) continue;
            await workers.lease(job.id, name, id);
            try {
              await definition.run(job.data, { id: job.id, retryCount: job.retryCount, lastTry });
            } catch (error) {
              if (lastTry) await definition.onFailed?.(job.data, error instanceof Error ? error.message : String(error));
              throw error;
            } finally {
              await workers.release(job.id);
            }
          }
        }
      }
      log(`Job worker ${id.slice(0, 8)} working on ${names.length ? names.join(', ') : 'no jobs yet'}`);
    },

    /**
     * This process's own job worker: `none` when it runs none (tests, `--no-worker`), `stopped` when
     * its heartbeat has not reached the database within the time after which other workers count
     * it as gone.
     */
    workerState(): 'none' | 'running' | 'stopped' {
      if (!worker) return 'none';
      return Date.now() - worker.lastBeat < workers.staleSeconds * 1000 ? 'running' : 'stopped';
    },

    /** The queues of the defined jobs: how many wait, run and failed. */
    async status(): Promise<QueueStatus[]> {
      if (!definitions.size) return [];
      await ensureStarted();
      return Promise.all(
        [...definitions.keys()].map(async (name) => {
          await ensureQueue(name);
          const [queued, counts] = await Promise.all([boss.getQueueSize(name, { before: 'active' }), workers.jobCounts(name)]);
          return { name, queued, ...counts };
        }),
      );
    },

    async stop(): Promise<void> {
      localWorkers.clear();
      if (worker) {
        clearInterval(worker.beat);
        await workers.remove(worker.id).catch(() => undefined);
        worker = null;
      }
      if (started) await boss.stop({ graceful: true, wait: true, close: false }).catch(() => undefined);
      // pg-boss's graceful stop once let a handler run on (seen in CI): it failed on the closed pool,
      // and so did pg-boss's bookkeeping after it. Wait for them, and for that bookkeeping's turn.
      await Promise.allSettled([...running]);
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;

/** What a service that starts jobs and shows their runs needs of the queue. */
export type JobRuns = Pick<JobQueue, 'send' | 'interrupted'>;

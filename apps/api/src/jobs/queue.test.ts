import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobWorkers } from '../db/schema';
import { createJobWorkersRepository } from './job-workers.repository';
import { createJobQueue } from './queue';
import { createQuietJobsRepository } from './quiet-jobs.repository';
import { eventually } from '../test/cable-client';
import { createTestApp, TestAgent, type TestApp } from '../test/test-app';

let t: TestApp;
let agent: TestAgent;
beforeAll(async () => {
  t = await createTestApp();
  agent = new TestAgent(t.app);
  await agent.signIn('agent');
});
afterAll(() => t.close());

const status = async () => {
  const res = await agent.get('/v1/contacts/workers_status');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { running: boolean; workers: number; queues: { name: string; queued: number; active: number; failed: number }[] };
};

describe('job queue and GET /v1/contacts/workers_status', () => {
  it('says no worker runs until one starts; a started worker runs the jobs and retries a failing one', async () => {
    const idle = (name: string) => ({ name, queued: 0, active: 0, failed: 0 });
    // every queue the modules define, idle (in the order the modules were wired, which is not the point)
    const before = await status();
    expect({ ...before, queues: before.queues.toSorted((a, b) => a.name.localeCompare(b.name)) }).toEqual({
      running: false,
      workers: 0,
      queues: ['account-notice', 'account-plan-renewals', 'contacts-batch-print', 'contacts-import', 'contacts-transfer', 'quiet-jobs-release', 'stripe-sandbox-webhook', 'twilio-sandbox-callback', 'webhook-process', 'webhook-sweep'].map(idle),
    });
    const words: string[] = [];
    const tries: number[] = [];
    t.ctx.jobs.define<{ word: string }>({ name: 'test-echo', run: async ({ word }) => void words.push(word) });
    t.ctx.jobs.define<{ n: number }>({
      name: 'test-flaky',
      retryDelaySeconds: 1,
      run: async (_data, job) => {
        tries.push(job.retryCount);
        if (job.retryCount === 0) throw new Error('the first try fails');
      },
    });
    // queued while no worker runs: it waits
    await t.ctx.jobs.send('test-echo', { word: 'waiting' });
    await eventually(async () => expect((await status()).queues).toContainEqual({ name: 'test-echo', queued: 1, active: 0, failed: 0 }));

    await t.ctx.jobs.startWorkers();
    const running = await status();
    expect(running).toMatchObject({ running: true, workers: 1 });
    expect(running.queues.map((q) => q.name).sort()).toEqual(['account-notice', 'account-plan-renewals', 'contacts-batch-print', 'contacts-import', 'contacts-transfer', 'quiet-jobs-release', 'stripe-sandbox-webhook', 'test-echo', 'test-flaky', 'twilio-sandbox-callback', 'webhook-process', 'webhook-sweep']);
    await eventually(() => expect(words).toEqual(['waiting']), 10_000);
    await t.ctx.jobs.send('test-echo', { word: 'hello' });
    await eventually(() => expect(words).toEqual(['waiting', 'hello']), 10_000);
    await t.ctx.jobs.send('test-flaky', { n: 1 });
    await eventually(() => expect(tries).toEqual([0, 1]), 20_000);
    // the job's function has returned; the queue marks the job done after that, in its own time
    await eventually(async () => expect((await status()).queues).toContainEqual({ name: 'test-flaky', queued: 0, active: 0, failed: 0 }), 20_000);
  }, 40_000);

  it('starts a job sent by the process that works on its queue on the wake-up, not the poll: with a worker that looks for new jobs once an hour, three sent in a row each run', async () => {
    const log: string[] = [];
    const queue = createJobQueue(t.ctx.db, createJobWorkersRepository(t.ctx.db), createQuietJobsRepository(t.ctx.db), (message) => void log.push(message), 3600);
    const words: string[] = [];
    queue.define<{ word: string }>({ name: 'test-woken', run: async ({ word }) => void words.push(word) });
    try {
      await queue.startWorkers();
      for (const word of ['one', 'two', 'three']) {
        await queue.send('test-woken', { word });
        await eventually(() => expect(words.at(-1), log.join('\n')).toBe(word), 30_000);
      }
      expect(words).toEqual(['one', 'two', 'three']);
    } finally {
      await queue.stop();
    }
  }, 120_000);

  it('a keyed kind keeps one job per key waiting: with one running, a second send of the key waits and a third is refused (null); a kind sent with a key it does not keep, or a keyed kind without one, is a programming error', async () => {
    const queue = createJobQueue(t.ctx.db, createJobWorkersRepository(t.ctx.db), createQuietJobsRepository(t.ctx.db), () => undefined, 1);
    const ran: number[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    queue.define<{ n: number }>({
      name: 'test-keyed',
      keyed: true,
      run: async ({ n }) => {
        ran.push(n);
        await held;
      },
    });
    queue.define<{ n: number }>({ name: 'test-unkeyed', run: async () => undefined });
    try {
      await queue.startWorkers();
      expect(await queue.send('test-keyed', { n: 1 }, { singletonKey: 'k1' })).toEqual(expect.any(String));
      await eventually(() => expect(ran).toEqual([1]), 30_000);
      expect(await queue.send('test-keyed', { n: 2 }, { singletonKey: 'k1' })).toEqual(expect.any(String));
      expect(await queue.send('test-keyed', { n: 3 }, { singletonKey: 'k1' })).toBeNull();
      // another key is another job
      expect(await queue.send('test-keyed', { n: 4 }, { singletonKey: 'k2' })).toEqual(expect.any(String));
      release();
      await eventually(() => expect(ran.toSorted()).toEqual([1, 2, 4]), 30_000);
      await expect(queue.send('test-keyed', { n: 5 })).rejects.toThrow('each send needs a singletonKey');
      await expect(queue.send('test-unkeyed', { n: 6 }, { singletonKey: 'x' })).rejects.toThrow('a singletonKey is not kept');
    } finally {
      release();
      await queue.stop();
    }
  }, 120_000);

  it('forgets a worker not heard from for 30 seconds (its process was killed)', async () => {
    await t.ctx.jobWorkers.beat({ id: 'ghost', host: 'elsewhere', pid: 1, queues: [] });
    expect((await t.ctx.jobWorkers.alive()).map((w) => w.id)).toContain('ghost');
    await t.ctx.db.update(jobWorkers).set({ lastSeenAt: new Date(Date.now() - 31_000) }).where(eq(jobWorkers.id, 'ghost'));
    expect((await t.ctx.jobWorkers.alive()).map((w) => w.id)).not.toContain('ghost');
    expect(await t.ctx.db.select().from(jobWorkers).where(eq(jobWorkers.id, 'ghost'))).toEqual([]);
  });

  it('runs as a process of its own (npm run worker) that shows in workers_status and leaves on SIGTERM', async () => {
    const before = (await status()).workers;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/worker.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: t.env.DATABASE_URL,
        APP_SECRET: randomBytes(32).toString('base64url'),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'crm-worker-')),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await eventually(async () => expect((await status()).workers, output).toBe(before + 1), 30_000);
      child.kill('SIGTERM');
      expect(await exited, output).toBe(0);
      expect((await status()).workers).toBe(before);
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});

describe('the API process with --no-worker', () => {
  it('serves without working on jobs: no worker of its own is heard from', async () => {
    const port = 30_000 + Math.floor(Math.random() * 20_000);
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts', '--no-worker'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
        DATABASE_URL: t.env.DATABASE_URL,
        APP_SECRET: randomBytes(32).toString('base64url'),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'crm-api-')),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await eventually(() => expect(output).toContain('CRM is running'), 30_000);
      // health says 503 while its database probe waits longer than 1.5 s (a busy machine): it serves once it says 200
      await eventually(async () => expect((await fetch(`http://127.0.0.1:${port}/v1/health`)).status).toBe(200), 30_000);
      expect(output).not.toContain('Job worker');
      const rows = await t.ctx.db.select().from(jobWorkers).where(eq(jobWorkers.pid, child.pid ?? -1));
      expect(rows).toEqual([]);
    } finally {
      child.kill('SIGTERM');
    }
  }, 60_000);
});

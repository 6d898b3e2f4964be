import { spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNAVAILABLE_BODY } from './db/unavailable';
import { HEALTH_DATABASE_FRESH_MS, HEALTH_DATABASE_WAIT_MS } from './modules/health/health.routes';
import { kill9, productProcess, sleep } from './test/product-process';

/**
 * Fault tests (issue 19): the product's own start command (main.ts with its embedded PostgreSQL, as
 * `npm start` runs it) on a data folder and ports of this file's own, hurt as production gets hurt —
 * kill -9 of the API, kill -9 of its PostgreSQL, a frozen PostgreSQL, an import killed midway —
 * and watched coming back by itself. Each case prints its times. (A renewal whose worker is killed
 * mid-charge: modules/billing/renewals.kill.test.ts.)
 */

const product = productProcess('faults');
const { dataDir, healthyAfter } = product;
const start = (args: string[] = []) => product.start(args);
const signIn = () => product.signIn();

const postmasterPid = () => Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
/** The running postmaster's pid, or null while none has written its pid file. */
const postmasterPidOrNull = () => {
  try {
    return postmasterPid();
  } catch {
    return null;
  }
};
/** Sends `name` to `pid`; a process that has exited meanwhile (a backend whose connection closed) is left. */
const signal = (pid: number, name: NodeJS.Signals) => {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
};
/**
 * Freezes PostgreSQL with SIGSTOP: the postmaster first, so that it forks no backend after its
 * children are listed (a backend forked between the listing and the postmaster's stop would keep
 * answering one pooled connection), then every child. Returns the pids it stopped.
 */
const freezePostgres = () => {
  const main = postmasterPid();
  process.kill(main, 'SIGSTOP');
  const children = spawnSync('pgrep', ['-P', String(main)], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number);
  for (const pid of children) signal(pid, 'SIGSTOP');
  return [main, ...children];
};

beforeAll(async () => {
  const healthy = await start();
  console.log(`[faults] first start (a new data folder: initdb, migrations, demo data) healthy after ${healthy} ms`);
}, 180_000);

afterAll(() => product.close(), 60_000);

describe('faults the product comes back from by itself', () => {
  it('kill -9 of the API: npm start again is healthy within 10 s, with every acknowledged write there exactly once', async () => {
    const call = await signIn();
    const run = Date.now().toString(36);
    const acknowledged: { id: number; firstName: string }[] = [];
    let n = 0;
    let killed = false;
    const writer = async () => {
      while (!killed) {
        const firstName = `W${(n += 1)}`;
        try {
          const res = await call('POST', '/v1/contacts', { first_name: firstName, last_name: `Fault${run}` }, 5_000);
          if (res.status === 200) acknowledged.push({ id: (await res.json()).data.id, firstName });
        } catch {
          return; // the socket died with the process
        }
      }
    };
    const writers = Promise.all([writer(), writer(), writer(), writer()]);
    while (acknowledged.length < 40) await sleep(20);
    killed = true;
    await kill9(product.api);
    await writers;

    const healthy = await start();
    // the time is a figure (the 10 s is for a quiet machine), not a claim this test makes
    console.log(`[faults] kill -9 of the API: started again, healthy after ${healthy} ms (10 s on a quiet machine); ${acknowledged.length} writes acknowledged before the kill`);

    const again = await signIn();
    const res = await again('PATCH', '/v1/contacts', { contacts_scope: { q: `Fault${run}`, limit: 500 } });
    expect(res.status).toBe(200);
    const rows = (await res.json()).data as { id: number; first_name: string }[];
    const byName = new Map<string, number>();
    for (const row of rows) byName.set(row.first_name, (byName.get(row.first_name) ?? 0) + 1);
    for (const { id, firstName } of acknowledged) {
      expect(rows.some((row) => row.id === id), `acknowledged ${firstName} (${id})`).toBe(true);
      expect(byName.get(firstName), firstName).toBe(1);
    }
  }, 180_000);

  it('kill -9 of the embedded PostgreSQL: health is 200 again within 15 s, nobody doing anything', async () => {
    const since = performance.now();
    const killed = postmasterPid();
    process.kill(killed, 'SIGKILL');
    // healthy again means a new postmaster answers, not the dying one
    while (postmasterPidOrNull() === killed || postmasterPidOrNull() === null) {
      if (performance.now() - since > 60_000) throw new Error(`PostgreSQL was not started again:\n${product.output().slice(-3000)}`);
      await sleep(50);
    }
    const healthy = await healthyAfter(since, 60_000);
    console.log(`[faults] kill -9 of PostgreSQL: healthy again after ${healthy} ms (15 s on a quiet machine)`);
    const call = await signIn();
    expect((await call('GET', '/v1/users/me')).status).toBe(200);
  }, 90_000);

  it('a frozen PostgreSQL (SIGSTOP): health says 503 for the database once its last answer is stale, other requests 503 at their time-out; all is well after SIGCONT', async () => {
    const call = await signIn();
    const frozen = freezePostgres();
    try {
      // health answers from the database's answer of the last HEALTH_DATABASE_FRESH_MS, then says 503:
      // the database did not answer within its wait (HEALTH_DATABASE_WAIT_MS), not that health hung on it
      let since = performance.now();
      let slowest = 0;
      // A 503 may name only the job worker first: its heartbeat, written to the same database, goes
      // stale on its own clock (on a busy machine it can before the database's answer does).
      let answer: { status: number; problems: string[] };
      for (;;) {
        const asked = performance.now();
        const res = await fetch(`${product.base()}/v1/health`, { signal: AbortSignal.timeout(60_000) });
        const body = (await res.json()) as { errors?: object };
        answer = { status: res.status, problems: Object.keys(body.errors ?? {}) };
        slowest = Math.max(slowest, performance.now() - asked);
        if (answer.problems.includes('database')) break;
        if (performance.now() - since > 60_000) throw new Error(`health did not name the database a minute after PostgreSQL froze (${answer.status} ${answer.problems})`);
      }
      const healthMs = Math.round(performance.now() - since);
      // "did not answer within 1.5 s" (its wait) or "cannot be reached" (a connection's own time-out came first)
      expect(answer.status).toBe(503);
      expect(answer.problems.filter((name) => name !== 'database' && name !== 'jobs')).toEqual([]);
      since = performance.now();
      const me = await call('GET', '/v1/users/me', undefined, 60_000);
      const meMs = Math.round(performance.now() - since);
      expect(me.status).toBe(503);
      expect(me.headers.get('retry-after')).toBe('5');
      expect(await me.json()).toEqual(UNAVAILABLE_BODY);
      // the times are figures (on a quiet machine: health within 2 s, 503 within fresh + wait, users/me at its time-out)
      console.log(
        `[faults] frozen PostgreSQL: health 503 after ${healthMs} ms (fresh ${HEALTH_DATABASE_FRESH_MS} + wait ${HEALTH_DATABASE_WAIT_MS} ms), its slowest answer ${Math.round(slowest)} ms; users/me 503 after ${meMs} ms (REQUEST_TIMEOUT_MS 4000)`,
      );
    } finally {
      for (const pid of frozen) signal(pid, 'SIGCONT');
    }
    const recovered = await healthyAfter(performance.now(), 30_000);
    console.log(`[faults] after SIGCONT: healthy after ${recovered} ms`);
    expect((await call('GET', '/v1/users/me')).status).toBe(200);
  }, 240_000);

  it('an import killed midway shows "interrupted" and then completes with every row once', async () => {
    const call = await signIn();
    const run = Date.now().toString(36);
    const rows = 20_000;
    const csv = `First Name,Last Name,Phone\n${Array.from({ length: rows }, (_, i) => `R${i},Kill${run},555${String(1_000_000 + i).slice(1)}`).join('\n')}\n`;
    const form = new FormData();
    form.append('fields', JSON.stringify(['first_name', 'last_name', 'phone']));
    form.append('tags', '[]');
    form.append('file', new Blob([csv]), `kill-${run}.csv`);
    const started = await call('POST', '/v1/contacts/leads_uploader', form, 60_000);
    expect(started.status, await started.clone().text()).toBe(200);
    const attemptId = (await started.json()).data.id as number;
    const attempt = async (as = call) => {
      const res = await as('GET', '/v1/contacts/import_attempts?page=1&limit=10&tab=mine');
      return ((await res.json()).data as { id: number; status: string; interrupted: boolean; processed_rows: number; imported_count: number }[]).find((a) => a.id === attemptId);
    };
    // killed once it is under way
    for (;;) {
      const now = await attempt();
      if (now?.status === 'completed') throw new Error('the import finished before it could be killed; give it more rows');
      if (now && now.processed_rows > 0) break;
      await sleep(50);
    }
    await kill9(product.api);

    // an API without workers: the import's worker is gone, so it says interrupted within the heartbeat window
    await start(['--no-worker']);
    const watcher = await signIn();
    const since = performance.now();
    let seen = await attempt(watcher);
    while (!seen?.interrupted && performance.now() - since < 30_000) {
      await sleep(200);
      seen = await attempt(watcher);
    }
    console.log(`[faults] killed import: says interrupted after ${Math.round(performance.now() - since)} ms (${seen?.processed_rows} of ${rows} rows read)`);
    expect(seen).toMatchObject({ status: 'processing', interrupted: true });

    // the product with its workers again: the import resumes from its checkpoint and completes
    const exited = once(product.api as ChildProcess, 'exit');
    product.api?.kill('SIGTERM');
    await exited;
    await start();
    const resumed = await signIn();
    let done = await attempt(resumed);
    const until = performance.now() + 120_000;
    while (done?.status !== 'completed' && performance.now() < until) {
      await sleep(500);
      done = await attempt(resumed);
    }
    expect(done).toMatchObject({ status: 'completed', interrupted: false, imported_count: rows });
    const count = await resumed('PATCH', '/v1/contacts', { contacts_scope: { q: `Kill${run}`, limit: 1, exact_count: true } });
    expect((await count.json()).meta.total_count).toBe(rows);
  }, 300_000);
});

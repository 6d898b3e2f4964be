import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { DEMO_PASSWORD, seedEmail } from '../db/seed';

/** A port nobody listens on now (the OS's pick). */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port: free } = server.address() as AddressInfo;
  server.close();
  return free;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** kill -9 of a child process; resolves once it has exited. */
export function kill9(child: ChildProcess | null): Promise<unknown> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  return exited;
}

/** SIGTERM (the product's own shutdown); resolves once it has exited, or after `withinMs` (then kill -9). */
export async function terminate(child: ChildProcess | null, withinMs = 20_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(withinMs)]);
  await kill9(child);
}

/** Polls `check` until it gives something other than undefined; throws with `what` (and `detail()`, say a process's output) after `withinMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, withinMs: number, everyMs = 50, detail?: () => string): Promise<T> {
  const since = performance.now();
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (performance.now() - since > withinMs) throw new Error(`${what}: not within ${withinMs} ms${detail ? `\n${detail()}` : ''}`);
    await sleep(everyMs);
  }
}

/** A signed-in browser of a product process: the session and CSRF cookies, the CSRF header on writes. */
export type Browser = (method: string, path: string, body?: unknown, timeoutMs?: number) => Promise<Response>;

/**
 * The product as `npm start` runs it (main.ts with its embedded PostgreSQL), on a data folder and
 * ports of its own, for tests that hurt real processes (kill -9, SIGSTOP) and watch them come
 * back: the API process, and `npm run worker` processes beside it. `env` adds to the environment
 * of every process started. Output of all of them is kept for failure messages.
 */
export function productProcess(name: string, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), `crm-${name}-`));
  let port = 0;
  let pgPort = 0;
  let api: ChildProcess | null = null;
  const children = new Set<ChildProcess>();
  let output = '';

  const base = () => `http://localhost:${port}`;
  const processEnv = () => ({
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    PUBLIC_URL: base(),
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    REQUEST_TIMEOUT_MS: '4000',
    JOB_WORKER_STALE_SECONDS: '3',
    ...env,
  });

  function spawnTs(entry: string, args: string[], childEnv: NodeJS.ProcessEnv = processEnv()): ChildProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    children.add(child);
    child.once('exit', () => children.delete(child));
    return child;
  }

  /** The status of GET /v1/health, or 0 when nothing answers. */
  async function health(timeoutMs = 5_000): Promise<number> {
    try {
      return (await fetch(`${base()}/v1/health`, { signal: AbortSignal.timeout(timeoutMs) })).status;
    } catch {
      return 0;
    }
  }

  /** Polls until health says 200; the milliseconds it took from `since`. */
  async function healthyAfter(since: number, withinMs: number): Promise<number> {
    while (performance.now() - since < withinMs) {
      if ((await health(2_000)) === 200) return Math.round(performance.now() - since);
      await sleep(100);
    }
    throw new Error(`not healthy within ${withinMs} ms:\n${output.slice(-3000)}`);
  }

  return {
    dataDir,
    base,
    health,
    healthyAfter,
    get port() {
      return port;
    },
    get pgPort() {
      return pgPort;
    },
    /** The API process last started. */
    get api() {
      return api;
    },
    output: () => output,

    /** Starts the API as npm start does (API, workers unless `--no-worker`, embedded PostgreSQL, demo data when empty); resolves once healthy, with the milliseconds it took. */
    async start(args: string[] = []): Promise<number> {
      if (!port) [port, pgPort] = [await freePort(), await freePort()];
      const since = performance.now();
      api = spawnTs('apps/api/src/main.ts', ['--seed-if-empty', ...args]);
      return healthyAfter(since, 120_000);
    },

    /** A job worker of its own (`npm run worker`), on the embedded PostgreSQL the API runs. */
    startWorker(): ChildProcess {
      // no DATABASE_URL at all (not even the API's empty one): the worker attaches to the API's embedded server
      const { DATABASE_URL: _none, ...workerEnv } = processEnv();
      return spawnTs('apps/api/src/worker.ts', [], workerEnv);
    },

    /** Signs `email` (default: the demo agent) in with the demo password. */
    async signIn(email = seedEmail('agent')): Promise<Browser> {
      const cookies = new Map<string, string>();
      const remember = (response: Response) => {
        for (const line of response.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const [key, value] = (pair ?? '').split('=');
          if (key) cookies.set(key.trim(), value ?? '');
        }
      };
      const call: Browser = async (method, path, body, timeoutMs = 15_000) => {
        const headers: Record<string, string> = { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
        if (method !== 'GET') headers['x-csrf-token'] = cookies.get('crm_csrf') ?? '';
        if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
        const response = await fetch(`${base()}${path}`, {
          method,
          headers,
          body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        remember(response);
        return response;
      };
      // a 503 with Retry-After (the database's connections are being replaced, say after PostgreSQL
      // restarted) is tried again, as the web app does, until it is answered
      const since = performance.now();
      for (;;) {
        await call('GET', '/v1/users/me'); // the CSRF cookie, as the app's first call gets it
        const res = await call('POST', '/v1/sessions', { email, password: DEMO_PASSWORD });
        if (res.status === 503 && res.headers.get('retry-after') && performance.now() - since < 60_000) {
          await sleep(500);
          continue;
        }
        expect(res.status, await res.clone().text()).toBe(200);
        return call;
      }
    },

    /** Stops every process it started (SIGTERM, then kill -9) and removes the data folder. */
    async close(): Promise<void> {
      // workers first: the API's embedded PostgreSQL goes with the API
      for (const child of [...children].filter((c) => c !== api)) await terminate(child);
      await terminate(api);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type ProductProcess = ReturnType<typeof productProcess>;

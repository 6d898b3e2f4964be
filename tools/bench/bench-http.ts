import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/api/src/app';
import { API_MAIN, apiNodeOptions } from '../scripts/api-runtime.mjs';
import { createContext, type AppContext } from '../../apps/api/src/context';
import { connect, type DatabaseHandle } from '../../apps/api/src/db/database';
import { envSchema, type Env } from '../../apps/api/src/env';
import { BENCH_MANAGER_EMAIL, BENCH_PASSWORD, type BenchDatabase } from './bench-db';

/**
 * The API built in this process on the bench database, listening on a free port (production
 * settings, silent). `beforeBuild` sees the database handle first (to wrap its pool's clients).
 */
export async function startBenchApi(
  bench: BenchDatabase,
  beforeBuild: (database: DatabaseHandle) => void = () => undefined,
): Promise<{ app: FastifyInstance; database: DatabaseHandle; base: string; ctx: AppContext }> {
  const env: Env = {
    ...envSchema.parse({ NODE_ENV: 'production', APP_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: bench.url }),
    APP_SECRET: randomBytes(32).toString('base64url'),
    STORAGE_DIR: 'data/bench/storage',
  };
  const database = connect(bench.url);
  beforeBuild(database);
  const ctx = createContext(env, database.db);
  const app = await buildApp(ctx, { logger: false, serveWeb: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, database, base: `http://localhost:${(app.server.address() as AddressInfo).port}`, ctx };
}

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  server.close();
  return port;
}

export type ApiProcess = {
  base: string;
  pid: number;
  /** Milliseconds from starting the process to its first healthy /v1/health answer. */
  healthyAfterMs: number;
  /** The process's resident memory now and its peak since the last resetPeak (VmRSS, VmHWM of /proc/<pid>/status), in MB. */
  memory: () => Promise<{ rss: number; peak: number }>;
  /** Starts the peak over from the memory in use now (writes 5 to /proc/<pid>/clear_refs). */
  resetPeak: () => Promise<void>;
  stop: () => Promise<void>;
};

/** How a benchmark runs the API: compiled (`node dist/api/main.js`, as npm start does) or from the sources through tsx. */
export type ApiRuntime = 'node' | 'tsx';
/** BENCH_API_RUNTIME=tsx runs the API from its TypeScript through tsx (as npm start did before the API was compiled). */
export const benchApiRuntime = (): ApiRuntime => (process.env.BENCH_API_RUNTIME === 'tsx' ? 'tsx' : 'node');

/** The command line of the API process: the compiled API (built first, tools/scripts/build-api.mjs) or tsx over the sources. */
export function apiCommand(runtime: ApiRuntime, args: string[]): string[] {
  if (runtime === 'tsx') return ['--import', 'tsx', 'apps/api/src/main.ts', ...args];
  const built = spawnSync(process.execPath, ['tools/scripts/build-api.mjs'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error('Building the API failed (node tools/scripts/build-api.mjs)');
  return [API_MAIN, ...args];
}

/**
 * The API as production runs it (`node dist/api/main.js` with its NODE_OPTIONS, or tsx over the
 * sources with BENCH_API_RUNTIME=tsx; one process, without job workers unless asked) on the bench database, on
 * a free port: a benchmark reading its memory reads the API's alone, not its own client's.
 */
export async function spawnBenchApi(
  bench: BenchDatabase,
  runtime: ApiRuntime = benchApiRuntime(),
  { workers = false, env = {} }: { workers?: boolean; /** More environment for the API (limits a benchmark lifts). */ env?: Record<string, string> } = {},
): Promise<ApiProcess> {
  const port = await freePort();
  const command = apiCommand(runtime, workers ? [] : ['--no-worker']);
  const launched = performance.now();
  const child = spawn(process.execPath, command, {
    env: {
      ...process.env,
      NODE_OPTIONS: apiNodeOptions(),
      // the production rule: both say production, or the server refuses to start
      NODE_ENV: 'production',
      APP_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATABASE_URL: bench.url,
      PORT: String(port),
      APP_SECRET: randomBytes(32).toString('base64url'),
      STORAGE_DIR: 'data/bench/storage',
      // every benchmark signs its sessions in from this one address, one after another (and the
      // sign-in storm's attempts stay counted for the next one): the limits have their own tests
      SIGN_INS_PER_IP: '1000000',
      SIGN_INS_PER_ACCOUNT: '1000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = once(child, 'exit');
  const base = `http://localhost:${port}`;
  for (let waited = 0; ; waited += 25) {
    if (child.exitCode !== null) throw new Error(`The API exited with ${child.exitCode} while starting`);
    if (waited > 60_000) throw new Error('The API did not answer /v1/health within 60 s');
    if (await fetch(`${base}/v1/health`).then((r) => r.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const healthyAfterMs = performance.now() - launched;
  const pid = child.pid as number;
  const statusField = (status: string, name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return {
    base,
    pid,
    healthyAfterMs,
    async memory() {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      return { rss: statusField(status, 'VmRSS'), peak: statusField(status, 'VmHWM') };
    },
    resetPeak: () => writeFile(`/proc/${pid}/clear_refs`, '5'),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// A browser-like HTTP client: keeps cookies, echoes the CSRF cookie on changes.
// ---------------------------------------------------------------------------------------------

export class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  /** The response as it comes (for a streamed download); cookies are kept. A FormData body goes as multipart, anything else as JSON. */
  async send(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET') headers['x-csrf-token'] = this.cookies.get('crm_csrf') ?? '';
    const form = body instanceof FormData;
    if (body !== undefined && !form) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.base}${path}`, { method, headers, body: body === undefined ? undefined : form ? body : JSON.stringify(body) });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1).trim();
      if (!value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** The headers a request of this browser carries (its cookies and the CSRF token), for a load generator. */
  headers(): Record<string, string> {
    return { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrf-token': this.cookies.get('crm_csrf') ?? '' };
  }

  async call(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const response = await this.send(method, path, body);
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : null };
  }
}

/** A Browser signed in as a bench user, the manager by default (password; the CSRF cookie comes first, as in the web app). */
export async function signedInBrowser(base: string, email: string = BENCH_MANAGER_EMAIL): Promise<Browser> {
  const browser = new Browser(base);
  await browser.call('GET', '/v1/users/me');
  const signIn = await browser.call('POST', '/v1/sessions', { email, password: BENCH_PASSWORD });
  if (signIn.status !== 200) throw new Error(`Sign-in as ${email} failed: ${signIn.status} ${JSON.stringify(signIn.json)}`);
  return browser;
}

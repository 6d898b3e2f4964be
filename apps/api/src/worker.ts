import { createContext } from './context';
import { openDatabase } from './db/database';
import { runMigrations } from './db/migrate';
import { loadEnv } from './env';

const log = (message: string) => console.log(`[crm worker] ${message}`);

/**
 * A job worker on its own (`npm run worker`): the same jobs as the API's built-in workers, for an
 * API started with `--no-worker` or to add workers. Uses DATABASE_URL, or the embedded
 * PostgreSQL the API runs. SIGTERM lets the running job finish and removes the worker's heartbeat.
 */
async function main(): Promise<void> {
  const env = loadEnv();
  const database = await openDatabase(env, log, { attach: true });
  await runMigrations(database.db);
  const ctx = createContext(env, database.db);
  let starting: Promise<void> = Promise.resolve();
  const shutdown = async (signal: string) => {
    log(`${signal}: stopping`);
    // a stop while the worker still starts waits for it: stopping pg-boss under it failed the start (exit 1)
    await starting.catch(() => undefined);
    await ctx.jobs.stop();
    await ctx.broadcaster.close();
    await database.close();
    process.exit(0);
  };
  // before the worker shows itself: a stop right after it started still finds the handlers
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  starting = ctx.jobs.startWorkers();
  await starting;
}

main().catch((error: unknown) => {
  console.error(`[crm worker] Could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

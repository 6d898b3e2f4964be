import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Env } from '../env';
import { runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedServer } from './embedded';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type DatabaseHandle = {
  db: Database;
  pool: pg.Pool;
  url: string;
  close: () => Promise<void>;
  /** The embedded server's state when this process runs one (restarting: it died and is being started again). */
  embedded?: () => 'running' | 'restarting';
};

const EMBEDDED_DATABASE = 'crm';

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL and creates the product's database.
 * `attach`: a process beside the API (a job worker) uses the embedded server the API runs, and
 * starts one only when none runs.
 */
export async function openDatabase(
  env: Env,
  log: (m: string) => void,
  options: { attach?: boolean; onGiveUp?: (error: Error) => void } = {},
): Promise<DatabaseHandle> {
  let embedded: EmbeddedServer | undefined;
  let url = env.DATABASE_URL ?? (options.attach ? runningEmbeddedUrl(env.DATA_DIR, env.EMBEDDED_PG_PORT, EMBEDDED_DATABASE) : null) ?? undefined;
  if (url && !env.DATABASE_URL) log(`Using the embedded PostgreSQL already running on 127.0.0.1:${env.EMBEDDED_PG_PORT}`);
  if (!url) {
    embedded = await startEmbeddedPostgres(env.DATA_DIR, env.EMBEDDED_PG_PORT, log, { onGiveUp: options.onGiveUp });
    await ensureDatabase(embedded.url('postgres'), EMBEDDED_DATABASE);
    url = embedded.url(EMBEDDED_DATABASE);
    log(`Embedded PostgreSQL ready on 127.0.0.1:${env.EMBEDDED_PG_PORT}`);
  }
  const handle = connect(url);
  return {
    ...handle,
    ...(embedded && { embedded: embedded.state }),
    close: async () => {
      await handle.close();
      await embedded?.stop();
    },
  };
}

export function connect(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => undefined); // a dropped idle client must not crash the process
  return { db: drizzle(pool, { schema }), pool, url, close: () => pool.end() };
}

export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

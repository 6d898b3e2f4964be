import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Env } from '../env';
import { runningEmbeddedUrl, startEmbeddedPostgres, type EmbeddedServer } from './embedded';
import { IDENTITY_CHANNEL } from './identity-changes';
import { createStatementCache } from './statement-cache';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** The handle a `db.transaction` callback gets: the same queries, on the transaction's connection. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
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
  const handle = connect(url, env);
  return {
    ...handle,
    ...(embedded && { embedded: embedded.state }),
    close: async () => {
      await handle.close();
      await embedded?.stop();
    },
  };
}

/** Connections a process keeps to PostgreSQL. */
const POOL_SIZE = 10;

/** The database time-outs a process keeps (env.ts says what each bounds), and when it prepares a statement. */
export type DatabaseLimits = Pick<Env, 'DB_CONNECT_TIMEOUT_MS' | 'DB_STATEMENT_TIMEOUT_MS' | 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS'> &
  Partial<Pick<Env, 'DB_PREPARE_AFTER_RUNS'>>;

/**
 * The pool, with every wait bounded: a connection is waited for DB_CONNECT_TIMEOUT_MS, a statement
 * runs at most DB_STATEMENT_TIMEOUT_MS (PostgreSQL cancels it), and a transaction left idle is
 * ended after DB_IDLE_IN_TRANSACTION_TIMEOUT_MS. A request that fails on one of these answers 503
 * (db/unavailable.ts), never 500. Statements that repeat are prepared (db/statement-cache.ts).
 * Tools (benchmarks, the bench generator) connect without limits and prepare nothing of their own.
 */
export function connect(url: string, limits?: DatabaseLimits): DatabaseHandle {
  const statements = limits?.DB_PREPARE_AFTER_RUNS ? createStatementCache({ runsBeforePreparing: limits.DB_PREPARE_AFTER_RUNS }) : undefined;
  const pool = new pg.Pool({
    connectionString: url,
    // a fixed-size pool (HikariCP's advice): connections made in a burst are kept, where pg-pool's
    // default closed them after 10 s idle and the next burst waited on new ones, each with a cold
    // catalog cache and none of its statements prepared (a step of simulated agents spent its first
    // five seconds on that: p95 1 s, then 20 ms)
    max: POOL_SIZE,
    min: POOL_SIZE,
    // Every connection hears the identity announcements (db/identity-changes.ts) before its first
    // statement: a connection is told of its own transaction's changes at commit.
    onConnect: async (client) => {
      await client.query(`listen ${IDENTITY_CHANNEL}`);
      statements?.attach(client);
    },
    ...(limits && {
      connectionTimeoutMillis: limits.DB_CONNECT_TIMEOUT_MS,
      statement_timeout: limits.DB_STATEMENT_TIMEOUT_MS,
      idle_in_transaction_session_timeout: limits.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    }),
  });
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

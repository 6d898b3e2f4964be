// The benchmarks' database: DATABASE_URL when set, else an embedded PostgreSQL of its own under
// ./data/bench (port 54379, or BENCH_PG_PORT), apart from the product's ./data database.
import { connect, ensureDatabase } from '../../apps/api/src/db/database';
import { startEmbeddedPostgres } from '../../apps/api/src/db/embedded';
import { runMigrations } from '../../apps/api/src/db/migrate';
import { DEMO_PASSWORD } from '../../apps/api/src/db/seed';

/** The company the generator fills and the list benchmark signs in to (Harbor brand: localhost reaches it). */
export const BENCH_COMPANY = { name: 'Bench Agency', domainName: 'bench-agency', brand: 'harbor' } as const;
/** The manager at the top of the bench downline; every bench user's password is the demo password. */
export const BENCH_MANAGER_EMAIL = 'manager@bench-agency.example';
export const BENCH_PASSWORD = DEMO_PASSWORD;

export const BENCH_DATA_DIR = 'data/bench';
const BENCH_DATABASE = 'crm_bench';

export type BenchDatabase = { url: string; embedded: boolean; close: () => Promise<void> };

export const log = (message: string) => console.log(`[bench] ${message}`);

/** Opens the bench database (starting the embedded server when there is no DATABASE_URL) and applies the migrations. */
export async function openBenchDatabase(): Promise<BenchDatabase> {
  const given = process.env.DATABASE_URL;
  let url = given;
  let stop = async () => undefined as void;
  if (!url) {
    const port = Number(process.env.BENCH_PG_PORT ?? 54379);
    const server = await startEmbeddedPostgres(BENCH_DATA_DIR, port, log);
    await ensureDatabase(server.url('postgres'), BENCH_DATABASE);
    url = server.url(BENCH_DATABASE);
    stop = server.stop;
    log(`Embedded PostgreSQL for benchmarks on 127.0.0.1:${port} (${BENCH_DATA_DIR})`);
  }
  const handle = connect(url);
  try {
    await runMigrations(handle.db);
  } finally {
    await handle.close();
  }
  return { url, embedded: !given, close: stop };
}

/** Milliseconds as text: 12.3 ms, 1.23 s, 2 min 3 s. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${ms.toFixed(1)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
}

import { readFileSync } from 'node:fs';
import pg from 'pg';

/**
 * The e2e server's own database (tools/scripts/e2e-server.mjs: the embedded PostgreSQL in
 * data/e2e-<E2E_PG_PORT>, database crm), for the one kind of test setup no route can make: a state
 * that takes the product days to reach (an event out of its 14 tries). Tests read everything else
 * through the product.
 */
export async function withE2eDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const port = Number(process.env.E2E_PG_PORT ?? 54359);
  const password = readFileSync(new URL(`../data/e2e-${port}/pg-password`, import.meta.url), 'utf8').trim();
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'crm' });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

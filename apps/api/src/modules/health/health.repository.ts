import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database';

/** Asks the database for `select 1`: `ok`, `down` (refused or failed), or `slow` (no answer within `waitMs`; the query is left to its own time-outs). */
export async function pingDatabase(db: Database, waitMs: number): Promise<'ok' | 'down' | 'slow'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'slow'>((resolve) => (timer = setTimeout(() => resolve('slow'), waitMs)));
  const ping = db.execute(sql`select 1 as ok`).then(
    (result) => (result.rows.length === 1 ? ('ok' as const) : ('down' as const)),
    () => 'down' as const,
  );
  try {
    return await Promise.race([ping, late]);
  } finally {
    clearTimeout(timer);
  }
}

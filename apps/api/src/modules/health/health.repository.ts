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

export type DatabaseState = Awaited<ReturnType<typeof pingDatabase>>;

/**
 * The database's state for /v1/health, asked at most once per `freshMs`: requests that arrive
 * while a ping is on its way share it, and an answer younger than `freshMs` is reused. A load
 * balancer or monitor polling health many times a second costs the database one `select 1` per
 * `freshMs`, and a stalled or dead database still shows within `freshMs` + `waitMs`.
 */
export function createDatabaseProbe(db: Database, { waitMs, freshMs }: { waitMs: number; freshMs: number }) {
  let last: { state: DatabaseState; at: number } | undefined;
  let inFlight: Promise<DatabaseState> | undefined;
  return (): Promise<DatabaseState> => {
    if (last && performance.now() - last.at < freshMs) return Promise.resolve(last.state);
    inFlight ??= pingDatabase(db, waitMs).then((state) => {
      last = { state, at: performance.now() };
      inFlight = undefined;
      return state;
    });
    return inFlight;
  };
}

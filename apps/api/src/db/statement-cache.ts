import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Most statements one connection keeps prepared; beyond them, statements run unprepared (parsed and planned each time). */
const PREPARED_PER_CONNECTION = 200;
/** Most statement texts whose runs are counted (least recently run forgotten first). */
const COUNTED_TEXTS = 2_000;

/**
 * Statements that run again and again are prepared on each connection under a name made from their
 * text, so that PostgreSQL parses and plans them once per connection instead of every time
 * (drizzle sends its statements unnamed). On a warm connection of the 1M-contact bench this took
 * PostgreSQL's CPU per run from 180 to 150 µs for the list's page, 240 to 210–230 µs for its count
 * and 120–140 to 50–70 µs for a contact's reach check. This is what the JDBC driver does
 * (prepareThreshold, preparedStatementCacheQueries):
 * - a text is prepared only once it has run `runsBeforePreparing` times in this process
 *   (DB_PREPARE_AFTER_RUNS), so a one-off statement (an inlined list, a migration) never takes a
 *   connection's room;
 * - a connection keeps at most PREPARED_PER_CONNECTION for as long as it lives (the pool keeps its
 *   connections: db/database.ts);
 * - PostgreSQL plans a prepared statement for its values the first five runs and keeps a generic
 *   plan only when that costs no more (plan_cache_mode auto), and plans again after a schema change.
 * Only parameterised statements given as text are named: a cursor (a Submittable), a statement that
 * already has a name and a parameterless one (transaction control, settings, DDL) go as they are.
 */
export function createStatementCache({ runsBeforePreparing, perConnection = PREPARED_PER_CONNECTION }: { runsBeforePreparing: number; perConnection?: number }) {
  const runs = new Map<string, number>(); // digest of the text → runs, in least-recently-run order
  const preparedBy = new WeakMap<object, number>(); // connection → how many it keeps prepared

  function nameFor(text: string): string | undefined {
    const digest = createHash('sha1').update(text).digest('base64url');
    const count = (runs.get(digest) ?? 0) + 1;
    runs.delete(digest);
    runs.set(digest, count);
    if (runs.size > COUNTED_TEXTS) runs.delete(runs.keys().next().value as string);
    return count >= runsBeforePreparing ? `s_${digest}` : undefined;
  }

  /**
   * Names the connection's repeated statements (wraps its `query`); call once per connection. What
   * the connection has prepared is read from pg's own record of it (connection.parsedStatements).
   */
  function attach(client: pg.ClientBase): void {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    const parsed = (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (first: unknown, ...rest: unknown[]) => {
      // query(text | config, values?, callback?): drizzle passes the values beside its config
      const valuesGiven = Array.isArray(rest[0]);
      const config = typeof first === 'string' ? { text: first } : first;
      const statement = valuesGiven && typeof config === 'object' && config !== null ? { ...config, values: rest[0] } : config;
      if (!isPlainStatement(statement)) return query(first, ...rest);
      const name = nameFor(statement.text);
      if (name === undefined) return query(first, ...rest);
      if (parsed[name] === undefined) {
        const kept = preparedBy.get(client) ?? 0;
        if (kept >= perConnection) return query(first, ...rest);
        preparedBy.set(client, kept + 1);
      }
      return query({ ...statement, name }, ...(valuesGiven ? rest.slice(1) : rest));
    };
  }

  return { attach };
}

type PlainStatement = { text: string; values: unknown[]; name?: undefined };

function isPlainStatement(config: unknown): config is PlainStatement {
  if (typeof config !== 'object' || config === null) return false;
  const c = config as { text?: unknown; values?: unknown; name?: unknown; submit?: unknown };
  return typeof c.text === 'string' && Array.isArray(c.values) && c.values.length > 0 && c.name === undefined && c.submit === undefined;
}

import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Tx } from './database';

/**
 * `column = any($1::int[])`: a list of ids as ONE array parameter. `inArray` sends one parameter per
 * id, and PostgreSQL refuses more than 65,535 parameters, so a selection of 250,000 contacts (the
 * spec's transfer maximum) must travel this way.
 */
export function anyId(column: AnyPgColumn | SQL, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param(ids)}::int[])`;
}

const dialect = new PgDialect();

/**
 * The statement time-out of long work (import, transfer and export batches, the duplicate scan):
 * requests get DB_STATEMENT_TIMEOUT_MS (seconds); long work sets this one for its own transactions,
 * explicitly, with `longWork`.
 */
export const LONG_WORK_STATEMENT_TIMEOUT = '10min';

/** `set local statement_timeout` for long work, as the first statement of its transaction. */
export const LONG_WORK_SQL = `set local statement_timeout = '${LONG_WORK_STATEMENT_TIMEOUT}'`;
export const longWork = sql.raw(LONG_WORK_SQL);

/**
 * A raw statement (with `sql.placeholder`s for its values) prepared under `name`: PostgreSQL parses
 * and plans it once per connection and reuses the plan. For hot statements whose planning costs
 * more than running them; drizzle's query builders have `.prepare(name)` for the same.
 */
export function preparedStatement<Row extends Record<string, unknown>>(db: Database, name: string, query: SQL) {
  const { text, params } = toQuery(query);
  return async (values: Record<string, unknown>): Promise<Row[]> =>
    (await db.$client.query<Row>({ name, text, values: fillPlaceholders(params, values) })).rows;
}

/**
 * Ids as the text of an int[] value ("{1,2,3}"), for a parameter that a statement reads more than
 * once: pg writes an array parameter element by element for each place it is bound (113 KB of
 * garbage for a page of 100 ids bound five times); text goes as it is.
 */
export const intArray = (ids: readonly number[]): string => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/** The app's pool as a plain `executeSql` (for libraries that run their own SQL, such as the job queue's pg-boss). */
export function rawSql(db: Database) {
  return { executeSql: (text: string, values: unknown[]) => db.$client.query(text, values) };
}

/**
 * A transaction as a plain `executeSql`: a library's statement ($1, $2, … placeholders) runs on the
 * transaction's connection, so it commits or rolls back with the caller's writes (the job queue
 * sends a job in the transaction that stores what the job works on).
 */
export function txSql(tx: Tx) {
  return {
    executeSql: (text: string, values: unknown[] = []) => {
      const pieces = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      pieces.forEach((piece, i) => chunks.push(i % 2 ? sql`${sql.param(values[Number(piece) - 1])}` : sql.raw(piece)));
      return tx.execute(sql.join(chunks));
    },
  };
}

/** A drizzle SQL as the text and parameters PostgreSQL takes (for a cursor, or a library's own client). */
export function toQuery(query: SQL): { text: string; params: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { text, params };
}

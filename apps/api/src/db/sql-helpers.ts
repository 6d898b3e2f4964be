import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `column = any($1::int[])`: a list of ids as ONE array parameter. `inArray` sends one parameter per
 * id, and PostgreSQL refuses more than 65,535 parameters, so a selection of 250,000 contacts (the
 * spec's transfer maximum) must travel this way.
 */
export function anyId(column: AnyPgColumn | SQL, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param(ids)}::int[])`;
}

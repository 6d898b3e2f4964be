import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ContactOrderField, ParsedContactsScope } from '@crm/contract';
import { contacts } from '../../db/schema';
import { duplicateGroupKey, duplicateKeys, searchFirst } from './contacts-scope.repository';

/**
 * The list order and its pages, shared by the list and the export: the order columns, the keyset
 * a page starts after, and the query of one page's ids in list order (pageIdsQuery).
 */

/**
 * The row a keyset page starts after: its sort value as text (null when empty), the value of the
 * order's second column when it has one (THEN_COLUMNS: the first name after the last name) and its id.
 */
export type Keyset = { value: string | null; then?: string | null | undefined; id: number };

/**
 * A row count (a limit, an offset) written into the statement rather than passed as a parameter:
 * with a parameter, the generic plan of a prepared statement guesses a tenth of the table and
 * looks dearer than every custom plan, so PostgreSQL planned the list's page and count anew at
 * each run (0.2 ms each); written in, the generic plan costs the same and is kept.
 */
export const rowCount = (n: number) => sql.raw(String(Math.trunc(n)));

export const ORDER_COLUMNS: Record<ContactOrderField, AnyPgColumn> = {
  last_name: contacts.lastName,
  first_name: contacts.firstName,
  created_at: contacts.createdAt,
  updated_at: contacts.updatedAt,
  city: contacts.city,
  state: contacts.state,
  zip: contacts.zip,
  date_of_birth: contacts.dateOfBirth,
};
/**
 * The order's second column, before the id: contacts of one last name are listed by first name
 * (Greta, Hans, Maria Garcia), as a person reads a list of names. Not null, like the column it follows.
 */
export const THEN_COLUMNS: Partial<Record<ContactOrderField, AnyPgColumn>> = { last_name: contacts.firstName };
/** The second column of an order as a page query selects it (`sort_then`), null when it has none. */
const thenOf = (field: ContactOrderField): SQL => {
  const column = THEN_COLUMNS[field];
  return column ? sql`${column}::text` : sql`null::text`;
};
/** Columns that may be empty sort their empty values last in both directions. */
export const NULLABLE_ORDER = new Set<ContactOrderField>(['city', 'state', 'zip', 'date_of_birth']);

/** How a keyset value (the sort value as text) is read back in SQL, per order column. */
const ORDER_CASTS: Record<ContactOrderField, 'text' | 'timestamptz' | 'date'> = {
  last_name: 'text',
  first_name: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  city: 'text',
  state: 'text',
  zip: 'text',
  date_of_birth: 'date',
};

/**
 * The list order: the column, its second column when it has one (THEN_COLUMNS), then id, so that
 * pages never overlap. The default (last_name, first_name, id) is read in order from the
 * (owner_id, last_name, first_name, id) and (company_id, last_name, first_name, id) indexes. The
 * duplicate scan orders by its keys (the group) first.
 */
function orderBy(field: ContactOrderField, order: 'asc' | 'desc', reverse = false, keys: SQL[] = []): SQL[] {
  const descending = (order === 'desc') !== reverse;
  const column = ORDER_COLUMNS[field];
  // empty values last in the list, so first when it is read from its end
  const nulls = sql.raw(reverse ? 'nulls first' : 'nulls last');
  const first = NULLABLE_ORDER.has(field)
    ? descending
      ? sql`${column} desc ${nulls}`
      : sql`${column} asc ${nulls}`
    : descending
      ? desc(column)
      : asc(column);
  const groups = keys.map((key) => (reverse ? sql`${key} desc` : sql`${key} asc`));
  const then = THEN_COLUMNS[field];
  const second = then ? [descending ? desc(then) : asc(then)] : [];
  return [...groups, first, ...second, descending ? desc(contacts.id) : asc(contacts.id)];
}

/**
 * The rows after `after` in list order, as a row comparison the order indexes answer
 * (`(last_name, id) > ($1, $2)`), never OFFSET. Empty values sort last in both directions: after a
 * row with a value come the greater (or smaller) values and then every empty one; after an empty
 * one, only empty ones with a greater (or smaller) id.
 */
function afterCondition(field: ContactOrderField, order: 'asc' | 'desc', after: Keyset): SQL {
  const column = ORDER_COLUMNS[field];
  const compare = sql.raw(order === 'desc' ? '<' : '>');
  if (after.value === null) return sql`(${column} is null and ${contacts.id} ${compare} ${after.id}::int)`;
  const then = THEN_COLUMNS[field];
  const beyond = then
    ? sql`(${column}, ${then}, ${contacts.id}) ${compare} (${after.value}::${sql.raw(ORDER_CASTS[field])}, ${after.then ?? ''}::text, ${after.id}::int)`
    : sql`(${column}, ${contacts.id}) ${compare} (${after.value}::${sql.raw(ORDER_CASTS[field])}, ${after.id}::int)`;
  return NULLABLE_ORDER.has(field) ? sql`(${beyond} or ${column} is null)` : beyond;
}

/**
 * Which page the query answers: `limit` rows from `offset`, or right after the keyset row `after`
 * (the duplicate scan pages by offset only); `reverse` reads the list from its end ("the last n").
 */
export type PageRequest = { limit: number; offset?: number; after?: Keyset | undefined; reverse?: boolean };

/** A row of the page query: the id, its sort values as text (for the next cursor) and, in the duplicate scan, its group. */
export type PageRow = { id: number; sort_value: string | null; sort_then: string | null; duplicate_group: string | null };

/** The keyset of a page's row: where the next page starts. */
export const keysetOf = (row: PageRow): Keyset => ({ value: row.sort_value, then: row.sort_then, id: Number(row.id) });

/** The ORDER BY of a page read from a set of rows (`sort_key`, `then_key`, `id`): the list order, empty values last. */
function pageOrder(scope: ParsedContactsScope, reverse: boolean, prefix = ''): SQL {
  const descending = (scope.order === 'desc') !== reverse;
  const direction = descending ? 'desc' : 'asc';
  const nulls = NULLABLE_ORDER.has(scope.order_field) ? (reverse ? ' nulls first' : ' nulls last') : '';
  const then = THEN_COLUMNS[scope.order_field] ? `${prefix}then_key ${direction}, ` : '';
  return sql.raw(`${prefix}sort_key ${direction}${nulls}, ${then}${prefix}id ${direction}`);
}

/**
 * One page of the scope in list order (or reversed, for "the last n"): ids, sort values and
 * duplicate groups. Normally one ordered query that the order indexes answer. With a
 * trigram-searchable `q`, the matches are collected first in a MATERIALIZED CTE (a bitmap scan of
 * the trigram index) and only they are sorted.
 */
export function pageIdsQuery(where: SQL, scope: ParsedContactsScope, page: PageRequest): SQL {
  const { limit, offset = 0, reverse = false } = page;
  const keys = duplicateKeys(scope);
  const after = page.after && !keys.length ? afterCondition(scope.order_field, scope.order, page.after) : undefined;
  const rows = after ? (and(where, after) as SQL) : where;
  const column = ORDER_COLUMNS[scope.order_field];
  if (keys.length || !searchFirst(scope)) {
    const order = sql.join(orderBy(scope.order_field, scope.order, reverse, keys), sql`, `);
    const group = keys.length ? duplicateGroupKey(keys) : sql`null`;
    return sql`select ${contacts.id} as id, ${column}::text as sort_value, ${thenOf(scope.order_field)} as sort_then, ${group} as duplicate_group
      from ${contacts} where ${rows} order by ${order} limit ${rowCount(limit)} offset ${rowCount(offset)}`;
  }
  // n: how many match (a page past the end answers it on a row without an id)
  const then = THEN_COLUMNS[scope.order_field] ?? sql`null::text`;
  return sql`with matches as materialized (
      select ${contacts.id} as id, ${column} as sort_key, ${then} as then_key from ${contacts} where ${rows}
    ), counted as (select count(*)::int as n from matches)
    select counted.n, page.id, page.sort_key::text as sort_value, page.then_key::text as sort_then, null as duplicate_group
    from counted left join lateral (
      select * from matches order by ${pageOrder(scope, reverse)} limit ${rowCount(limit)} offset ${rowCount(offset)}
    ) page on true
    order by ${pageOrder(scope, reverse, 'page.')}`;
}

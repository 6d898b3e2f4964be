import { eq, sql, type SQL } from 'drizzle-orm';
import { CONTACTS_COUNT_CAP, type Contact, type ParsedContactsScope } from '@crm/contract';
import type { Database } from '../../db/database';
import { longWork } from '../../db/sql-helpers';
import type { JsonText } from '../../lib/json-text';
import { contacts } from '../../db/schema';
import type { Reach } from './contact-reach';
import type { ContactRecordRepository } from './contact-record.repository';
import {
  keysetOf,
  NULLABLE_ORDER,
  ORDER_COLUMNS,
  pageIdsQuery,
  rowCount,
  THEN_COLUMNS,
  type Keyset,
  type PageRequest,
  type PageRow,
} from './contacts-page.repository';
import {
  duplicateGroupKey,
  duplicateGroupsQuery,
  duplicateKeys,
  filtersCondition,
  groupColumns,
  scopeCondition,
  searchFirst,
  type ScopeLookAhead,
  type ScopeQuery,
} from './contacts-scope.repository';

/**
 * The list and its search: a page of the scope with its count (capped, exact, or found with a
 * search-box search), the duplicate scan's pages, the ids of a selection in list order, and counts.
 */

/** How many contacts a scope matches: exact, or (capped) more than CONTACTS_COUNT_CAP. */
export type Count = { total: number; capped: boolean };

/**
 * One page of the duplicate scan with the number of contacts in it, in one statement that groups
 * the reach once: the groups (duplicateGroupsQuery) are numbered in key order with a running sum,
 * only the groups that overlap the page are joined back to their contacts (a hash join against a
 * handful of keys; see duplicatesPage for the planner settings it runs with), and only those
 * contacts are sorted, by the scope's order inside their group. A page past the end still answers
 * the total, on a row without an id.
 */
function duplicatesPageQuery(keys: SQL[], base: SQL, scope: ParsedContactsScope, limit: number, offset: number): SQL {
  const k = groupColumns(keys, 'groups');
  const g = groupColumns(keys, 'g');
  const m = groupColumns(keys, 'm');
  const direction = sql.raw(scope.order === 'desc' ? 'desc' : 'asc');
  const nulls = sql.raw(NULLABLE_ORDER.has(scope.order_field) ? ' nulls last' : '');
  return sql`with groups as materialized (${duplicateGroupsQuery(keys, base)}),
    page_groups as materialized (
      select * from (
        select groups.*, (sum(n) over (order by ${k} rows unbounded preceding) - n)::int as before from groups
      ) ranked where before < ${offset + limit} and before + n > ${offset}
    ),
    matched as (
      select ${contacts.id} as id, ${ORDER_COLUMNS[scope.order_field]} as sort_key, ${THEN_COLUMNS[scope.order_field] ?? sql`null::text`} as then_key, g.*
      from ${contacts} join page_groups g on (${sql.join(keys, sql`, `)}) = (${g})
      where ${base}
    ),
    members as (
      select m.id, m.sort_key::text as sort_value, m.then_key::text as sort_then, ${duplicateGroupKey(sql`${m}`)} as duplicate_group,
        m.before + row_number() over (partition by ${m} order by m.sort_key ${direction}${nulls}, m.then_key ${direction}, m.id ${direction}) as position
      from matched m
    )
    select total.n as total, members.id, members.sort_value, members.sort_then, members.duplicate_group
    from (select coalesce(sum(n), 0)::int as n from groups) total
    left join members on members.position > ${offset} and members.position <= ${offset + limit}
    order by members.position`;
}

/** The list's count: exact up to CONTACTS_COUNT_CAP, and CONTACTS_COUNT_CAP + 1 meaning "more". */
export function cappedCountQuery(where: SQL): SQL {
  return sql`select count(*)::int as n from (select 1 from ${contacts} where ${where} limit ${rowCount(CONTACTS_COUNT_CAP + 1)}) s`;
}

export function createContactsListRepository(
  db: Database,
  { withTrees }: ScopeLookAhead,
  { answers }: Pick<ContactRecordRepository, 'answers'>,
) {
  /**
   * A page of the duplicate scan (paged by offset only, so no next cursor) and how many contacts it
   * finds, capped like the list's count. Two planner settings for this statement only: memory for
   * hashing every key of the reach without spilling to disk, and no merge join: the planner cannot
   * know that only a few groups overlap the page, and would sort the whole reach (a million rows
   * in the 1M check) to merge-join it with them instead of hashing them.
   */
  async function duplicatesPage(
    keys: SQL[],
    reach: Reach,
    query: ScopeQuery,
  ): Promise<{ rows: JsonText<Contact[]>; total: number; capped: boolean; next: null }> {
    const { scope } = query;
    const result = await db.transaction(async (tx) => {
      await tx.execute(longWork);
      await tx.execute(sql`set local work_mem = '64MB'`);
      await tx.execute(sql`set local enable_mergejoin = off`);
      return tx.execute<PageRow & { total: number }>(
        duplicatesPageQuery(keys, filtersCondition(reach, query), scope, scope.limit, (scope.page - 1) * scope.limit),
      );
    });
    const n = Number(result.rows[0]?.total ?? 0);
    const pageRows = result.rows.filter((r) => r.id !== null);
    const rows = await answers(
      pageRows.map((r) => Number(r.id)),
      pageRows.map((r) => r.duplicate_group),
    );
    // the scan groups every contact of the reach, so its count is exact anyway
    return { rows, total: scope.exact_count ? n : Math.min(n, CONTACTS_COUNT_CAP), capped: !scope.exact_count && n > CONTACTS_COUNT_CAP, next: null };
  }

  /**
   * Runs a statement through bitmap scans of the indexes only (the trigram index of the search
   * box), never a scan of the table or an index in order. The planner cannot tell how rare a word
   * is: for one it thinks common ("john") it read the table in order, all of it when the word turns
   * out rare.
   */
  async function throughBitmaps<T extends Record<string, unknown>>(statement: SQL) {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`);
      return tx.execute<T>(statement);
    });
  }

  /** The list's count: exact up to CONTACTS_COUNT_CAP (cappedCountQuery), or exact whatever it is when the scope asks. */
  async function count(where: SQL, scope: ParsedContactsScope): Promise<Count> {
    const exact = scope.exact_count;
    const query = exact ? sql`select count(*)::int as n from ${contacts} where ${where}` : cappedCountQuery(where);
    const n = Number((await db.execute<{ n: number }>(query)).rows[0]?.n ?? 0);
    return { total: exact ? n : Math.min(n, CONTACTS_COUNT_CAP), capped: !exact && n > CONTACTS_COUNT_CAP };
  }

  /**
   * A page of a search-box search (searchFirst) and its count, in one statement: every match is
   * collected through the trigram index and counted, and the page is sorted from them
   * (pageIdsQuery), so the count is exact whatever it is. Reading the order index until a page of
   * matches turns up is no shortcut: a surname's matches sit together in surname order (800,000
   * rows in for "Smith" sorted by last name). A cursor page keeps the count of its first page; one
   * that has none (a cursor of another search) counts the whole search apart from its page.
   */
  async function searchPage(where: SQL, countWhere: SQL, scope: ParsedContactsScope, page: PageRequest, known?: Count): Promise<{ rows: PageRow[]; count: Count }> {
    const [sorted, counted] = await Promise.all([
      throughBitmaps<PageRow & { n: number }>(pageIdsQuery(where, scope, page)),
      known ?? (page.after ? count(countWhere, scope) : undefined),
    ]);
    return { rows: sorted.rows.filter((r) => r.id !== null), count: counted ?? { total: Number(sorted.rows[0]?.n ?? 0), capped: false } };
  }

  return {
    /**
     * A page of the list and its count. Counting stops at CONTACTS_COUNT_CAP + 1 rows (a count over
     * a LIMITed subquery), so a broad search over a million contacts costs at most that many index
     * entries: the answer is exact up to the cap, and `capped` says "more than the cap" beyond it.
     * The page's ids come from the ordered index first; full rows are loaded for those ids only.
     */
    async list(
      reach: Reach,
      given: ScopeQuery,
      after?: Keyset,
      known?: Count,
    ): Promise<{ rows: JsonText<Contact[]>; total: number; capped: boolean; next: Keyset | null }> {
      const query = await withTrees(reach, given);
      const { scope } = query;
      const keys = duplicateKeys(scope);
      if (keys.length) return duplicatesPage(keys, reach, query);
      const where = scopeCondition(reach, query);
      const countWhere = scopeCondition(reach, query, true);
      const page = { limit: scope.limit + 1, offset: after ? 0 : (scope.page - 1) * scope.limit, after };
      // one row more than the page tells whether a next page exists; a count the caller already
      // knows (a cursor page: the first page counted) is not counted again
      const { rows, count: counted } = searchFirst(scope)
        ? await searchPage(where, countWhere, scope, page, known)
        : await Promise.all([db.execute<PageRow>(pageIdsQuery(where, scope, page)), known ?? count(countWhere, scope)]).then(
            ([result, total]) => ({ rows: result.rows, count: total }),
          );
      const pageRows = rows.slice(0, scope.limit);
      const last = pageRows[pageRows.length - 1];
      const next = rows.length > scope.limit && last ? keysetOf(last) : null;
      return { rows: await answers(pageRows.map((r) => Number(r.id))), ...counted, next };
    },

    /** Ids of the scope's contacts in list order: the first `limit`, or with `fromEnd` the last `limit` (still in list order). */
    async matchingIds(reach: Reach, given: ScopeQuery, limit: number, fromEnd = false): Promise<number[]> {
      const query = await withTrees(reach, given);
      const result = await db.execute<PageRow>(pageIdsQuery(scopeCondition(reach, query), query.scope, { limit, reverse: fromEnd }));
      const ids = result.rows.filter((r) => r.id !== null).map((r) => Number(r.id));
      return fromEnd ? ids.reverse() : ids;
    },

    async countOwnedBy(ownerId: number): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(contacts).where(eq(contacts.ownerId, ownerId));
      return row?.n ?? 0;
    },
  };
}

import { and, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Readable } from 'node:stream';
import {
  CATEGORY_LABELS,
  contactsScope,
  EXPORT_MAX_ROWS,
  GENDER_LABELS,
  LANGUAGE_LABELS,
  POLICY_TYPE_LABELS,
  TIMEZONE_LABELS,
  type ExportColumn,
  type ParsedContactsScope,
} from '@crm/contract';
import type { Database } from '../../db/database';
import { anyId, toQuery } from '../../db/sql-helpers';
import { slicedCopy } from '../../db/sliced-copy';
import { agentflowStatuses, carriers, contactEmails, contactPhones, contacts, contactTags, policies, sources, statuses, tags, users } from '../../db/schema';
import type { Reach } from './contact-reach';
import { keysetOf, pageIdsQuery, type Keyset, type PageRow } from './contacts-page.repository';
import { duplicateKeys, reachCondition, scopeCondition, type ScopeLookAhead, type ScopeQuery } from './contacts-scope.repository';

/**
 * Exports: the rows of a selection or a scope in list order, in batches for the XLSX writer
 * (exportRows) or as CSV written by PostgreSQL (exportCsv), and how many rows an export will have.
 */

/** Rows an export reads from its cursor at a time. */
export const EXPORT_BATCH = 5_000;

/** A row of an export: its columns (EXPORT_COLUMNS) as text, lists joined with "; ", phones as digits. */
export type ExportRow = Record<ExportColumn, string | number | null>;

/**
 * A value as an export writes it for spreadsheets: text that a spreadsheet would take for a
 * formula (starting with =, +, -, @, or a tab or carriage return) gets a leading apostrophe, so
 * that opening the file never runs what a contact's name or note holds (CSV injection).
 */
export const spreadsheetSafe = (value: SQL) =>
  // the first character's code (= + - @ tab CR), not a regular expression nor left(): evaluated for 15 columns of every
  // row, a regex cost 5 s a million rows, left() (a new text each time) 80 ms a column more than ascii()
  sql`(case when ascii(${value}) in (61, 43, 45, 64, 9, 13) then '''' || ${value} else ${value} end)`;
/** A stored phone (dialing form, 11 digits) as the product shows it: 1-555-123-4567 (by substrings: regexp_replace took 10 s for 1.3M phones). */
const shownPhone = (number: SQL) =>
  sql`(case when length(${number}) = 11 then concat_ws('-', substr(${number}, 1, 1), substr(${number}, 2, 3), substr(${number}, 5, 3), substr(${number}, 8)) else ${number} end)`;

/** A constant as an SQL literal (COPY takes no parameters): the labels below are the contract's, never user input. */
const literal = (text: string) => sql.raw(`'${text.replace(/'/g, "''")}'`);

/**
 * A stored code as the screens show it, from the contract's label table (the one the UI reads):
 * `case value when 'lead' then 'Lead' ... else value end`.
 */
function labelled(value: SQL | AnyPgColumn, labels: Record<string, string>): SQL {
  const cases = Object.entries(labels).map(([code, label]) => sql`when ${literal(code)} then ${literal(label)}`);
  return sql`(case ${value}::text ${sql.join(cases, sql` `)} else ${value}::text end)`;
}

/**
 * The columns of an export (EXPORT_COLUMNS, in order) of the contacts whose ids `selected` yields
 * (an id set: `any($1)` of a batch, or a table of the whole selection), with their children joined
 * as text, each child table read once for the whole set (its contact_id index or a scan, grouped,
 * hash-joined) rather than once per contact (a sub-select per row and child: 70 s for 970,000
 * contacts). Codes are written as the screens show them (category "Lead", time zone "Mountain
 * (MST)", policy type "Final expense"; the state as the list shows it, its code), phones 1-3-3-4.
 * `guarded` (CSV): free text is spreadsheet-safe (zip and Medicare number are digits and letters by
 * their rules), so the file is ready as it leaves PostgreSQL; the XLSX writer writes its text as
 * strings, which a spreadsheet never evaluates, so it takes the text as it is. `timeZone` is an SQL
 * literal or parameter.
 */
function exportSelect(selected: (column: SQL) => SQL, timeZone: SQL, guarded: boolean): { columns: SQL; joins: SQL } {
  const grouped = (alias: string, from: SQL, value: SQL, order?: SQL) =>
    sql`left join (select x.contact_id, string_agg(${value}, '; '${order ? sql` order by ${order}` : sql``}) as v
        from ${from} where ${selected(sql`x.contact_id`)} group by x.contact_id) ${sql.raw(alias)}
      on ${sql.raw(alias)}.contact_id = ${contacts.id}`;
  // YYYY-MM-DD HH:MI in the zone, as to_char(..., 'YYYY-MM-DD HH24:MI') writes it at half its cost (0.7 s against 1.4 s a million rows)
  const stamp = (column: AnyPgColumn) => sql`left(date_trunc('minute', ${column} at time zone ${timeZone})::text, 16)`;
  const text = (value: SQL | AnyPgColumn) => (guarded ? spreadsheetSafe(sql`${value}::text`) : sql`${value}::text`);
  const columns = sql`${contacts.id} as id, ${text(contacts.firstName)} as first_name, ${text(contacts.lastName)} as last_name,
      ${labelled(contacts.category, CATEGORY_LABELS)} as category, ${text(statuses.title)} as status, ${text(agentflowStatuses.title)} as agentflow_status,
      ${text(sources.title)} as source, ${text(sql`concat_ws(' ', ${users.firstName}, ${users.lastName})`)} as owner,
      ph.v as phones, ${text(sql`em.v`)} as emails,
      ${text(contacts.address1)} as address1, ${text(contacts.address2)} as address2, ${text(contacts.city)} as city, ${contacts.state} as state,
      ${contacts.zip} as zip, ${contacts.dateOfBirth}::text as date_of_birth, ${labelled(contacts.gender, GENDER_LABELS)} as gender,
      ${labelled(contacts.language, LANGUAGE_LABELS)} as language, ${labelled(contacts.timezone, TIMEZONE_LABELS)} as timezone, ${contacts.medicareNumber} as medicare_number,
      ${contacts.partADate}::text as part_a_date, ${contacts.partBDate}::text as part_b_date,
      ${text(sql`tg.v`)} as tags, pt.v as policy_types, ${text(sql`ca.v`)} as carriers,
      ${text(contacts.note)} as note, ${stamp(contacts.createdAt)} as created_at, ${stamp(contacts.updatedAt)} as updated_at`;
  const joins = sql`join ${users} on ${users.id} = ${contacts.ownerId}
    left join ${statuses} on ${statuses.id} = ${contacts.statusId}
    left join ${agentflowStatuses} on ${agentflowStatuses.id} = ${contacts.agentflowStatusId}
    left join ${sources} on ${sources.id} = ${contacts.sourceId}
    ${grouped('ph', sql`${contactPhones} x`, shownPhone(sql`x.number`), sql`x.position, x.id`)}
    ${grouped('em', sql`${contactEmails} x`, sql`x.email::text`, sql`x.position, x.id`)}
    ${grouped('tg', sql`${contactTags} x join ${tags} t on t.id = x.tag_id`, sql`t.name::text`, sql`t.name::text`)}
    ${grouped('pt', sql`${policies} x`, sql`distinct ${labelled(sql`x.policy_type`, POLICY_TYPE_LABELS)}`)}
    ${grouped('ca', sql`${policies} x join ${carriers} c on c.id = x.carrier_id`, sql`distinct c.name`)}`;
  return { columns, joins };
}

/** An export batch's rows for the XLSX writer (text unguarded; in no particular order: the caller puts them in list order). */
function exportQuery(ids: number[], timeZone: string): SQL {
  const batch = sql`${sql.param(ids)}::int[]`;
  const { columns, joins } = exportSelect((column) => sql`${column} = any(${batch})`, sql`${timeZone}`, false);
  return sql`select ${columns} from ${contacts} ${joins} where ${contacts.id} = any(${batch})`;
}

/** Up to this many rows an export's estimate is counted (a few milliseconds); beyond, the planner's estimate. */
export const EXPORT_COUNT_CAP = 20_000;
/** Connections writing a CSV export's slices at once (the cores of the database to use). */
export const EXPORT_CONNECTIONS = 2;
/**
 * Rows of a CSV export's slices in turn, the last repeating: the first few small (answered through
 * the indexes, so the first rows leave at once), then large (each slice reads the child tables
 * once, so large slices keep that work small against the rows).
 */
export const EXPORT_SLICES: readonly number[] = [1_000, 10_000, 100_000, 250_000];
/**
 * Memory for each sort and hash of an export's statement (PostgreSQL's default, 4 MB, a query):
 * with it, the children grouped for half a million contacts and the final sort of the rows went to
 * temporary files, a second more for a million-row export (a cap, not an allocation: small exports
 * use what they need).
 */
const EXPORT_WORK_MEM = '64MB';

/** The table a CSV export's selection is put in first (temporary, dropped at commit): the ids in list order. */
const EXPORT_SELECTION_TABLE = 'export_selection';
const EXPORT_SELECTION = sql.raw(EXPORT_SELECTION_TABLE);

/**
 * The COPY of a CSV export: every contact of export_selection in its order, as CSV (no header),
 * written by PostgreSQL. COPY takes no parameters: the only value in it, the time zone, is one of
 * IANA_TIMEZONES' names, written as a quoted literal.
 */
function exportCopyQuery(timeZone: string): SQL {
  const zone = sql.raw(`'${timeZone.replace(/'/g, "''")}'`);
  const { columns, joins } = exportSelect((column) => sql`${column} in (select id from ${EXPORT_SELECTION})`, zone, true);
  return sql`copy (select ${columns} from ${EXPORT_SELECTION} s join ${contacts} on ${contacts.id} = s.id ${joins} order by s.ord) to stdout with (format csv)`;
}

/** What an export reads: the given ids within the reach (live ones), or the scope's contacts in its order. */
export type ExportTarget = { ids: number[] } | ScopeQuery;

export function createContactsExportRepository(db: Database, { withTrees }: ScopeLookAhead) {
  async function exportTarget(reach: Reach, target: ExportTarget): Promise<{ where: SQL; scope: ParsedContactsScope }> {
    if ('ids' in target) return { where: and(reachCondition(reach), anyId(contacts.id, target.ids), isNull(contacts.deletedAt)) as SQL, scope: contactsScope.parse({}) };
    const query = await withTrees(reach, target);
    return { where: scopeCondition(reach, query), scope: query.scope };
  }

  return {
    /**
     * The rows of an export (ExportRow, named as EXPORT_COLUMNS): the given ids within the reach, or
     * the scope, in list order, at most `max` (EXPORT_MAX_ROWS). Read in batches (EXPORT_BATCH)
     * the way the list pages: the next ids in list order after the last one sent (keyset, the
     * order indexes), then their rows; all in one read-only snapshot, so every batch sees the same
     * data, memory stays flat, and the first rows leave at once. Timestamps are written in `timeZone`.
     */
    async *exportRows(
      reach: Reach,
      target: { ids: number[] } | ScopeQuery,
      timeZone: string,
      { max = EXPORT_MAX_ROWS, batch = EXPORT_BATCH }: { max?: number; batch?: number } = {},
    ): AsyncGenerator<ExportRow[]> {
      const { where, scope } = await exportTarget(reach, target);
      const client = await db.$client.connect();
      const run = <T extends Record<string, unknown>>(statement: SQL) => {
        const { text, params } = toQuery(statement);
        return client.query<T>(text, params);
      };
      try {
        await client.query('begin isolation level repeatable read read only');
        let after: Keyset | undefined;
        for (let sent = 0; sent < max; ) {
          const limit = Math.min(batch, max - sent);
          // the duplicate scan pages by offset only (its groups come first in its order)
          const request = duplicateKeys(scope).length ? { limit, offset: sent } : { limit, after };
          const page = (await run<PageRow>(pageIdsQuery(where, scope, request))).rows.filter((r) => r.id !== null);
          if (!page.length) break;
          const ids = page.map((r) => Number(r.id));
          const byId = new Map((await run<ExportRow>(exportQuery(ids, timeZone))).rows.map((row) => [Number(row.id), row]));
          yield ids.flatMap((id) => byId.get(id) ?? []);
          sent += page.length;
          const last = page[page.length - 1] as PageRow;
          after = keysetOf(last);
          if (page.length < limit) break;
        }
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },

    /**
     * A CSV export written by PostgreSQL (COPY ... TO STDOUT, CSV without its header): the given
     * ids within the reach, or the scope, in list order, at most `max`. The list is cut into
     * slices in list order (slicedCopy): the next ids by keyset into a temporary table, then one
     * statement joins every child table for them and streams the rows, so Node only passes bytes on
     * (memory stays flat whatever the size). The first slices are small, so rows leave within a
     * moment of the request; `connections` connections write slices at once under one snapshot (two
     * cores of the database at work). Slices cost each child
     * table one read a slice: about a tenth more work than two halves for a million rows, against a
     * first row after 0.2 s instead of 18 s (npm run bench:export). The duplicate scan
     * cannot be paged by keyset: it is one slice. Nothing is read until the stream is; destroying it
     * (a download stopped half way) ends every connection's work.
     */
    async exportCsv(
      reach: Reach,
      target: { ids: number[] } | ScopeQuery,
      timeZone: string,
      { max = EXPORT_MAX_ROWS, connections = EXPORT_CONNECTIONS, sizes = EXPORT_SLICES }: { max?: number; connections?: number; sizes?: readonly number[] } = {},
    ): Promise<Readable> {
      const { where, scope } = await exportTarget(reach, target);
      const keyset = !duplicateKeys(scope).length;
      return slicedCopy({
        pool: db.$client,
        page: (limit, after) => pageIdsQuery(where, scope, keyset ? { limit, after } : { limit, offset: 0 }),
        keyset,
        table: EXPORT_SELECTION_TABLE,
        copy: toQuery(exportCopyQuery(timeZone)).text,
        max,
        sizes,
        connections,
        workMem: EXPORT_WORK_MEM,
      });
    },

    /**
     * About how many rows an export of this target writes, at once (for the download's progress):
     * the ids given; for a scope, its rows counted up to EXPORT_COUNT_CAP (an index scan of at most
     * that many, a few milliseconds), beyond it the planner's estimate (EXPLAIN, nothing counted);
     * at most `max`.
     */
    async exportEstimate(reach: Reach, target: { ids: number[] } | ScopeQuery, max = EXPORT_MAX_ROWS): Promise<number> {
      if ('ids' in target) return Math.min(target.ids.length, max);
      const { where } = await exportTarget(reach, target);
      const counted = await db.execute<{ n: number }>(sql`select count(*)::int as n from (select 1 from ${contacts} where ${where} limit ${EXPORT_COUNT_CAP + 1}) s`);
      const n = Number(counted.rows[0]?.n ?? 0);
      if (n <= EXPORT_COUNT_CAP) return Math.min(n, max);
      const { text, params } = toQuery(sql`explain (format json) select 1 from ${contacts} where ${where}`);
      const plan = (await db.$client.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(text, params)).rows[0]?.['QUERY PLAN'][0]?.Plan;
      return Math.min(Math.max(Math.round(plan?.['Plan Rows'] ?? 0), n), max);
    },
  };
}

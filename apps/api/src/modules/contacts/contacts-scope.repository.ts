import { and, eq, inArray, isNotNull, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { DUPLICATE_OPTIONS, type ContactSearchCondition, type DuplicateOption, type ParsedContactsScope } from '@crm/contract';
import { dialingNumber } from '@crm/util';
import type { Database } from '../../db/database';
import { anyId, preparedStatement } from '../../db/sql-helpers';
import { contactCities, contactEmails, contactPhones, contacts, contactTags, policies, users } from '../../db/schema';
import type { Reach } from './contact-reach';

/**
 * Which contacts a caller may see and a scope matches, as SQL on contacts, shared by the list, the
 * export, the bulk writes and the modules that filter by reach (import, transfers, dashboard, tags,
 * products): the reach (own, downline, company), the search text and the search box, the filters
 * and advanced-search conditions with their column maps, the duplicate scan's keys, and what the
 * list looks up ahead of its statement (createScopeLookAhead).
 */

/**
 * Where the list's scope comes from, with the caller's IANA time zone (for date filters on
 * timestamps), and optionally the owner trees computed ahead (see OwnerTrees).
 */
export type ScopeQuery = { scope: ParsedContactsScope; timeZone: string; trees?: OwnerTrees | undefined; few?: FewContacts | undefined };

/**
 * How the list reads a tag, policy type or carrier filter, by how many rows of the child table
 * (contact_tags, policies) match it, looked up ahead like the owner trees. The planner cannot tell
 * from an EXISTS how rare a value is and guesses the order of work wrongly either way:
 * - few (FEW_CONTACTS rows at most: the contact ids): the page and the count read them by id
 *   (`id = any($1::int[])`). An EXISTS walked 7,370 rows of a 970,000-contact reach for the 2,781
 *   contacts with an "other" policy (38 ms), where reading them by id takes 5.
 * - 'some' (SOME_CONTACTS rows at most): the page walks the order index checking each row (an
 *   EXISTS: a page of matches turns up within a few thousand rows), the capped count starts from
 *   the matching rows (`id = any(array(<their contact ids>))`, stopping at 1,001 contacts): 7 ms for
 *   8,500 hospital indemnity contacts, where the EXISTS count walked 115,000 contacts (34 ms).
 * - many (absent): an EXISTS for both; 1,001 matches turn up soon in any order.
 */
export type ChildFilterSize = number[] | 'some' | undefined;
export type FewContacts = { tags?: ChildFilterSize; policyTypes?: ChildFilterSize; carriers?: ChildFilterSize };

/**
 * The user ids of the downline trees a scope names, computed in a query of their own before the
 * contacts are: `reach` for a downline reach, `owners` for owner_ids with all_downline. Given as one
 * array parameter (`owner_id = any($1::int[])`) the planner knows how many owners there are and
 * estimates the rows well; written as a sub-query (`any(array(<tree>))`) it guessed 174k of a
 * 970k-contact downline and built bitmaps of the whole reach (a search's count: 373 ms against
 * 123 ms). Without them the trees are sub-queries of the statement (single-statement writers).
 */
export type OwnerTrees = { reach?: number[] | undefined; owners?: number[] | undefined };

/**
 * Text as the search compares it (`search_fold`, migrations 0020 and 0038): lower case, without
 * accents (unaccent: Martínez → martinez, Łukasz → lukasz, Nguyễn → nguyen), without apostrophes
 * (O'Brien → obrien) and without hyphens (Ji-woo → jiwoo). Both the stored search text and the words searched for go through it.
 */
const searchFold = (text: SQL | AnyPgColumn | string) => sql`search_fold(${text})`;

/**
 * The search text of a contact, in one place: the folded first and last name, e-mails and phone
 * digits (dialing form, so "5551234567" and "1-555-123-4567" both find "15551234567"), each list
 * space-separated in position order. SEARCH_TEXT_SQL reads the lists from the child tables (after
 * every write: `update contacts set search_text = <this> where ...`); the import gives them as it
 * inserts.
 */
export function searchTextSql(firstName: SQL | AnyPgColumn, lastName: SQL | AnyPgColumn, emails: SQL, phones: SQL): SQL {
  return searchFold(sql`concat_ws(' ', ${firstName}, ${lastName}, ${emails}, ${phones})`);
}

export const SEARCH_TEXT_SQL = searchTextSql(
  contacts.firstName,
  contacts.lastName,
  sql`(select string_agg(e.email::text, ' ' order by e.position, e.id) from ${contactEmails} e where e.contact_id = ${contacts.id})`,
  sql`(select string_agg(p.number, ' ' order by p.position, p.id) from ${contactPhones} p where p.contact_id = ${contacts.id})`,
);

/** `100%_sure` → `100\%\_sure`: the text is matched literally inside LIKE's wildcards. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Everyone at or below these users in the upline tree (the users themselves included), within the company. */
function treeBelow(rootIds: SQL, companyId: number | SQL): SQL {
  return sql`with recursive tree(id) as (
    select u.id from ${users} u where u.id = any(${rootIds}) and u.company_id = ${companyId}
    union
    select u.id from ${users} u join tree t on u.upline_id = t.id where u.company_id = ${companyId}
  ) select id from tree`;
}

/**
 * `owner_id = any(array(<tree>))`: the tree is computed once (an InitPlan) and each row is checked
 * against the array. Written as `owner_id in (<tree>)` PostgreSQL makes it a hash join, whose output
 * is unordered, and then sorts the whole reach: 670 ms for a deep page of a 1M-row downline, against
 * 14 ms for the ordered index walk this form allows.
 */
function ownedWithin(tree: SQL): SQL {
  return sql`${contacts.ownerId} = any(array(${tree}))`;
}

const idList = (ids: readonly number[]) => sql`${sql.param(ids)}::int[]`;

/**
 * The reach as SQL on contacts. Company reach: the company. Downline: the company, and owners in
 * the tree below the user. Own: the owner (a contact always belongs to its owner's company), so
 * that the owner's indexes answer alone.
 */
export function reachCondition(reach: Reach, downline?: readonly number[]): SQL {
  if (reach.kind === 'own') return eq(contacts.ownerId, reach.userId);
  const company = eq(contacts.companyId, reach.companyId);
  if (reach.kind === 'company') return company;
  const owned = downline ? anyId(contacts.ownerId, downline) : ownedWithin(treeBelow(idList([reach.userId]), reach.companyId));
  return and(company, owned) as SQL;
}

/**
 * A user (a column holding a user id: who made an import or a transfer, an owner to be) the reach
 * covers: the reach's user (own), anyone below them (downline), anyone (company; the caller checks
 * the company on its own table).
 */
export function userInReach(reach: Reach, userColumn: AnyPgColumn | SQL): SQL {
  if (reach.kind === 'own') return sql`${userColumn} = ${reach.userId}`;
  if (reach.kind === 'company') return sql`true`;
  return sql`${userColumn} in (${treeBelow(idList([reach.userId]), reach.companyId)})`;
}

/** Text columns of the advanced search; FOLDED_COLUMNS match without regard to accents (textCondition). */
const TEXT_COLUMNS = {
  first_name: contacts.firstName,
  last_name: contacts.lastName,
  address1: contacts.address1,
  city: contacts.city,
  zip: contacts.zip,
  medicare_number: contacts.medicareNumber,
  note: contacts.note,
} as const;
const FOLDED_COLUMNS = new Set<string>(['first_name', 'last_name', 'address1', 'city', 'note']);
const CHOICE_COLUMNS = {
  state: contacts.state,
  category: contacts.category,
  gender: contacts.gender,
  language: contacts.language,
  timezone: contacts.timezone,
} as const;
const ID_COLUMNS = {
  status_id: contacts.statusId,
  agentflow_status_id: contacts.agentflowStatusId,
  source_id: contacts.sourceId,
  owner_id: contacts.ownerId,
} as const;
const DATE_COLUMNS = { date_of_birth: contacts.dateOfBirth, part_a_date: contacts.partADate, part_b_date: contacts.partBDate } as const;
const TIME_COLUMNS = { created_at: contacts.createdAt, updated_at: contacts.updatedAt } as const;

/**
 * A text operator on a column (or expression); `not_*` and `blank` count a missing value as empty.
 * Case never matters; with `fold` (text people write: names, addresses, cities, notes) accents and
 * apostrophes do not either (searchFold), while codes and e-mail addresses are matched as typed.
 */
function textCondition(column: AnyPgColumn | SQL, operator: string, value: string, fold = false): SQL {
  const like = (subject: AnyPgColumn | SQL, pattern: string, negated = false) => {
    const not = sql.raw(negated ? 'not ' : '');
    return fold ? sql`${searchFold(subject)} ${not}like ${searchFold(pattern)}` : sql`${subject} ${not}ilike ${pattern}`;
  };
  const same = fold ? searchFold : (text: AnyPgColumn | SQL | string) => sql`lower(${text})`;
  switch (operator) {
    case 'contains':
      return like(column, `%${likeEscape(value)}%`);
    case 'not_contains':
      return like(sql`coalesce(${column}, '')`, `%${likeEscape(value)}%`, true);
    case 'eq':
      return sql`${same(column)} = ${same(value)}`;
    case 'not_eq':
      return sql`coalesce(${same(column)}, '') <> ${same(value)}`;
    case 'starts_with':
      return like(column, `${likeEscape(value)}%`);
    case 'ends_with':
      return like(column, `%${likeEscape(value)}`);
    case 'blank':
      return sql`coalesce(${column}::text, '') = ''`;
    case 'present':
      return sql`coalesce(${column}::text, '') <> ''`;
    default:
      throw new Error(`Unknown text operator ${operator}`);
  }
}

function emailCondition(operator: string, value: string): SQL {
  const any = (condition?: SQL) =>
    sql`exists (select 1 from ${contactEmails} e where e.contact_id = ${contacts.id}${condition ? sql` and ${condition}` : sql``})`;
  const email = sql`e.email`;
  switch (operator) {
    case 'blank':
      return sql`not ${any()}`;
    case 'present':
      return any();
    case 'not_contains':
      return sql`not ${any(textCondition(email, 'contains', value))}`;
    case 'not_eq':
      return sql`not ${any(textCondition(email, 'eq', value))}`;
    default:
      return any(textCondition(email, operator, value));
  }
}

function phoneCondition(operator: string, digits: string): SQL {
  const any = (condition?: SQL) =>
    sql`exists (select 1 from ${contactPhones} p where p.contact_id = ${contacts.id}${condition ? sql` and ${condition}` : sql``})`;
  switch (operator) {
    case 'blank':
      return sql`not ${any()}`;
    case 'present':
      return any();
    case 'eq':
      return any(sql`p.number = ${dialingNumber(digits)}`);
    default:
      return any(sql`p.number like ${`%${digits}%`}`);
  }
}

function dateCondition(expression: AnyPgColumn | SQL, operator: string, values: string[]): SQL {
  const [first = '', second = ''] = values;
  switch (operator) {
    case 'blank':
      return sql`${expression} is null`;
    case 'present':
      return sql`${expression} is not null`;
    case 'on':
      return sql`${expression} = ${first}::date`;
    case 'before':
      return sql`${expression} < ${first}::date`;
    case 'after':
      return sql`${expression} > ${first}::date`;
    case 'between':
      return sql`${expression} between least(${first}::date, ${second}::date) and greatest(${first}::date, ${second}::date)`;
    default:
      throw new Error(`Unknown date operator ${operator}`);
  }
}

/**
 * A date operator on a timestamp column, the dates being days in `timeZone`: as a range of the
 * column itself (`col >= <start of day> and col < <start of next day>`), which its index answers,
 * never `(col at time zone tz)::date`, which no index does (a one-month count took 255 ms that way
 * and 14 ms this way on 1M contacts). Same rows: a day in the zone is exactly that half-open range.
 */
function timeCondition(column: AnyPgColumn, operator: string, values: string[], timeZone: string): SQL {
  const [first = '', second = ''] = values;
  const dayStart = (day: SQL) => sql`(${day})::timestamp at time zone ${timeZone}`;
  const from = (day: SQL) => sql`${column} >= ${dayStart(day)}`;
  const until = (day: SQL) => sql`${column} < ${dayStart(sql`${day} + 1`)}`;
  switch (operator) {
    case 'blank':
      return sql`${column} is null`;
    case 'present':
      return sql`${column} is not null`;
    case 'on':
      return sql`${from(sql`${first}::date`)} and ${until(sql`${first}::date`)}`;
    case 'before':
      return sql`${column} < ${dayStart(sql`${first}::date`)}`;
    case 'after':
      return from(sql`${first}::date + 1`);
    case 'between':
      return sql`${from(sql`least(${first}::date, ${second}::date)`)} and ${until(sql`greatest(${first}::date, ${second}::date)`)}`;
    default:
      throw new Error(`Unknown date operator ${operator}`);
  }
}

function listCondition(column: AnyPgColumn, operator: string, values: (string | number)[]): SQL {
  switch (operator) {
    case 'blank':
      return isNull(column);
    case 'present':
      return isNotNull(column);
    case 'in':
      return inArray(column, values);
    case 'not_in':
      return or(isNull(column), notInArray(column, values)) as SQL;
    default:
      throw new Error(`Unknown list operator ${operator}`);
  }
}

/** One advanced-search condition (already checked by the contract) as SQL. */
/** City operators answered through contact_cities (cityCondition). */
const CITY_LOOKUP_OPERATORS = new Set(['contains', 'starts_with', 'ends_with']);

/**
 * A city search (contains, starts with, ends with): the company's city names that match, from
 * contact_cities, then the contacts of those cities, which the (company_id, city) index reads in
 * order and the count stops early on. Same rows as the ILIKE on every contact's city, which read
 * the trigram index of the city column in full (23 ms for "ville" on 1M contacts, whose matching
 * cities hold 97,000 of them).
 */
function cityCondition(operator: string, value: string, companyId: number): SQL {
  const names = sql`select cc.city from ${contactCities} cc where cc.company_id = ${companyId} and ${textCondition(sql`cc.city`, operator, value, true)}`;
  return sql`${contacts.city} = any(array(${names}))`;
}

function searchCondition(condition: ContactSearchCondition, timeZone: string, companyId: number): SQL {
  const { field, operator, values } = condition;
  const value = values[0] ?? '';
  if (field === 'city' && CITY_LOOKUP_OPERATORS.has(operator)) return cityCondition(operator, value, companyId);
  if (field === 'email') return emailCondition(operator, value);
  if (field === 'phone') return phoneCondition(operator, value);
  if (field in TEXT_COLUMNS) return textCondition(TEXT_COLUMNS[field as keyof typeof TEXT_COLUMNS], operator, value, FOLDED_COLUMNS.has(field));
  if (field in CHOICE_COLUMNS) return listCondition(CHOICE_COLUMNS[field as keyof typeof CHOICE_COLUMNS], operator, values);
  if (field in ID_COLUMNS) return listCondition(ID_COLUMNS[field as keyof typeof ID_COLUMNS], operator, values.map(Number));
  if (field in DATE_COLUMNS) return dateCondition(DATE_COLUMNS[field as keyof typeof DATE_COLUMNS], operator, values);
  if (field in TIME_COLUMNS) return timeCondition(TIME_COLUMNS[field as keyof typeof TIME_COLUMNS], operator, values, timeZone);
  throw new Error(`Unknown search field ${field}`);
}

const PHONE_LIKE = /^[\d\s()+.-]+$/;
/** Apostrophes and hyphens, which the search ignores (search_fold drops the same ones from the search text). */
const IGNORED = /['’‘ʼ\-‐‑]/g;

/**
 * The words of the search box as they are matched: a query made only of phone characters
 * ("(555) 123-4567", "1-555-123", "5551234567") is one phone number, its digits; otherwise every
 * word (phone-like words as digits), apostrophes and hyphens left out ("O'Brien" is "OBrien",
 * "Ji-woo" is "Jiwoo", and a lone "'" or "-" no word at all).
 */
function searchWords(q: string): string[] {
  const text = q.replace(IGNORED, '').trim();
  if (!text) return [];
  if (PHONE_LIKE.test(text) && /\d/.test(text)) return [text.replace(/\D/g, '')];
  return text
    .split(/\s+/)
    .map((w) => w.replace(/^[,;]+|[,;]+$/g, ''))
    .filter(Boolean)
    .map((w) => (PHONE_LIKE.test(w) && /\d/.test(w) ? w.replace(/\D/g, '') : w));
}

/**
 * One word of the search box: it must occur in the search text, a LIKE '%word%' the trigram index
 * answers. An e-mail address is looked up in the index by the part before the '@' when that has 3 or
 * more characters, and the whole word is checked on the rows found (strpos, the search text being
 * folded): the domain's trigrams ("gmail.com") are on most rows, and the index read most of its
 * pages for them (203 ms against 15 ms for one address on 1M contacts). Same rows either way.
 * The search text is folded (lower case, no accents), so the word is folded once and matched with
 * LIKE: ILIKE lower-cases every row it checks (the 37,000 rows of "smith" took 145 ms with it, 75
 * ms without).
 */
function wordCondition(word: string): SQL {
  const at = word.indexOf('@');
  const contains = (text: string) => sql`${contacts.searchText} like ${searchFold(`%${likeEscape(text)}%`)}`;
  if (at < 3) return contains(word);
  return sql`${contains(word.slice(0, at))} and strpos(${contacts.searchText}, ${searchFold(word)}) > 0`;
}

/** The search box: every word must occur in the search text (names, e-mails, phone digits). */
function quickSearch(q: string): SQL | undefined {
  const words = searchWords(q);
  if (!words.length) return undefined;
  return and(...words.map(wordCondition));
}

/**
 * Whether the search box has a word of 3 or more characters, which the trigram index can look up.
 * Then the matches are found first and only they are sorted (see pageIds): the planner cannot
 * estimate how rare a word is, and walking the ordered index while filtering for a rare name
 * read 780,000 rows for one page in the 1M-row check.
 */
export function searchFirst(scope: ParsedContactsScope): boolean {
  return Boolean(scope.q && searchWords(scope.q).some((w) => w.length >= 3));
}

/** Most rows of a tag, policy type or carrier filter that the list reads by id; and that its count starts from (FewContacts). */
export const FEW_CONTACTS = 5_000;
export const SOME_CONTACTS = 20_000;

/** Contacts with a tag of these: an EXISTS on the (tag_id, contact_id) index. */
function hasTag(tagIds: number[]): SQL {
  return sql`exists (select 1 from ${contactTags} ct where ${anyId(sql`ct.tag_id`, tagIds)} and ct.contact_id = ${contacts.id})`;
}

/** Policies (`p`) of these types. */
const policyTypeIn = (types: string[]) => sql`p.policy_type = any(${sql.param(types)}::text[])`;
/** The contact ids of the rows of contact_tags with these tags, of policies matching `condition` (on `p`). */
const tagRows = (tagIds: number[]) => sql`select ct.contact_id from ${contactTags} ct where ${anyId(sql`ct.tag_id`, tagIds)}`;
const policyRows = (condition: SQL) => sql`select p.contact_id from ${policies} p where ${condition}`;

/** Contacts with a policy matching `condition` (on `p`): an EXISTS on the (policy_type | carrier_id, contact_id) indexes. */
function hasPolicy(condition: SQL): SQL {
  return sql`exists (select 1 from ${policies} p where ${condition} and p.contact_id = ${contacts.id})`;
}

/**
 * The values the duplicate scan compares, as expressions on contacts: names ignoring case and
 * surrounding spaces; the address as its first line (likewise) and the 5-digit zip; the first
 * phone (dialing form) and the first e-mail (ignoring case), each the contact's first in its list
 * (the one the list shows: one key a contact, so that a contact is in one group). In the "C"
 * collation: groups are compared and ordered byte-wise, the same on every server whatever its locale.
 */
const DUPLICATE_KEYS: Record<DuplicateOption, readonly SQL[]> = {
  first_name: [sql`lower(trim(${contacts.firstName})) collate "C"`],
  last_name: [sql`lower(trim(${contacts.lastName})) collate "C"`],
  address: [sql`lower(trim(${contacts.address1})) collate "C"`, sql`left(trim(${contacts.zip}), 5) collate "C"`],
  phone: [sql`(select p.number from ${contactPhones} p where p.contact_id = ${contacts.id} order by p.position, p.id limit 1) collate "C"`],
  email: [sql`(select lower(e.email::text) from ${contactEmails} e where e.contact_id = ${contacts.id} order by e.position, e.id limit 1) collate "C"`],
};

/** The key expressions of the scope's duplicate scan, none when it is off. */
export function duplicateKeys(scope: ParsedContactsScope): SQL[] {
  const options = scope.duplicates;
  if (!options) return [];
  return DUPLICATE_OPTIONS.filter((key) => options[key]).flatMap((key) => [...DUPLICATE_KEYS[key]]);
}

/**
 * The duplicate groups of `base` (the scope without its scan): the key values at least two contacts
 * share, one row per group with its size `n`, the keys named k0, k1, ... One hash aggregate over the
 * reach: GROUP BY the keys HAVING count(*) > 1. Blank values never group: groups with an empty or
 * NULL key are dropped after grouping, once per group. Computing the keys is the costly part of the
 * scan and PostgreSQL would compute them a second time for a WHERE (or a HAVING on the keys, which
 * it moves into the WHERE), hence the OFFSET 0 that keeps the filter outside.
 */
export function duplicateGroupsQuery(keys: SQL[], base: SQL): SQL {
  const named = sql.join(
    keys.map((key, i) => sql`${key} as ${sql.raw(`k${i}`)}`),
    sql`, `,
  );
  const present = sql.raw(keys.map((_, i) => `grouped.k${i} <> ''`).join(' and '));
  const positions = sql.raw(keys.map((_, i) => i + 1).join(', '));
  const grouped = sql`select ${named}, count(*)::int as n from ${contacts} where ${base} group by ${positions} having count(*) > 1 offset 0`;
  return sql`select * from (${grouped}) grouped where ${present}`;
}

export const groupColumns = (keys: SQL[], alias: string) => sql.raw(keys.map((_, i) => `${alias}.k${i}`).join(', '));

/** The duplicate scan as a condition (for selections and bulk actions): the contact's keys are those of a group. */
function duplicatesCondition(keys: SQL[], base: SQL): SQL {
  return sql`(${sql.join(keys, sql`, `)}) in (select ${groupColumns(keys, 'g')} from (${duplicateGroupsQuery(keys, base)}) g)`;
}

/** The duplicate group as the API shows it: the compared values as a JSON array, e.g. ["mary", "smith"]. */
export function duplicateGroupKey(values: SQL[] | SQL): SQL {
  return sql`json_build_array(${Array.isArray(values) ? sql.join(values, sql`, `) : values})::text`;
}

/** The whole scope as one WHERE: reach, live or trash, category, search box, filters, search conditions and the duplicate scan. */
export function scopeCondition(reach: Reach, query: ScopeQuery, counting = false): SQL {
  const keys = duplicateKeys(query.scope);
  const base = filtersCondition(reach, query, counting);
  return keys.length ? (and(base, duplicatesCondition(keys, base)) as SQL) : base;
}

/** The scope without its duplicate scan; `counting`: as the capped count reads it (FewContacts). */
export function filtersCondition(reach: Reach, { scope, timeZone, trees, few }: ScopeQuery, counting = false): SQL {
  const parts: (SQL | undefined)[] = [reachCondition(reach, trees?.reach), scope.trashed ? isNotNull(contacts.deletedAt) : isNull(contacts.deletedAt)];
  if (scope.category !== 'all') parts.push(eq(contacts.category, scope.category));
  if (scope.q) parts.push(quickSearch(scope.q));
  if (scope.owner_ids?.length) {
    parts.push(
      !scope.all_downline
        ? inArray(contacts.ownerId, scope.owner_ids)
        : trees?.owners
          ? anyId(contacts.ownerId, trees.owners)
          : ownedWithin(treeBelow(idList(scope.owner_ids), reach.companyId)),
    );
  }
  if (scope.status_ids?.length) parts.push(inArray(contacts.statusId, scope.status_ids));
  if (scope.source_ids?.length) parts.push(inArray(contacts.sourceId, scope.source_ids));
  if (scope.agentflow_status_ids?.length) parts.push(inArray(contacts.agentflowStatusId, scope.agentflow_status_ids));
  if (scope.states?.length) parts.push(inArray(contacts.state, scope.states));
  if (scope.created_from) parts.push(sql`${contacts.createdAt} >= (${scope.created_from}::date)::timestamp at time zone ${timeZone}`);
  if (scope.created_to) parts.push(sql`${contacts.createdAt} < (${scope.created_to}::date + 1)::timestamp at time zone ${timeZone}`);
  const child = (size: ChildFilterSize, rows: SQL, exists: SQL): SQL =>
    Array.isArray(size) ? anyId(contacts.id, size) : size === 'some' && counting ? sql`${contacts.id} = any(array(${rows}))` : exists;
  if (scope.included_tags?.length) parts.push(child(few?.tags, tagRows(scope.included_tags), hasTag(scope.included_tags)));
  if (scope.excluded_tags?.length) parts.push(sql`not ${hasTag(scope.excluded_tags)}`);
  if (scope.included_policy_types?.length) {
    const types = policyTypeIn(scope.included_policy_types);
    parts.push(child(few?.policyTypes, policyRows(types), hasPolicy(types)));
  }
  if (scope.excluded_policy_types?.length) parts.push(sql`not ${hasPolicy(policyTypeIn(scope.excluded_policy_types))}`);
  if (scope.carriers?.length) {
    const carried = anyId(sql`p.carrier_id`, scope.carriers);
    parts.push(child(few?.carriers, policyRows(carried), hasPolicy(carried)));
  }
  for (const condition of scope.search) parts.push(searchCondition(condition, timeZone, reach.companyId));
  return and(...parts) as SQL;
}

/** What the list and the export look up ahead of their statement (ScopeQuery's owner trees and few-contact filters). */
export function createScopeLookAhead(db: Database) {
  const treePrepared = preparedStatement<{ id: number }>(db, 'contacts_owner_tree', treeBelow(sql`${sql.placeholder('roots')}::int[]`, sql`${sql.placeholder('company')}::int`));

  async function treeIds(rootIds: readonly number[], companyId: number): Promise<number[]> {
    const rows = await treePrepared({ roots: rootIds, company: companyId });
    return rows.map((r) => Number(r.id));
  }

  /**
   * How many of `rows` (a select of contact_id from a child table) there are, as FewContacts says:
   * their contact ids when FEW_CONTACTS at most, 'some' when SOME_CONTACTS at most, else undefined.
   * Index-only reads of at most SOME_CONTACTS + 1 entries, and FEW_CONTACTS for the ids.
   */
  async function childFilterSize(rows: SQL): Promise<ChildFilterSize> {
    const result = await db.execute<{ n: number; ids: number[] | null }>(sql`select counted.n, few.ids
      from (select count(*)::int as n from (${rows} limit ${SOME_CONTACTS + 1}) r) counted
      left join lateral (
        select array_agg(distinct contact_id) as ids from (${rows} limit ${FEW_CONTACTS + 1}) r where counted.n <= ${FEW_CONTACTS}
      ) few on true`);
    const row = result.rows[0];
    if (!row || row.n > SOME_CONTACTS) return undefined;
    return row.n <= FEW_CONTACTS ? (row.ids ?? []).map(Number) : 'some';
  }

  /** The query with what the list looks up ahead computed: the owner trees of its reach and scope (OwnerTrees), and few-contact filters (FewContacts). */
  async function withTrees(reach: Reach, query: ScopeQuery): Promise<ScopeQuery> {
    const { owner_ids: ownerIds, all_downline: allDownline, included_tags: tagIds, included_policy_types: types, carriers: carrierIds } = query.scope;
    const [downline, owners, tagged, typed, carried] = await Promise.all([
      reach.kind === 'downline' ? treeIds([reach.userId], reach.companyId) : undefined,
      ownerIds?.length && allDownline ? treeIds(ownerIds, reach.companyId) : undefined,
      tagIds?.length ? childFilterSize(tagRows(tagIds)) : undefined,
      types?.length ? childFilterSize(policyRows(policyTypeIn(types))) : undefined,
      carrierIds?.length ? childFilterSize(policyRows(anyId(sql`p.carrier_id`, carrierIds))) : undefined,
    ]);
    return { ...query, trees: { reach: downline, owners }, few: { tags: tagged, policyTypes: typed, carriers: carried } };
  }

  return { withTrees };
}

export type ScopeLookAhead = ReturnType<typeof createScopeLookAhead>;

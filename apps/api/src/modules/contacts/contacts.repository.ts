import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Readable } from 'node:stream';
import {
  CATEGORY_LABELS,
  CONTACTS_COUNT_CAP,
  contactsScope,
  DUPLICATE_OPTIONS,
  EXPORT_MAX_ROWS,
  GENDER_LABELS,
  LANGUAGE_LABELS,
  POLICY_TYPE_LABELS,
  POLICY_TYPES,
  TIMEZONE_LABELS,
  type Contact,
  type ExportColumn,
  type ContactOrderField,
  type DuplicateOption,
  type ContactSearchCondition,
  type ParsedContactsScope,
} from '@crm/contract';
import { dialingNumber } from '@crm/util';
import type { Database, Tx } from '../../db/database';
import { anyId, intArray, longWork, preparedStatement, toQuery } from '../../db/sql-helpers';
import { slicedCopy } from '../../db/sliced-copy';
import { JsonText, jsonText } from '../../lib/json-text';
import {
  agentflowStatuses,
  carriers,
  contactCities,
  contactEmails,
  contactNotes,
  contactPhones,
  contacts,
  contactTags,
  policies,
  sources,
  statuses,
  tags,
  users,
} from '../../db/schema';
import type { Reach } from './contact-reach';
import { undoMerges } from './contact-merge-moves.repository';

type Executor = Database | Tx;

export type ContactRow = typeof contacts.$inferSelect;
export type NewContact = typeof contacts.$inferInsert;
/** The columns a service may set; ids, company, search text and timestamps are the repository's business. */
export type ContactValues = Omit<NewContact, 'id' | 'companyId' | 'searchText' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

export type PhoneValue = { id?: number | undefined; number: string; phoneType: number };
export type EmailValue = { id?: number | undefined; email: string };

export type ContactRecord = Omit<ContactRow, 'searchText' | 'importAttemptId' | 'importRow'> & {
  /** Its owner, named as the API names users (first and last name). */
  owner: { id: number; name: string };
  status: { id: number; title: string } | null;
  agentflowStatus: { id: number; title: string } | null;
  source: { id: number; title: string } | null;
  phones: { id: number; number: string; phoneType: number }[];
  emails: { id: number; email: string; verified: boolean; verification: string; verifiedAt: Date | null }[];
  /** Its tags by name. */
  tags: { id: number; name: string; color: string }[];
  /** The distinct types of its policies, in POLICY_TYPES order. */
  policyTypes: string[];
  /** The distinct carriers of its policies, by name. */
  carriers: { id: number; name: string }[];
};

/** A policy as insertMany writes it (carrier and type are checked by the caller). */
export type BulkPolicy = Omit<typeof policies.$inferInsert, 'id' | 'contactId' | 'createdAt' | 'updatedAt'>;
/** A note of the notes tab as insertMany writes it. */
export type BulkNote = { authorId: number | null; body: string; createdAt: Date };

/**
 * A contact for insertMany, with its own timestamps when it has a history (imports, demo data),
 * and optionally its tags (the company's), policies and notes.
 */
export type BulkContact = {
  values: ContactValues & Pick<NewContact, 'createdAt' | 'updatedAt'>;
  phones: PhoneValue[];
  emails: EmailValue[];
  tagIds?: number[];
  policies?: BulkPolicy[];
  notes?: BulkNote[];
};

/**
 * The row a keyset page starts after: its sort value as text (null when empty), the value of the
 * order's second column when it has one (THEN_COLUMNS: the first name after the last name) and its id.
 */
export type Keyset = { value: string | null; then?: string | null | undefined; id: number };

const INSERT_BATCH = 1000;

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
 * A row count (a limit, an offset) written into the statement rather than passed as a parameter:
 * with a parameter, the generic plan of a prepared statement guesses a tenth of the table and
 * looks dearer than every custom plan, so PostgreSQL planned the list's page and count anew at
 * each run (0.2 ms each); written in, the generic plan costs the same and is kept.
 */
const rowCount = (n: number) => sql.raw(String(Math.trunc(n)));

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
function searchFirst(scope: ParsedContactsScope): boolean {
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
function duplicateKeys(scope: ParsedContactsScope): SQL[] {
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
function duplicateGroupsQuery(keys: SQL[], base: SQL): SQL {
  const named = sql.join(
    keys.map((key, i) => sql`${key} as ${sql.raw(`k${i}`)}`),
    sql`, `,
  );
  const present = sql.raw(keys.map((_, i) => `grouped.k${i} <> ''`).join(' and '));
  const positions = sql.raw(keys.map((_, i) => i + 1).join(', '));
  const grouped = sql`select ${named}, count(*)::int as n from ${contacts} where ${base} group by ${positions} having count(*) > 1 offset 0`;
  return sql`select * from (${grouped}) grouped where ${present}`;
}

const groupColumns = (keys: SQL[], alias: string) => sql.raw(keys.map((_, i) => `${alias}.k${i}`).join(', '));

/** The duplicate scan as a condition (for selections and bulk actions): the contact's keys are those of a group. */
function duplicatesCondition(keys: SQL[], base: SQL): SQL {
  return sql`(${sql.join(keys, sql`, `)}) in (select ${groupColumns(keys, 'g')} from (${duplicateGroupsQuery(keys, base)}) g)`;
}

/** The duplicate group as the API shows it: the compared values as a JSON array, e.g. ["mary", "smith"]. */
function duplicateGroupKey(values: SQL[] | SQL): SQL {
  return sql`json_build_array(${Array.isArray(values) ? sql.join(values, sql`, `) : values})::text`;
}

/** The whole scope as one WHERE: reach, live or trash, category, search box, filters, search conditions and the duplicate scan. */
export function scopeCondition(reach: Reach, query: ScopeQuery, counting = false): SQL {
  const keys = duplicateKeys(query.scope);
  const base = filtersCondition(reach, query, counting);
  return keys.length ? (and(base, duplicatesCondition(keys, base)) as SQL) : base;
}

/** The scope without its duplicate scan; `counting`: as the capped count reads it (FewContacts). */
function filtersCondition(reach: Reach, { scope, timeZone, trees, few }: ScopeQuery, counting = false): SQL {
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

const ORDER_COLUMNS: Record<ContactOrderField, AnyPgColumn> = {
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
const THEN_COLUMNS: Partial<Record<ContactOrderField, AnyPgColumn>> = { last_name: contacts.firstName };
/** The second column of an order as a page query selects it (`sort_then`), null when it has none. */
const thenOf = (field: ContactOrderField): SQL => {
  const column = THEN_COLUMNS[field];
  return column ? sql`${column}::text` : sql`null::text`;
};
/** Columns that may be empty sort their empty values last in both directions. */
const NULLABLE_ORDER = new Set<ContactOrderField>(['city', 'state', 'zip', 'date_of_birth']);

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

/** How many contacts a scope matches: exact, or (capped) more than CONTACTS_COUNT_CAP. */
export type Count = { total: number; capped: boolean };

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

/** Columns of a contact that its record leaves out: the search text and the import it came from (internal). */
const UNRECORDED = new Set(['searchText', 'importAttemptId', 'importRow']);
/**
 * The contact columns of a record by field name, each selected as the driver reads it the same way
 * prepared or in a transaction: a timestamp as epoch milliseconds (recordOf makes it a Date), a
 * date as its text, the rest as they are.
 */
const RECORD_COLUMNS = Object.entries(getTableColumns(contacts))
  .filter(([field]) => !UNRECORDED.has(field))
  .map(([field, column]) => {
    const timestamp = column.dataType === 'date';
    const value = timestamp ? sql`(extract(epoch from ${column}) * 1000)::float8` : column.columnType === 'PgDateString' ? sql`${column}::text` : sql`${column}`;
    return { field, timestamp, select: sql`${value} as ${sql.identifier(field)}` };
  });

/** A timestamp as the API writes it: ISO 8601 in UTC to the millisecond, as Date.toISOString writes it. */
const isoTime = (value: SQL | AnyPgColumn) => sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** A user's name as the API shows it: first and last name, trimmed (users/current-user.ts fullName, in SQL). */
const userName = (user: typeof users) => sql`btrim(${user.firstName} || ' ' || ${user.lastName})`;
/** POLICY_TYPES as a text[] literal: the order policy types are shown in. */
const POLICY_TYPE_ORDER = sql.raw(`array[${POLICY_TYPES.map((type) => `'${type}'`).join(', ')}]::text[]`);

/** The contact's owner, lookups and children, each as the API writes it (JSON, or text[] for policy types). */
type Parts = Record<'owner' | 'status' | 'agentflowStatus' | 'source' | 'phones' | 'emails' | 'tags' | 'policyTypes' | 'carriers', SQL>;

/**
 * A lookup of the contact (status, agentflow status, source) as the API writes it, {id, title} or
 * null: a lateral sub-select that PostgreSQL keeps the answers of by key (Memoize), so a page
 * builds each status's JSON once, not once per contact (0.5 ms of a page of 100 with the owner).
 */
const lookupJoin = (table: typeof statuses | typeof agentflowStatuses | typeof sources, key: AnyPgColumn, alias: string) =>
  sql`left join lateral (select json_build_object('id', l.id, 'title', l.title) as v from ${table} l where l.id = ${key} offset 0) ${sql.raw(alias)} on true`;

/**
 * What a contact's record (loadQuery) and its answer (answerQuery) both read, for the contacts
 * whose id is in `given` (an int[] expression), in one statement: the contact with its owner and
 * lookups, and its children, each child table read once for them all and grouped (2.4 ms of
 * PostgreSQL for 100 contacts against 2.8 ms with a sub-select per contact and child; six
 * statements at once took 8 ms for 25). They come as the API writes them: the owner and lookups as
 * JSON objects, phones, e-mails, tags and carriers as JSON arrays of objects, policy types as a
 * text[] in POLICY_TYPES order. A contact without policies skips reading their types and carriers.
 *
 * Planning its ten relations costs more than running it (2.5 ms against 0.2 ms for one contact),
 * so each statement built on it is prepared once per connection and must run on its generic plan.
 * PostgreSQL plans a prepared statement anew for each run while that plan looks cheaper than the
 * generic one (plan_cache_mode auto), and with the ids given as a value it did, always: one id made
 * every custom plan cheaper than the generic plan's guess of ten. The ids are therefore read through
 * a sub-select (`array(select unnest(…))`) that no plan can look into: custom and generic plans
 * estimate alike, the generic one wins from the sixth run on, and a contact costs 0.17 ms of
 * PostgreSQL where it cost 2.5 ms (a page of 100: 1.4 against 3.8 ms).
 */
function contactsWithParts(given: SQL): { from: SQL; parts: Parts } {
  const ids = sql`array(select unnest(${given}))`;
  const from = sql`from ${contacts}
    join lateral (select json_build_object('id', ${users.id}, 'name', ${userName(users)}) as v
        from ${users} where ${users.id} = ${contacts.ownerId} offset 0) owner on true
    ${lookupJoin(statuses, contacts.statusId, 'status')}
    ${lookupJoin(agentflowStatuses, contacts.agentflowStatusId, 'flow')}
    ${lookupJoin(sources, contacts.sourceId, 'source')}
    left join (select p.contact_id, json_agg(json_build_object('id', p.id, 'number', p.number, 'phone_type', p.phone_type) order by p.position, p.id) as v
        from ${contactPhones} p where p.contact_id = any(${ids}) group by p.contact_id) phones on phones.contact_id = ${contacts.id}
    left join (select e.contact_id, json_agg(json_build_object('id', e.id, 'email', e.email, 'verified', e.verified, 'verification', e.verification,
          'verified_at', ${isoTime(sql`e.verified_at`)}) order by e.position, e.id) as v
        from ${contactEmails} e where e.contact_id = any(${ids}) group by e.contact_id) emails on emails.contact_id = ${contacts.id}
    left join (select ct.contact_id, json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) order by t.name, t.id) as v
        from ${contactTags} ct join ${tags} t on t.id = ct.tag_id where ct.contact_id = any(${ids}) group by ct.contact_id) tags on tags.contact_id = ${contacts.id}
    left join (select p.contact_id, array_agg(distinct p.policy_type) as types, array_agg(distinct p.carrier_id) as carrier_ids
        from ${policies} p where p.contact_id = any(${ids}) group by p.contact_id) held on held.contact_id = ${contacts.id}
    where ${contacts.id} = any(${ids})`;
  return {
    from,
    parts: {
      owner: sql`owner.v`,
      status: sql`status.v`,
      agentflowStatus: sql`flow.v`,
      source: sql`source.v`,
      phones: sql`coalesce(phones.v, '[]')`,
      emails: sql`coalesce(emails.v, '[]')`,
      tags: sql`coalesce(tags.v, '[]')`,
      // unknown types (none today) after the known ones, by name
      policyTypes: sql`case when held.types is null then '{}'::text[]
        else array(select t from unnest(held.types) t order by array_position(${POLICY_TYPE_ORDER}, t) nulls last, t) end`,
      carriers: sql`case when held.carrier_ids is null then '[]'::json
        else coalesce((select json_agg(json_build_object('id', ca.id, 'name', ca.name) order by ca.name, ca.id) from ${carriers} ca where ca.id = any(held.carrier_ids)), '[]') end`,
    },
  };
}

/** A row of loadQuery: the record's columns, and its parts as the API writes them (phones and e-mails with the API's field names). */
type LoadedRow = Record<string, unknown> &
  Pick<ContactRecord, 'id' | 'owner' | 'status' | 'agentflowStatus' | 'source' | 'tags' | 'policyTypes' | 'carriers'> & {
    phones: { id: number; number: string; phone_type: number }[];
    emails: { id: number; email: string; verified: boolean; verification: string; verified_at: string | null }[];
  };

/**
 * Full records of the contacts whose id is in `given` (contactsWithParts). Its columns are named
 * as the record's fields (RECORD_COLUMNS) and read without the query builder's row mapping, which
 * with a copy of each row cost 3.4 ms of a page's 5.1 ms of CPU (100 rows).
 */
function loadQuery(given: SQL): SQL {
  const { from, parts } = contactsWithParts(given);
  return sql`select ${sql.join(
    RECORD_COLUMNS.map((c) => c.select),
    sql`, `,
  )},
      ${parts.owner} as "owner", ${parts.status} as "status", ${parts.agentflowStatus} as "agentflowStatus", ${parts.source} as "source",
      ${parts.phones} as "phones", ${parts.emails} as "emails", ${parts.tags} as "tags", ${parts.policyTypes} as "policyTypes",
      ${parts.carriers} as "carriers"
    ${from}`;
}

/** A record from a row of loadQuery. */
function recordOf(r: LoadedRow): ContactRecord {
  const record: Record<string, unknown> = {};
  for (const { field, timestamp } of RECORD_COLUMNS) {
    const value = r[field];
    record[field] = timestamp && value !== null ? new Date(value as number) : value;
  }
  record.owner = r.owner;
  record.status = r.status;
  record.agentflowStatus = r.agentflowStatus;
  record.source = r.source;
  record.phones = r.phones.map((p) => ({ id: p.id, number: p.number, phoneType: p.phone_type }));
  record.emails = r.emails.map((e) => ({
    id: e.id,
    email: e.email,
    verified: e.verified,
    verification: e.verification,
    verifiedAt: e.verified_at === null ? null : new Date(e.verified_at),
  }));
  record.tags = r.tags;
  record.policyTypes = r.policyTypes;
  record.carriers = r.carriers;
  return record as ContactRecord;
}

/**
 * The API's answer for each contact whose id is in `given` (contactsWithParts), written by
 * PostgreSQL as JSON text in the shape of the contract's `contact` (lib/json-text.ts): the list, a
 * contact and every change answer with it, without the rows becoming objects in the API first.
 * This is the one place that shapes a contact's answer.
 */
function answerQuery(given: SQL): SQL {
  const { from, parts } = contactsWithParts(given);
  const c = contacts;
  return sql`select x.id, row_to_json(x)::text as answer from (
    select ${c.id} as id, ${c.firstName} as first_name, ${c.lastName} as last_name, ${c.category} as category,
      ${parts.status} as status, ${parts.agentflowStatus} as agentflow_status, ${parts.source} as source, ${parts.owner} as owner,
      ${parts.phones} as phones, ${parts.emails} as emails,
      ${c.address1} as address1, ${c.address2} as address2, ${c.city} as city, ${c.state} as state, ${c.zip} as zip,
      ${c.dateOfBirth} as date_of_birth, ${c.gender} as gender, ${c.language} as language, ${c.timezone} as timezone,
      ${c.medicareNumber} as medicare_number, ${c.partADate} as part_a_date, ${c.partBDate} as part_b_date,
      ${c.linkedContactId} as linked_contact_id, ${c.isNew} as new, ${c.note} as note,
      ${parts.tags} as tags, ${parts.policyTypes} as policy_types, ${parts.carriers} as carriers,
      ${isoTime(c.lastActivityAt)} as last_activity_at, ${c.lastActivityType} as last_activity_type,
      ${isoTime(c.medicareImportedAt)} as medicare_imported_at, ${c.mergedIntoId} as merged_into_id,
      ${isoTime(c.createdAt)} as created_at, ${isoTime(c.updatedAt)} as updated_at, ${isoTime(c.deletedAt)} as deleted_at
    ${from}) x`;
}

/**
 * The answers of the contacts whose id is in `given`, in its order, as one text (the objects
 * separated by commas; null for none): a page is one value that arrives whole, not a hundred rows
 * whose strings the API keeps while the rest is on its way. `groups` (text[], by position) adds the
 * duplicate scan's key to each answer (the key its duplicates share).
 */
function answersQuery(given: SQL, groups: SQL): SQL {
  return sql`select string_agg(case when g.key is null then a.answer else left(a.answer, -1) || ',"duplicate_group":' || to_json(g.key)::text || '}' end,
      ',' order by p.position) as answers
    from (${answerQuery(given)}) a
    cross join lateral (select array_position(${given}, a.id) as position) p
    cross join lateral (select (${groups})[p.position] as key) g`;
}

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

export function createContactsRepository(db: Database) {
  async function exportTarget(reach: Reach, target: ExportTarget): Promise<{ where: SQL; scope: ParsedContactsScope }> {
    if ('ids' in target) return { where: and(reachCondition(reach), anyId(contacts.id, target.ids), isNull(contacts.deletedAt)) as SQL, scope: contactsScope.parse({}) };
    const query = await withTrees(reach, target);
    return { where: scopeCondition(reach, query), scope: query.scope };
  }

  const loadPrepared = preparedStatement<LoadedRow>(db, 'contacts_load', loadQuery(sql`${sql.placeholder('ids')}::int[]`));
  const treePrepared = preparedStatement<{ id: number }>(db, 'contacts_owner_tree', treeBelow(sql`${sql.placeholder('roots')}::int[]`, sql`${sql.placeholder('company')}::int`));

  /** Full records for these ids, in the order given (loadQuery; the ids are one array parameter, not 500 for a page of 500). */
  async function load(ids: number[], executor: Executor = db): Promise<ContactRecord[]> {
    if (!ids.length) return [];
    const rows = executor === db ? await loadPrepared({ ids: intArray(ids) }) : (await executor.execute<LoadedRow>(loadQuery(sql`${intArray(ids)}::int[]`))).rows;
    const byId = new Map<number, ContactRecord>();
    for (const r of rows) byId.set(r.id, recordOf(r));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  const answersPrepared = preparedStatement<{ answers: string | null }>(
    db,
    'contacts_answers',
    answersQuery(sql`${sql.placeholder('ids')}::int[]`, sql`${sql.placeholder('groups')}::text[]`),
  );

  /**
   * The API's answers for these contacts, in the order given (missing ones left out), as one JSON
   * array (answersQuery); with `groups`, each with its duplicate scan key.
   */
  async function answers(ids: number[], groups: (string | null)[] = []): Promise<JsonText<Contact[]>> {
    const [row] = ids.length ? await answersPrepared({ ids: intArray(ids), groups }) : [];
    return new JsonText(row?.answers ? ['[', row.answers, ']'] : ['[]']);
  }

  /** The API's answer for this contact, or undefined (answersQuery). */
  async function answer(id: number): Promise<JsonText<Contact> | undefined> {
    const [row] = await answersPrepared({ ids: intArray([id]), groups: [] });
    return row?.answers ? jsonText(row.answers) : undefined;
  }

  /** The id of a contact the reach covers, or undefined; trashed ones only when asked for (one read of the primary key). */
  async function reachableId(reach: Reach, id: number, options: { withTrashed?: boolean } = {}): Promise<number | undefined> {
    const [row] = await db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(reachCondition(reach), eq(contacts.id, id), options.withTrashed ? undefined : isNull(contacts.deletedAt)));
    return row?.id;
  }

  async function refreshSearchText(executor: Executor, ids: number[]): Promise<void> {
    if (!ids.length) return;
    await executor.update(contacts).set({ searchText: SEARCH_TEXT_SQL }).where(anyId(contacts.id, ids));
  }

  /** Makes a contact's phones exactly `phones`, in order: listed ids of this contact are kept, others removed. */
  async function replacePhones(tx: Tx, contactId: number, phones: PhoneValue[]): Promise<void> {
    const existing = new Set(
      (await tx.select({ id: contactPhones.id }).from(contactPhones).where(eq(contactPhones.contactId, contactId))).map((r) => r.id),
    );
    const keep = phones.flatMap((p) => (p.id !== undefined && existing.has(p.id) ? [p.id] : []));
    await tx
      .delete(contactPhones)
      .where(and(eq(contactPhones.contactId, contactId), keep.length ? notInArray(contactPhones.id, keep) : undefined));
    const kept = new Set<number>();
    for (const [position, phone] of phones.entries()) {
      if (phone.id !== undefined && existing.has(phone.id) && !kept.has(phone.id)) {
        kept.add(phone.id);
        await tx
          .update(contactPhones)
          .set({ number: phone.number, phoneType: phone.phoneType, position })
          .where(eq(contactPhones.id, phone.id));
      } else {
        await tx.insert(contactPhones).values({ contactId, number: phone.number, phoneType: phone.phoneType, position });
      }
    }
  }

  /** Makes a contact's e-mails exactly `emails`; a kept e-mail whose address changes is no longer verified. */
  async function replaceEmails(tx: Tx, contactId: number, emails: EmailValue[]): Promise<void> {
    const existing = new Map(
      (await tx.select({ id: contactEmails.id, email: contactEmails.email }).from(contactEmails).where(eq(contactEmails.contactId, contactId))).map(
        (r) => [r.id, r.email.toLowerCase()],
      ),
    );
    const keep = emails.flatMap((e) => (e.id !== undefined && existing.has(e.id) ? [e.id] : []));
    await tx
      .delete(contactEmails)
      .where(and(eq(contactEmails.contactId, contactId), keep.length ? notInArray(contactEmails.id, keep) : undefined));
    const kept = new Set<number>();
    for (const [position, entry] of emails.entries()) {
      const before = entry.id !== undefined ? existing.get(entry.id) : undefined;
      if (entry.id !== undefined && before !== undefined && !kept.has(entry.id)) {
        kept.add(entry.id);
        const changed = before !== entry.email.toLowerCase();
        await tx
          .update(contactEmails)
          .set({ email: entry.email, position, ...(changed && { verified: false, verification: 'unchecked', verifiedAt: null }) })
          .where(eq(contactEmails.id, entry.id));
      } else {
        await tx.insert(contactEmails).values({ contactId, email: entry.email, position });
      }
    }
  }

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
    load,
    answers,
    answer,

    /**
     * The live contacts of the reach, other than `excludeId`, that have one of these phones (dialing
     * form, exact: the number index) or e-mails (ignoring case: the lower-e-mail index), with the
     * ones they have, in name order, at most `limit`.
     */
    async withContactPoints(
      reach: Reach,
      { phones, emails, excludeId }: { phones: string[]; emails: string[]; excludeId?: number },
      limit: number,
    ): Promise<{ id: number; firstName: string; lastName: string; ownerId: number; ownerName: string; phones: string[]; emails: string[] }[]> {
      const numbers = [...new Set(phones.map(dialingNumber))];
      const addresses = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
      if (!numbers.length && !addresses.length) return [];
      const numberList = sql`${sql.param(numbers)}::text[]`;
      const addressList = sql`${sql.param(addresses)}::text[]`;
      const result = await db.execute<{
        id: number;
        first_name: string;
        last_name: string;
        owner_id: number;
        owner_name: string;
        phones: string[];
        emails: string[];
      }>(sql`select ${contacts.id} as id, ${contacts.firstName} as first_name, ${contacts.lastName} as last_name, ${contacts.ownerId} as owner_id,
          ${userName(users)} as owner_name,
          array(select p.number from ${contactPhones} p where p.contact_id = ${contacts.id} and p.number = any(${numberList}) order by p.position, p.id) as phones,
          array(select e.email::text from ${contactEmails} e where e.contact_id = ${contacts.id} and lower(e.email::text) = any(${addressList}) order by e.position, e.id) as emails
        from ${contacts} join ${users} on ${users.id} = ${contacts.ownerId}
        where ${contacts.id} in (
            select p.contact_id from ${contactPhones} p where p.number = any(${numberList})
            union select e.contact_id from ${contactEmails} e where lower(e.email::text) = any(${addressList})
          )
          and ${reachCondition(reach)} and ${isNull(contacts.deletedAt)}${excludeId === undefined ? sql`` : sql` and ${contacts.id} <> ${excludeId}`}
        order by ${contacts.lastName}, ${contacts.firstName}, ${contacts.id}
        limit ${limit}`);
      return result.rows.map((r) => ({
        id: Number(r.id),
        firstName: r.first_name,
        lastName: r.last_name,
        ownerId: Number(r.owner_id),
        ownerName: r.owner_name,
        phones: r.phones,
        emails: r.emails,
      }));
    },

    /** Recomputes search_text of these contacts (for writers of phones and e-mails outside this file, such as merge). */
    refreshSearchText,

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

    /** Which of these ids the reach covers (live or in the trash); a selection's 250,000 ids are one array parameter. */
    async reachableIds(reach: Reach, ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      const rows = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(reachCondition(reach), anyId(contacts.id, ids)));
      return rows.map((r) => r.id);
    },

    reachableId,

    /** A contact the reach covers, or undefined; trashed ones only when asked for. */
    async find(reach: Reach, id: number, options: { withTrashed?: boolean } = {}): Promise<ContactRecord | undefined> {
      const found = await reachableId(reach, id, options);
      if (found === undefined) return undefined;
      const [record] = await load([found]);
      return record;
    },

    /**
     * One contact with its phones and e-mails, in one statement (its CTEs insert the children from the
     * contact's new id): atomic without a transaction's BEGIN and COMMIT, so one round trip.
     */
    async insert(companyId: number, values: ContactValues, phones: PhoneValue[], emails: EmailValue[]): Promise<number> {
      // the search text as SEARCH_TEXT_SQL makes it from the rows inserted with it: written with the
      // row, an update after them wrote every index of the contact twice (the trigram one too)
      const listed = (items: string[]) => (items.length ? items.join(' ') : null);
      const searchText = searchTextSql(
        sql`${values.firstName}::text`,
        sql`${values.lastName ?? ''}::text`,
        sql`${listed(emails.map((e) => e.email))}::text`,
        sql`${listed(phones.map((p) => p.number))}::text`,
      );
      const contact = db.insert(contacts).values({ ...values, companyId, searchText }).returning({ id: contacts.id }).getSQL();
      // a child's position is its place in the list given
      const phoneRows = phones.length
        ? sql`, phones as (insert into ${contactPhones} (contact_id, number, phone_type, position)
            select c.id, x.number, x.phone_type, x.n - 1 from c,
              unnest(${sql.param(phones.map((p) => p.number))}::text[], ${sql.param(phones.map((p) => p.phoneType))}::smallint[]) with ordinality x(number, phone_type, n))`
        : sql``;
      const emailRows = emails.length
        ? sql`, emails as (insert into ${contactEmails} (contact_id, email, position)
            select c.id, x.email, x.n - 1 from c, unnest(${sql.param(emails.map((e) => e.email))}::text[]) with ordinality x(email, n))`
        : sql``;
      const [row] = (await db.execute<{ id: number }>(sql`with c as (${contact})${phoneRows}${emailRows} select id from c`)).rows;
      if (!row) throw new Error('Insert returned nothing');
      return Number(row.id);
    },

    /**
     * Many contacts at once (seeding, imports): a few statements per batch of INSERT_BATCH (PostgreSQL
     * takes at most 65535 parameters a statement), search text refreshed for all. Returns the ids in order.
     */
    async insertMany(companyId: number, items: BulkContact[]): Promise<number[]> {
      const ids: number[] = [];
      for (let start = 0; start < items.length; start += INSERT_BATCH) {
        const batch = items.slice(start, start + INSERT_BATCH);
        ids.push(
          ...(await db.transaction(async (tx) => {
            // RETURNING gives the rows in VALUES order for a plain INSERT.
            const rows = await tx
              .insert(contacts)
              .values(batch.map((item) => ({ ...item.values, companyId })))
              .returning({ id: contacts.id });
            const batchIds = rows.map((r) => r.id);
            const phones = batch.flatMap((item, i) =>
              item.phones.map((p, position) => ({ contactId: batchIds[i] as number, number: p.number, phoneType: p.phoneType, position })),
            );
            const emails = batch.flatMap((item, i) => item.emails.map((e, position) => ({ contactId: batchIds[i] as number, email: e.email, position })));
            if (phones.length) await tx.insert(contactPhones).values(phones);
            if (emails.length) await tx.insert(contactEmails).values(emails);
            const contactOf = (i: number) => batchIds[i] as number;
            const tagLinks = batch.flatMap((item, i) => (item.tagIds ?? []).map((tagId) => ({ contactId: contactOf(i), tagId })));
            const policyRows = batch.flatMap((item, i) => (item.policies ?? []).map((policy) => ({ ...policy, contactId: contactOf(i) })));
            const noteRows = batch.flatMap((item, i) =>
              (item.notes ?? []).map((note) => ({ ...note, contactId: contactOf(i), updatedAt: note.createdAt })),
            );
            if (tagLinks.length) await tx.insert(contactTags).values(tagLinks).onConflictDoNothing();
            if (policyRows.length) await tx.insert(policies).values(policyRows);
            if (noteRows.length) await tx.insert(contactNotes).values(noteRows);
            await refreshSearchText(tx, batchIds);
            return batchIds;
          })),
        );
      }
      return ids;
    },

    /** Changes a contact; `phones` / `emails`, when given, replace the lists. */
    async update(id: number, values: Partial<ContactValues>, phones?: PhoneValue[], emails?: EmailValue[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(contacts)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(contacts.id, id));
        if (phones) await replacePhones(tx, id, phones);
        if (emails) await replaceEmails(tx, id, emails);
        await refreshSearchText(tx, [id]);
      });
    },

    /** Viewing removes the "new" marker; it is not an edit, so updated_at stays, and a contact without it is not written again. */
    async clearNew(id: number): Promise<void> {
      await db.update(contacts).set({ isNew: false }).where(and(eq(contacts.id, id), eq(contacts.isNew, true)));
    },

    /**
     * Moves reachable contacts into the trash (`trashed` true) or back. `target` is a list of ids
     * (within the reach) or the scope (matched among live contacts when trashing, among trashed
     * ones when restoring). Restoring a merged contact undoes its merge in the same transaction
     * (contact-merge.repository undoMerges). Returns how many contacts changed.
     */
    async setTrashed(reach: Reach, target: { ids: number[] } | ScopeQuery, trashed: boolean): Promise<number> {
      const where =
        'ids' in target
          ? and(reachCondition(reach), anyId(contacts.id, target.ids), trashed ? isNull(contacts.deletedAt) : isNotNull(contacts.deletedAt))
          : scopeCondition(reach, { ...target, scope: { ...target.scope, trashed: !trashed } });
      const now = new Date();
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(contacts)
          .set({ deletedAt: trashed ? now : null, updatedAt: now })
          .where(where)
          .returning({ id: contacts.id });
        if (!trashed) {
          const restored = rows.map((r) => r.id);
          const survivors = await undoMerges(tx, restored);
          if (survivors.length) await refreshSearchText(tx, [...restored, ...survivors]);
        }
        return rows.length;
      });
    },

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

    /** Which of these tag ids are tags of the company. */
    async companyTagIds(companyId: number, ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      const rows = await db
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.companyId, companyId), anyId(tags.id, ids)));
      return rows.map((r) => r.id);
    },

    /**
     * The company's tags with these names, created (with their colours) where missing; by name.
     * Running it again changes nothing.
     */
    async ensureTags(companyId: number, wanted: { name: string; color: string }[]): Promise<{ id: number; name: string; color: string }[]> {
      if (wanted.length) {
        await db
          .insert(tags)
          .values(wanted.map((t) => ({ companyId, name: t.name, color: t.color })))
          .onConflictDoNothing();
      }
      return db
        .select({ id: tags.id, name: tags.name, color: tags.color })
        .from(tags)
        .where(and(eq(tags.companyId, companyId), inArray(sql`lower(${tags.name})`, wanted.map((t) => t.name.toLowerCase()))))
        .orderBy(asc(tags.name));
    },

    /**
     * Adds `add` to and removes `remove` from every contact of a selection (ids the caller reaches,
     * or the reachable contacts a scope matches), in one statement however large the selection: the
     * selection is a CTE that an INSERT ... SELECT ... ON CONFLICT DO NOTHING and a DELETE read.
     * Returns how many contacts the selection has.
     */
    async updateTags(reach: Reach, target: { ids: number[] } | ScopeQuery, add: number[], remove: number[]): Promise<number> {
      const where = 'ids' in target ? (and(reachCondition(reach), anyId(contacts.id, target.ids)) as SQL) : scopeCondition(reach, target);
      const result = await db.execute<{ n: number }>(sql`with selection as materialized (
          select ${contacts.id} as id from ${contacts} where ${where}
        ), added as (
          insert into ${contactTags} (contact_id, tag_id)
          select s.id, t.id from selection s cross join unnest(${sql.param(add)}::int[]) as t(id)
          on conflict do nothing
        ), removed as (
          delete from ${contactTags} where ${anyId(sql`tag_id`, remove)} and contact_id in (select id from selection)
        )
        select count(*)::int as n from selection`);
      return Number(result.rows[0]?.n ?? 0);
    },

    /** Makes a contact's tags exactly these (tags it keeps keep their dates). */
    async setTags(contactId: number, tagIds: number[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(contactTags)
          .where(and(eq(contactTags.contactId, contactId), tagIds.length ? sql`not ${anyId(contactTags.tagId, tagIds)}` : undefined));
        if (tagIds.length) await tx.insert(contactTags).values(tagIds.map((tagId) => ({ contactId, tagId }))).onConflictDoNothing();
      });
    },

    /** Whether a user is one the reach covers as an owner: the caller, someone below them, or (company reach) anyone of the company. */
    async ownerReachable(reach: Reach, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, userId),
            eq(users.companyId, reach.companyId),
            userInReach(reach, users.id),
          ),
        );
      return Boolean(row);
    },

    async countOwnedBy(ownerId: number): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(contacts).where(eq(contacts.ownerId, ownerId));
      return row?.n ?? 0;
    },
  };
}

export type ContactsRepository = ReturnType<typeof createContactsRepository>;

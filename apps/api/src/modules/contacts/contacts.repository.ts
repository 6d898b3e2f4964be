import { and, asc, desc, eq, inArray, isNotNull, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CONTACTS_COUNT_CAP, type ContactOrderField, type ContactSearchCondition, type ParsedContactsScope } from '@crm/contract';
import { dialingNumber } from '@crm/util';
import type { Database } from '../../db/database';
import { agentflowStatuses, contactEmails, contactPhones, contacts, sources, statuses, users } from '../../db/schema';
import type { Reach } from './contact-reach';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;

export type ContactRow = typeof contacts.$inferSelect;
export type NewContact = typeof contacts.$inferInsert;
/** The columns a service may set; ids, company, search text and timestamps are the repository's business. */
export type ContactValues = Omit<NewContact, 'id' | 'companyId' | 'searchText' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

export type PhoneValue = { id?: number | undefined; number: string; phoneType: number };
export type EmailValue = { id?: number | undefined; email: string };

export type ContactRecord = ContactRow & {
  owner: { id: number; firstName: string; lastName: string };
  status: { id: number; title: string } | null;
  agentflowStatus: { id: number; title: string } | null;
  source: { id: number; title: string } | null;
  phones: { id: number; number: string; phoneType: number }[];
  emails: { id: number; email: string; verified: boolean; verification: string; verifiedAt: Date | null }[];
};

/** A contact for insertMany, with its own timestamps when it has a history (imports, demo data). */
export type BulkContact = { values: ContactValues & Pick<NewContact, 'createdAt' | 'updatedAt'>; phones: PhoneValue[]; emails: EmailValue[] };

const INSERT_BATCH = 1000;

/** Where the list's scope comes from, with the caller's IANA time zone (for date filters on timestamps). */
export type ScopeQuery = { scope: ParsedContactsScope; timeZone: string };

/**
 * The search text of a contact, in one place: lower-cased first and last name, e-mails and phone
 * digits (dialing form, so "5551234567" and "1-555-123-4567" both find "15551234567"). Used after
 * every write, and by bulk loaders: `update contacts set search_text = <this> where ...`.
 */
export const SEARCH_TEXT_SQL = sql`lower(concat_ws(' ',
  ${contacts.firstName},
  ${contacts.lastName},
  (select string_agg(e.email::text, ' ' order by e.position, e.id) from ${contactEmails} e where e.contact_id = ${contacts.id}),
  (select string_agg(p.number, ' ' order by p.position, p.id) from ${contactPhones} p where p.contact_id = ${contacts.id})
))`;

/** `100%_sure` → `100\%\_sure`: the text is matched literally inside LIKE's wildcards. */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Everyone at or below these users in the upline tree (the users themselves included), within the company. */
function treeBelow(rootIds: SQL, companyId: number): SQL {
  return sql`with recursive tree(id) as (
    select u.id from ${users} u where u.id in (${rootIds}) and u.company_id = ${companyId}
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

const idList = (ids: readonly number[]) => sql.join(ids.map((id) => sql`${id}::int`), sql`, `);

/**
 * The reach as SQL on contacts. Company reach: the company. Downline: the company, and owners in
 * the tree below the user. Own: the owner (a contact always belongs to its owner's company), so
 * that the owner's indexes answer alone.
 */
export function reachCondition(reach: Reach): SQL {
  if (reach.kind === 'own') return eq(contacts.ownerId, reach.userId);
  const company = eq(contacts.companyId, reach.companyId);
  if (reach.kind === 'company') return company;
  return and(company, ownedWithin(treeBelow(sql`${reach.userId}::int`, reach.companyId))) as SQL;
}

const TEXT_COLUMNS = {
  first_name: contacts.firstName,
  last_name: contacts.lastName,
  address1: contacts.address1,
  city: contacts.city,
  zip: contacts.zip,
  medicare_number: contacts.medicareNumber,
  note: contacts.note,
} as const;
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

/** A text operator on a column (or expression); `not_*` and `blank` count a missing value as empty. */
function textCondition(column: AnyPgColumn | SQL, operator: string, value: string): SQL {
  switch (operator) {
    case 'contains':
      return sql`${column} ilike ${`%${likeEscape(value)}%`}`;
    case 'not_contains':
      return sql`coalesce(${column}, '') not ilike ${`%${likeEscape(value)}%`}`;
    case 'eq':
      return sql`lower(${column}) = lower(${value})`;
    case 'not_eq':
      return sql`coalesce(lower(${column}), '') <> lower(${value})`;
    case 'starts_with':
      return sql`${column} ilike ${`${likeEscape(value)}%`}`;
    case 'ends_with':
      return sql`${column} ilike ${`%${likeEscape(value)}`}`;
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
function searchCondition(condition: ContactSearchCondition, timeZone: string): SQL {
  const { field, operator, values } = condition;
  const value = values[0] ?? '';
  if (field === 'email') return emailCondition(operator, value);
  if (field === 'phone') return phoneCondition(operator, value);
  if (field in TEXT_COLUMNS) return textCondition(TEXT_COLUMNS[field as keyof typeof TEXT_COLUMNS], operator, value);
  if (field in CHOICE_COLUMNS) return listCondition(CHOICE_COLUMNS[field as keyof typeof CHOICE_COLUMNS], operator, values);
  if (field in ID_COLUMNS) return listCondition(ID_COLUMNS[field as keyof typeof ID_COLUMNS], operator, values.map(Number));
  if (field in DATE_COLUMNS) return dateCondition(DATE_COLUMNS[field as keyof typeof DATE_COLUMNS], operator, values);
  if (field in TIME_COLUMNS) {
    const column = TIME_COLUMNS[field as keyof typeof TIME_COLUMNS];
    return dateCondition(sql`(${column} at time zone ${timeZone})::date`, operator, values);
  }
  throw new Error(`Unknown search field ${field}`);
}

const PHONE_LIKE = /^[\d\s()+.-]+$/;

/**
 * The words of the search box as they are matched: a query made only of phone characters
 * ("(555) 123-4567", "1-555-123", "5551234567") is one phone number, its digits; otherwise every
 * word (phone-like words as digits).
 */
function searchWords(q: string): string[] {
  const text = q.trim();
  if (!text) return [];
  if (PHONE_LIKE.test(text) && /\d/.test(text)) return [text.replace(/\D/g, '')];
  return text
    .split(/\s+/)
    .map((w) => w.replace(/^[,;]+|[,;]+$/g, ''))
    .filter(Boolean)
    .map((w) => (PHONE_LIKE.test(w) && /\d/.test(w) ? w.replace(/\D/g, '') : w));
}

/** The search box: every word must occur in the search text (names, e-mails, phone digits), each an ILIKE '%word%' the trigram index answers. */
function quickSearch(q: string): SQL | undefined {
  const words = searchWords(q);
  if (!words.length) return undefined;
  return and(...words.map((w) => sql`${contacts.searchText} ilike ${`%${likeEscape(w)}%`}`));
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

/** The whole scope as one WHERE: reach, live or trash, category, search box, filters and search conditions. */
export function scopeCondition(reach: Reach, { scope, timeZone }: ScopeQuery): SQL {
  const parts: (SQL | undefined)[] = [reachCondition(reach), scope.trashed ? isNotNull(contacts.deletedAt) : isNull(contacts.deletedAt)];
  if (scope.category !== 'all') parts.push(eq(contacts.category, scope.category));
  if (scope.q) parts.push(quickSearch(scope.q));
  if (scope.owner_ids?.length) {
    parts.push(
      scope.all_downline ? ownedWithin(treeBelow(idList(scope.owner_ids), reach.companyId)) : inArray(contacts.ownerId, scope.owner_ids),
    );
  }
  if (scope.status_ids?.length) parts.push(inArray(contacts.statusId, scope.status_ids));
  if (scope.source_ids?.length) parts.push(inArray(contacts.sourceId, scope.source_ids));
  if (scope.agentflow_status_ids?.length) parts.push(inArray(contacts.agentflowStatusId, scope.agentflow_status_ids));
  if (scope.states?.length) parts.push(inArray(contacts.state, scope.states));
  if (scope.created_from) parts.push(sql`${contacts.createdAt} >= (${scope.created_from}::date)::timestamp at time zone ${timeZone}`);
  if (scope.created_to) parts.push(sql`${contacts.createdAt} < (${scope.created_to}::date + 1)::timestamp at time zone ${timeZone}`);
  for (const condition of scope.search) parts.push(searchCondition(condition, timeZone));
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
/** Columns that may be empty sort their empty values last in both directions. */
const NULLABLE_ORDER = new Set<ContactOrderField>(['city', 'state', 'zip', 'date_of_birth']);

/**
 * The list order: the column, then id, so that pages never overlap. The default (last_name, id)
 * is read in order from the (owner_id, deleted_at, last_name, id) and (company_id, last_name, id)
 * indexes.
 */
function orderBy(field: ContactOrderField, order: 'asc' | 'desc', reverse = false): SQL[] {
  const descending = (order === 'desc') !== reverse;
  const column = ORDER_COLUMNS[field];
  const first = NULLABLE_ORDER.has(field)
    ? descending
      ? sql`${column} desc nulls last`
      : sql`${column} asc nulls last`
    : descending
      ? desc(column)
      : asc(column);
  return [first, descending ? desc(contacts.id) : asc(contacts.id)];
}

/**
 * Ids of one page of the scope in list order (or reversed, for "the last n"). Normally one ordered
 * query that the order indexes answer. With a trigram-searchable `q`, the matches are collected
 * first in a MATERIALIZED CTE (a bitmap scan of the trigram index) and only they are sorted.
 */
export function pageIdsQuery(where: SQL, scope: ParsedContactsScope, limit: number, offset: number, reverse = false): SQL {
  if (!searchFirst(scope)) {
    const order = sql.join(orderBy(scope.order_field, scope.order, reverse), sql`, `);
    return sql`select ${contacts.id} as id from ${contacts} where ${where} order by ${order} limit ${limit} offset ${offset}`;
  }
  const descending = (scope.order === 'desc') !== reverse;
  const direction = descending ? sql.raw('desc') : sql.raw('asc');
  const nulls = NULLABLE_ORDER.has(scope.order_field) ? sql.raw(' nulls last') : sql.raw('');
  return sql`with matches as materialized (
      select ${contacts.id} as id, ${ORDER_COLUMNS[scope.order_field]} as sort_key from ${contacts} where ${where}
    )
    select id from matches order by sort_key ${direction}${nulls}, id ${direction} limit ${limit} offset ${offset}`;
}

/** The list's count: exact up to CONTACTS_COUNT_CAP, and CONTACTS_COUNT_CAP + 1 meaning "more". */
export function cappedCountQuery(where: SQL): SQL {
  return sql`select count(*)::int as n from (select 1 from ${contacts} where ${where} limit ${CONTACTS_COUNT_CAP + 1}) s`;
}

export function createContactsRepository(db: Database) {
  /** Full records for these ids, in the order given. */
  async function load(ids: number[], executor: Executor = db): Promise<ContactRecord[]> {
    if (!ids.length) return [];
    const rows = await executor
      .select({
        contact: contacts,
        ownerFirst: users.firstName,
        ownerLast: users.lastName,
        statusTitle: statuses.title,
        agentflowTitle: agentflowStatuses.title,
        sourceTitle: sources.title,
      })
      .from(contacts)
      .innerJoin(users, eq(users.id, contacts.ownerId))
      .leftJoin(statuses, eq(statuses.id, contacts.statusId))
      .leftJoin(agentflowStatuses, eq(agentflowStatuses.id, contacts.agentflowStatusId))
      .leftJoin(sources, eq(sources.id, contacts.sourceId))
      .where(inArray(contacts.id, ids));
    const [phoneRows, emailRows] = await Promise.all([
      executor
        .select({ id: contactPhones.id, contactId: contactPhones.contactId, number: contactPhones.number, phoneType: contactPhones.phoneType })
        .from(contactPhones)
        .where(inArray(contactPhones.contactId, ids))
        .orderBy(asc(contactPhones.position), asc(contactPhones.id)),
      executor
        .select({
          id: contactEmails.id,
          contactId: contactEmails.contactId,
          email: contactEmails.email,
          verified: contactEmails.verified,
          verification: contactEmails.verification,
          verifiedAt: contactEmails.verifiedAt,
        })
        .from(contactEmails)
        .where(inArray(contactEmails.contactId, ids))
        .orderBy(asc(contactEmails.position), asc(contactEmails.id)),
    ]);
    const byId = new Map<number, ContactRecord>();
    for (const r of rows) {
      const c = r.contact;
      byId.set(c.id, {
        ...c,
        owner: { id: c.ownerId, firstName: r.ownerFirst, lastName: r.ownerLast },
        status: c.statusId !== null && r.statusTitle !== null ? { id: c.statusId, title: r.statusTitle } : null,
        agentflowStatus: c.agentflowStatusId !== null && r.agentflowTitle !== null ? { id: c.agentflowStatusId, title: r.agentflowTitle } : null,
        source: c.sourceId !== null && r.sourceTitle !== null ? { id: c.sourceId, title: r.sourceTitle } : null,
        phones: [],
        emails: [],
      });
    }
    for (const p of phoneRows) byId.get(p.contactId)?.phones.push({ id: p.id, number: p.number, phoneType: p.phoneType });
    for (const e of emailRows) byId.get(e.contactId)?.emails.push({ id: e.id, email: e.email, verified: e.verified, verification: e.verification, verifiedAt: e.verifiedAt });
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async function refreshSearchText(executor: Executor, ids: number[]): Promise<void> {
    if (!ids.length) return;
    await executor.update(contacts).set({ searchText: SEARCH_TEXT_SQL }).where(inArray(contacts.id, ids));
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
          .set({ email: entry.email, position, ...(changed && { verified: false }) })
          .where(eq(contactEmails.id, entry.id));
      } else {
        await tx.insert(contactEmails).values({ contactId, email: entry.email, position });
      }
    }
  }

  return {
    load,

    /**
     * A page of the list and its count. Counting stops at CONTACTS_COUNT_CAP + 1 rows (a count over
     * a LIMITed subquery), so a broad search over a million contacts costs at most that many index
     * entries: the answer is exact up to the cap, and `capped` says "more than the cap" beyond it.
     * The page's ids come from the ordered index first; full rows are loaded for those ids only.
     */
    async list(reach: Reach, query: ScopeQuery): Promise<{ rows: ContactRecord[]; total: number; capped: boolean }> {
      const { scope } = query;
      const where = scopeCondition(reach, query);
      const [page, counted] = await Promise.all([
        db.execute<{ id: number }>(pageIdsQuery(where, scope, scope.limit, (scope.page - 1) * scope.limit)),
        db.execute<{ n: number }>(cappedCountQuery(where)),
      ]);
      const n = Number(counted.rows[0]?.n ?? 0);
      return { rows: await load(page.rows.map((r) => Number(r.id))), total: Math.min(n, CONTACTS_COUNT_CAP), capped: n > CONTACTS_COUNT_CAP };
    },

    /** Ids of the scope's contacts in list order: the first `limit`, or with `fromEnd` the last `limit` (still in list order). */
    async matchingIds(reach: Reach, query: ScopeQuery, limit: number, fromEnd = false): Promise<number[]> {
      const result = await db.execute<{ id: number }>(pageIdsQuery(scopeCondition(reach, query), query.scope, limit, 0, fromEnd));
      const ids = result.rows.map((r) => Number(r.id));
      return fromEnd ? ids.reverse() : ids;
    },

    /** Which of these ids the reach covers (live or in the trash). */
    async reachableIds(reach: Reach, ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      const rows = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(reachCondition(reach), inArray(contacts.id, ids)));
      return rows.map((r) => r.id);
    },

    /** A contact the reach covers, or undefined; trashed ones only when asked for. */
    async find(reach: Reach, id: number, options: { withTrashed?: boolean } = {}): Promise<ContactRecord | undefined> {
      const [row] = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(reachCondition(reach), eq(contacts.id, id), options.withTrashed ? undefined : isNull(contacts.deletedAt)));
      if (!row) return undefined;
      const [record] = await load([row.id]);
      return record;
    },

    async insert(companyId: number, values: ContactValues, phones: PhoneValue[], emails: EmailValue[]): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contacts)
          .values({ ...values, companyId })
          .returning({ id: contacts.id });
        if (!row) throw new Error('Insert returned nothing');
        if (phones.length) await tx.insert(contactPhones).values(phones.map((p, position) => ({ contactId: row.id, number: p.number, phoneType: p.phoneType, position })));
        if (emails.length) await tx.insert(contactEmails).values(emails.map((e, position) => ({ contactId: row.id, email: e.email, position })));
        await refreshSearchText(tx, [row.id]);
        return row.id;
      });
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

    /** Viewing removes the "new" marker; it is not an edit, so updated_at stays. */
    async clearNew(id: number): Promise<void> {
      await db.update(contacts).set({ isNew: false }).where(eq(contacts.id, id));
    },

    /**
     * Moves reachable contacts into the trash (`trashed` true) or back. `target` is a list of ids
     * (within the reach) or the scope (matched among live contacts when trashing, among trashed
     * ones when restoring). Returns how many contacts changed.
     */
    async setTrashed(reach: Reach, target: { ids: number[] } | ScopeQuery, trashed: boolean): Promise<number> {
      const where =
        'ids' in target
          ? and(reachCondition(reach), inArray(contacts.id, target.ids), trashed ? isNull(contacts.deletedAt) : isNotNull(contacts.deletedAt))
          : scopeCondition(reach, { ...target, scope: { ...target.scope, trashed: !trashed } });
      const now = new Date();
      const rows = await db
        .update(contacts)
        .set({ deletedAt: trashed ? now : null, updatedAt: now })
        .where(where)
        .returning({ id: contacts.id });
      return rows.length;
    },

    /** Whether a user is one the reach covers as an owner: the caller, someone below them, or (company reach) anyone of the company. */
    async ownerReachable(reach: Reach, userId: number): Promise<boolean> {
      if (reach.kind === 'own') return userId === reach.userId;
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, userId),
            eq(users.companyId, reach.companyId),
            reach.kind === 'downline' ? sql`${users.id} in (${treeBelow(sql`${reach.userId}::int`, reach.companyId)})` : undefined,
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

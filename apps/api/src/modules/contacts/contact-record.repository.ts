import { and, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { POLICY_TYPES, type Contact } from '@crm/contract';
import { dialingNumber } from '@crm/util';
import type { Database, Tx } from '../../db/database';
import { anyId, intArray, preparedStatement } from '../../db/sql-helpers';
import { JsonText, jsonText } from '../../lib/json-text';
import {
  agentflowStatuses,
  carriers,
  contactEmails,
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
import { reachCondition, userInReach } from './contacts-scope.repository';

/**
 * One contact and what belongs to it: its record (loadQuery, recordOf) and its API answer
 * (answerQuery, the one place that shapes it) with its owner, lookups and child rows; whether the
 * reach covers a contact or an owner; the contacts that share a phone or e-mail with a form.
 */

export type ContactRow = typeof contacts.$inferSelect;

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

export function createContactRecordRepository(db: Database) {
  const loadPrepared = preparedStatement<LoadedRow>(db, 'contacts_load', loadQuery(sql`${sql.placeholder('ids')}::int[]`));

  /** Full records for these ids, in the order given (loadQuery; the ids are one array parameter, not 500 for a page of 500). */
  async function load(ids: number[], executor: Database | Tx = db): Promise<ContactRecord[]> {
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
  };
}

export type ContactRecordRepository = ReturnType<typeof createContactRecordRepository>;

import {
  CONTACT_DUPLICATES_MAX,
  contactsScope,
  type ContactDuplicate,
  DEFAULT_TIMEZONE,
  IANA_TIMEZONES,
  TIMEZONES,
  type Contact,
  type ContactsMeta,
  type createContact,
  type destroyContacts,
  type findContactDuplicates,
  type ParsedBodyOf,
  type ParsedContactsScope,
  type quickUpdateContact,
  type selectedContactItems,
  type selectFirstLastContacts,
  type Timezone,
  type updateContact,
  type updateTagsGroup,
  type updateTagsSingle,
} from '@crm/contract';
import { allowedText, BRANDS, type TextKind } from '@crm/brand-config';
import { dialingNumber } from '@crm/util';
import type { Readable } from 'node:stream';
import { notFound, unprocessable, type FieldErrors } from '../../lib/http-errors';
import { jsonObject, type JsonText } from '../../lib/json-text';
import type { LookupsRepository } from '../lookups/lookups.repository';
import type { Identity } from '../sessions/identity';
import { contactReach, type Reach } from './contact-reach';
import { countKey, decodeCursor, encodeCursor } from './contacts-cursor';
import type { ContactRecord } from './contact-record.repository';
import type { ContactValues, EmailValue, PhoneValue } from './contact-writes.repository';
import type { ExportRow, ExportTarget } from './contacts-export.repository';
import type { ContactsRepository } from './contacts.repository';
import type { ScopeQuery } from './contacts-scope.repository';

type CreateInput = ParsedBodyOf<typeof createContact>;
type UpdateInput = ParsedBodyOf<typeof updateContact>;
type QuickUpdateInput = ParsedBodyOf<typeof quickUpdateContact>;
export type SelectionInput = ParsedBodyOf<typeof destroyContacts>;
type SelectedItemsInput = ParsedBodyOf<typeof selectedContactItems>;
type SelectFirstLastInput = ParsedBodyOf<typeof selectFirstLastContacts>;
type TagsGroupInput = ParsedBodyOf<typeof updateTagsGroup>;
type TagsSingleInput = ParsedBodyOf<typeof updateTagsSingle>;

/** The caller as the contacts module needs them (the brand: its keystroke filter applies to what they type). */
export type ContactsCaller = Pick<Identity, 'user' | 'roles' | 'brand'>;

/** Fields given in a create or update body, as columns (absent fields are left out, null clears). */
function valuesOf(body: UpdateInput): Partial<ContactValues> {
  const v: Partial<ContactValues> = {};
  if (body.first_name !== undefined) v.firstName = body.first_name;
  if (body.last_name !== undefined) v.lastName = body.last_name;
  if (body.category !== undefined) v.category = body.category;
  if (body.status_id !== undefined) v.statusId = body.status_id;
  if (body.agentflow_status_id !== undefined) v.agentflowStatusId = body.agentflow_status_id;
  if (body.source_id !== undefined) v.sourceId = body.source_id;
  if (body.owner_id !== undefined) v.ownerId = body.owner_id;
  if (body.address1 !== undefined) v.address1 = body.address1;
  if (body.address2 !== undefined) v.address2 = body.address2;
  if (body.city !== undefined) v.city = body.city;
  if (body.state !== undefined) v.state = body.state;
  if (body.zip !== undefined) v.zip = body.zip;
  if (body.date_of_birth !== undefined) v.dateOfBirth = body.date_of_birth;
  if (body.gender !== undefined) v.gender = body.gender;
  if (body.language !== undefined) v.language = body.language;
  if (body.timezone !== undefined) v.timezone = body.timezone;
  if (body.medicare_number !== undefined) v.medicareNumber = body.medicare_number;
  if (body.part_a_date !== undefined) v.partADate = body.part_a_date;
  if (body.part_b_date !== undefined) v.partBDate = body.part_b_date;
  if (body.linked_contact_id !== undefined) v.linkedContactId = body.linked_contact_id;
  if (body.note !== undefined) v.note = body.note;
  return v;
}

/** Phones as stored: dialing form (a 10-digit number gets its leading 1); a kept phone keeps its type unless a new one is given. */
function phonesOf(
  input: NonNullable<UpdateInput['phones']>,
  current: ContactRecord['phones'] = [],
): PhoneValue[] {
  return input.map((p) => ({
    id: p.id,
    number: dialingNumber(p.number),
    phoneType: p.phone_type ?? current.find((c) => c.id === p.id)?.phoneType ?? 2,
  }));
}

function emailsOf(input: NonNullable<UpdateInput['emails']>): EmailValue[] {
  return input.map((e) => ({ id: e.id, email: e.email }));
}

const unique = (ids: number[]) => [...new Set(ids)];

/** The scope as the repositories take it (the default scope when none is given), in the caller's time zone. */
export function scopeQuery(caller: ContactsCaller, scope: ParsedContactsScope | undefined): ScopeQuery {
  return { scope: scope ?? contactsScope.parse({}), timeZone: callerTimeZone(caller) };
}

/** The caller's time zone as an IANA name (their profile's zone; est when unknown). */
export function callerTimeZone(caller: ContactsCaller): string {
  return IANA_TIMEZONES[caller.user.timezone as Timezone] ?? IANA_TIMEZONES.est;
}

/**
 * Contacts (spec part 2 §3–§7, issue 4): the list and its search, the record endpoints and the
 * bulk trash/restore, all within the caller's reach (contact-reach.ts). A contact outside the reach
 * answers 404 exactly like a missing one; bulk actions given ids answer 404 when any id is outside
 * it (nothing changes), and given `all` plus a scope they match inside the reach only.
 */
/**
 * Free-text fields that take only the characters the brand's keystroke filter allows (spec part 2
 * §5), with their label and kind: names also take the apostrophe, hyphen and period.
 */
const FILTERED_FIELDS = {
  first_name: { label: 'First name', kind: 'person_name' },
  last_name: { label: 'Last name', kind: 'person_name' },
  city: { label: 'City', kind: 'text' },
} as const satisfies Record<string, { label: string; kind: TextKind }>;
type FilteredField = keyof typeof FILTERED_FIELDS;

type Deps = {
  contacts: ContactsRepository;
  lookups: LookupsRepository;
};

export function createContactsService({ contacts, lookups }: Deps) {
  /**
   * The browser filters keystrokes; the server refuses what slips past it (a script, a paste, an
   * API key), so the rule holds for every caller.
   */
  async function checkKeystrokes(
    caller: ContactsCaller,
    body: Partial<Record<FilteredField, string | null | undefined>>,
  ) {
    const brand = BRANDS[caller.brand];
    const errors: FieldErrors = {};
    for (const [field, { label, kind }] of Object.entries(FILTERED_FIELDS) as [FilteredField, (typeof FILTERED_FIELDS)[FilteredField]][]) {
      const value = body[field];
      if (typeof value === 'string' && !allowedText(brand, kind, value)) {
        errors[field] = `${label} contains characters that are not allowed`;
      }
    }
    if (Object.keys(errors).length) throw unprocessable(errors);
  }

  async function reachable(
    caller: ContactsCaller,
    id: number,
    options: { withTrashed?: boolean } = {},
  ): Promise<ContactRecord> {
    const record = await contacts.find(contactReach(caller), id, options);
    if (!record) throw notFound('Contact');
    return record;
  }

  /** A contact the caller reaches, by its id alone (else 404): for the modules of its tabs, which need no more of it. */
  async function requireReachable(caller: ContactsCaller, id: number, options: { withTrashed?: boolean } = {}): Promise<{ id: number }> {
    const found = await contacts.reachableId(contactReach(caller), id, options);
    if (found === undefined) throw notFound('Contact');
    return { id: found };
  }

  /** Every id must be reachable, or the answer is 404 and nothing is touched. */
  async function reachableIds(caller: ContactsCaller, ids: number[]): Promise<number[]> {
    const wanted = unique(ids);
    const found = new Set(await contacts.reachableIds(contactReach(caller), wanted));
    if (wanted.some((id) => !found.has(id))) throw notFound('Contact');
    return wanted;
  }

  /** What an export reads: ids (every one reachable, else 404), or all plus the scope; in the caller's zone. */
  async function exportTarget(caller: ContactsCaller, body: SelectionInput): Promise<{ reach: Reach; target: ExportTarget; timeZone: string }> {
    const query = scopeQuery(caller, body.contacts_scope);
    if (body.all) return { reach: contactReach(caller, query.scope.contact_group), target: query, timeZone: query.timeZone };
    return { reach: contactReach(caller), target: { ids: await reachableIds(caller, body.ids ?? []) }, timeZone: query.timeZone };
  }

  /** Catalog entries of the caller's company, an owner the caller reaches, a linked contact the caller reaches. */
  async function checkReferences(
    caller: ContactsCaller,
    reach: Reach,
    body: UpdateInput,
    selfId?: number,
  ): Promise<void> {
    const companyId = caller.user.companyId;
    const errors: FieldErrors = {};
    const checks: Promise<void>[] = [];
    const check = (field: string, message: string, ok: () => Promise<boolean>) =>
      checks.push(
        ok().then((fine) => {
          if (!fine) errors[field] = message;
        }),
      );
    const statusId = body.status_id;
    if (typeof statusId === 'number')
      check('status_id', 'Choose a status', () => lookups.has('statuses', companyId, statusId));
    const agentflowId = body.agentflow_status_id;
    if (typeof agentflowId === 'number')
      check('agentflow_status_id', 'Choose an AgentFlow status', () =>
        lookups.has('agentflow_statuses', companyId, agentflowId),
      );
    const sourceId = body.source_id;
    if (typeof sourceId === 'number')
      check('source_id', 'Choose a source', () => lookups.has('sources', companyId, sourceId));
    const ownerId = body.owner_id;
    if (typeof ownerId === 'number')
      check('owner_id', 'Choose an owner', () => contacts.ownerReachable(reach, ownerId));
    const linkedId = body.linked_contact_id;
    if (typeof linkedId === 'number') {
      if (linkedId === selfId) errors.linked_contact_id = 'A contact cannot be linked to itself';
      else
        check('linked_contact_id', 'Choose a linked contact', async () =>
          (await contacts.reachableId(reach, linkedId)) !== undefined,
        );
    }
    await Promise.all(checks);
    if (Object.keys(errors).length) throw unprocessable(errors);
  }

  /** Tag ids must be tags of the caller's company: 422 on the field that names another. */
  async function checkTags(caller: ContactsCaller, lists: Record<string, number[]>): Promise<void> {
    const wanted = unique(Object.values(lists).flat());
    const known = new Set(await contacts.companyTagIds(caller.user.companyId, wanted));
    const errors: FieldErrors = {};
    for (const [field, ids] of Object.entries(lists)) {
      if (ids.some((id) => !known.has(id))) errors[field] = 'Choose tags';
    }
    if (Object.keys(errors).length) throw unprocessable(errors);
  }

  /** The contact's answer (contact-record.repository answerQuery: the one place that shapes it). */
  async function present<X extends Record<string, unknown> = Record<never, never>>(id: number, extra?: X): Promise<JsonText<{ data: Contact } & X>> {
    const answer = await contacts.answer(id);
    if (!answer) throw notFound('Contact');
    return jsonObject<Record<string, unknown>>({ data: answer, ...extra }) as JsonText<{ data: Contact } & X>;
  }

  return {
    /** The contact if the caller reaches it (trash included on request), else 404: for modules of the contact's children. */
    findReachable: reachable,
    requireReachable,
    /** The ids, if the caller reaches every one of them, else 404. */
    requireReachableIds: reachableIds,
    /** The contact as the API answers it, by id (no reach check: for modules that checked it already). */
    present,

    /** The catalog entries (status, AgentFlow status, source) and owner a body names are the caller's company's and reach's; else 422 per field. */
    checkReferences: (caller: ContactsCaller, body: Pick<UpdateInput, 'status_id' | 'agentflow_status_id' | 'source_id' | 'owner_id'>) =>
      checkReferences(caller, contactReach(caller), body),

    async list(
      caller: ContactsCaller,
      scopeInput: ParsedContactsScope | undefined,
    ): Promise<JsonText<{ data: Contact[]; meta: ContactsMeta }>> {
      const query = scopeQuery(caller, scopeInput);
      const { scope } = query;
      const reach = contactReach(caller, scope.contact_group);
      // the count depends on the search, not on which page of it (see contacts-cursor.ts)
      const search = { ...scope, cursor: undefined, page: undefined, limit: undefined };
      const key = countKey([reach, query.timeZone, search]);
      const decoded = scope.cursor
        ? decodeCursor(scope.cursor, scope.order_field, scope.order, key)
        : undefined;
      if (decoded === null)
        throw unprocessable({ 'contacts_scope.cursor': 'Cursor does not match this search' });
      const { rows, total, capped, next } = await contacts.list(
        reach,
        query,
        decoded?.after,
        decoded?.count,
      );
      return jsonObject<{ data: Contact[]; meta: ContactsMeta }>({
        data: rows,
        meta: {
          current_page: scope.page,
          limit: scope.limit,
          total_count: total,
          total_pages: Math.ceil(total / scope.limit),
          total_count_capped: capped,
          next_cursor: next
            ? encodeCursor(scope.order_field, scope.order, next, { total, capped, key })
            : null,
        },
      });
    },

    async selectedItems(
      caller: ContactsCaller,
      body: SelectedItemsInput,
    ): Promise<{ ids: number[] }> {
      if (body.all) {
        const query = scopeQuery(caller, body.contacts_scope);
        return {
          ids: await contacts.matchingIds(
            contactReach(caller, query.scope.contact_group),
            query,
            body.limit,
          ),
        };
      }
      return { ids: (await reachableIds(caller, body.ids ?? [])).slice(0, body.limit) };
    },

    async selectFirstLast(
      caller: ContactsCaller,
      body: SelectFirstLastInput,
    ): Promise<{ ids: number[] }> {
      const query = scopeQuery(caller, body.contacts_scope);
      return {
        ids: await contacts.matchingIds(
          contactReach(caller, query.scope.contact_group),
          query,
          body.n,
          body.from === 'last',
        ),
      };
    },

    /** The form's duplicate check: reachable contacts that already have one of these phones or e-mails. */
    async duplicateCheck(caller: ContactsCaller, body: ParsedBodyOf<typeof findContactDuplicates>): Promise<{ data: ContactDuplicate[] }> {
      const found = await contacts.withContactPoints(
        contactReach(caller),
        { phones: body.phones, emails: body.emails, excludeId: body.contact_id },
        CONTACT_DUPLICATES_MAX,
      );
      return {
        data: found.map((c) => ({
          id: c.id,
          first_name: c.firstName,
          last_name: c.lastName,
          owner: { id: c.ownerId, name: c.ownerName },
          phones: c.phones,
          emails: c.emails,
        })),
      };
    },

    async create(caller: ContactsCaller, body: CreateInput): Promise<JsonText<{ data: Contact }>> {
      await checkKeystrokes(caller, body);
      const reach = contactReach(caller);
      await checkReferences(caller, reach, body);
      const values: ContactValues = {
        category: 'lead',
        // omitted: the caller's own time zone (a Pacific agent's new contact is Pacific), EST when unknown
        timezone: TIMEZONES.find((zone) => zone === caller.user.timezone) ?? DEFAULT_TIMEZONE,
        lastName: '',
        ...valuesOf(body),
        firstName: body.first_name,
        ownerId: body.owner_id ?? caller.user.id,
        isNew: true,
      };
      const id = await contacts.insert(
        caller.user.companyId,
        values,
        phonesOf(body.phones ?? []),
        emailsOf(body.emails ?? []),
      );
      return present(id);
    },

    /** A contact (also one in the trash); viewing removes the "new" marker unless the caller opts out. */
    async show(
      caller: ContactsCaller,
      id: number,
      options: { keepNew?: boolean | undefined } = {},
    ): Promise<JsonText<{ data: Contact }>> {
      const { id: found } = await requireReachable(caller, id, { withTrashed: true });
      if (!options.keepNew) await contacts.clearNew(found);
      return present(found);
    },

    async update(
      caller: ContactsCaller,
      id: number,
      body: UpdateInput,
    ): Promise<JsonText<{ data: Contact }>> {
      const record = await reachable(caller, id);
      await checkKeystrokes(caller, body);
      await checkReferences(caller, contactReach(caller), body, record.id);
      const phones = body.phones ? phonesOf(body.phones, record.phones) : undefined;
      const emails = body.emails ? emailsOf(body.emails) : undefined;
      await contacts.update(record.id, valuesOf(body), phones, emails);
      return present(record.id);
    },

    /** The list's inline edit: category, status, names, and the first phone and e-mail (null removes them). */
    async quickUpdate(
      caller: ContactsCaller,
      id: number,
      body: QuickUpdateInput,
    ): Promise<JsonText<{ data: Contact }>> {
      const record = await reachable(caller, id);
      await checkKeystrokes(caller, body);
      await checkReferences(caller, contactReach(caller), { status_id: body.status_id });
      let phones: PhoneValue[] | undefined;
      if (body.phone !== undefined) {
        const current: PhoneValue[] = record.phones.map((p) => ({ ...p }));
        const [first, ...rest] = current;
        if (body.phone === null) phones = rest;
        else if (first) phones = [{ ...first, number: dialingNumber(body.phone) }, ...rest];
        else phones = [{ number: dialingNumber(body.phone), phoneType: 2 }];
      }
      let emails: EmailValue[] | undefined;
      if (body.email !== undefined) {
        const [first, ...rest] = record.emails.map((e) => ({ id: e.id, email: e.email }));
        if (body.email === null) emails = rest;
        else if (first) emails = [{ ...first, email: body.email }, ...rest];
        else emails = [{ email: body.email }];
      }
      const values = valuesOf({
        category: body.category,
        status_id: body.status_id,
        first_name: body.first_name,
        last_name: body.last_name,
      });
      await contacts.update(record.id, values, phones, emails);
      return present(record.id);
    },

    async updateNote(caller: ContactsCaller, id: number, note: string): Promise<JsonText<{ data: Contact }>> {
      const record = await requireReachable(caller, id);
      await contacts.update(record.id, { note: note.trim() === '' ? null : note });
      return present(record.id);
    },

    async assignToMe(caller: ContactsCaller, id: number): Promise<JsonText<{ data: Contact }>> {
      const record = await reachable(caller, id);
      if (record.ownerId !== caller.user.id)
        await contacts.update(record.id, { ownerId: caller.user.id });
      return present(record.id);
    },

    /**
     * Adds `tags` to and removes `remove_tags` from a selection: ids (every one reachable, else 404
     * and nothing changes) or all plus the scope (reachable matching contacts). A tag named in both
     * lists is added. Answers how many contacts the selection has.
     */
    async updateTagsGroup(
      caller: ContactsCaller,
      body: TagsGroupInput,
    ): Promise<{ count: number }> {
      await checkTags(caller, { tags: body.tags, remove_tags: body.remove_tags });
      const add = unique(body.tags);
      const remove = unique(body.remove_tags).filter((id) => !add.includes(id));
      if (body.all) {
        const query = scopeQuery(caller, body.contacts_scope);
        return {
          count: await contacts.updateTags(
            contactReach(caller, query.scope.contact_group),
            query,
            add,
            remove,
          ),
        };
      }
      const ids = await reachableIds(caller, body.ids ?? []);
      return { count: await contacts.updateTags(contactReach(caller), { ids }, add, remove) };
    },

    /** Sets one contact's tags to exactly this list. */
    async updateTagsSingle(
      caller: ContactsCaller,
      body: TagsSingleInput,
    ): Promise<JsonText<{ data: Contact }>> {
      const record = await requireReachable(caller, body.contact_id);
      await checkTags(caller, { tags: body.tags });
      await contacts.setTags(record.id, unique(body.tags));
      return present(record.id);
    },

    /**
     * The rows of an export in batches (contacts-export.repository exportRows): ids (every one reachable,
     * else 404 before anything is sent), or all plus the scope. Timestamps in the caller's zone.
     * With about how many rows it has (exportEstimate), for the download's progress.
     */
    async exportRows(caller: ContactsCaller, body: SelectionInput): Promise<{ batches: AsyncGenerator<ExportRow[]>; estimate: number }> {
      const { reach, target, timeZone } = await exportTarget(caller, body);
      return { estimate: await contacts.exportEstimate(reach, target), batches: contacts.exportRows(reach, target, timeZone) };
    },

    /** The same contacts as CSV rows written by the database (contacts-export.repository exportCsv), with the estimate. */
    async exportCsv(caller: ContactsCaller, body: SelectionInput): Promise<{ rows: Readable; estimate: number }> {
      const { reach, target, timeZone } = await exportTarget(caller, body);
      const [estimate, rows] = await Promise.all([contacts.exportEstimate(reach, target), contacts.exportCsv(reach, target, timeZone)]);
      return { estimate, rows };
    },

    /** Soft delete (trashed = true) or restore: ids (every one reachable, else 404), or all plus the scope. */
    async setTrashed(
      caller: ContactsCaller,
      body: SelectionInput,
      trashed: boolean,
    ): Promise<{ count: number }> {
      if (body.all) {
        const query = scopeQuery(caller, body.contacts_scope);
        return {
          count: await contacts.setTrashed(
            contactReach(caller, query.scope.contact_group),
            query,
            trashed,
          ),
        };
      }
      const ids = await reachableIds(caller, body.ids ?? []);
      return { count: await contacts.setTrashed(contactReach(caller), { ids }, trashed) };
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;

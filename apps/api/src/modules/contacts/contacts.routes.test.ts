import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contact as contactSchema,
  type Contact,
  type ContactsScope,
  type CreateContactBody,
} from '@crm/contract';
import { contactEmails, contacts } from '../../db/schema';
import { DEMO_CONTACTS_PER_AGENT, demoContacts } from '../../db/seed-contacts';
import { SEARCH_TEXT_SQL } from './contacts-scope.repository';
import { EVERGREEN_DEMO, KEYSTONE_DEMO, seedDemoCrm, seedEmail } from '../../db/seed';
import {
  createContact,
  firstContactOf as firstContactOf_,
  listContacts,
  signIn,
  signInCast,
  type ContactsListBody,
  type SignedIn,
} from '../../test/contact-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

const keystone = (key: string) => seedEmail(key, KEYSTONE_DEMO.domainName);
const evergreen = (key: string) => seedEmail(key, EVERGREEN_DEMO.domainName);

let t: TestApp;
const as: Record<string, SignedIn> = {};
/** Ids of the signed-in users and of a few seeded ones who are not signed in. */
const userIds: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const [cast, subadmin, district, kAdmin, kRm, eBasic] = await Promise.all([
    signInCast(t),
    signIn(t, seedEmail('subadmin')),
    signIn(t, seedEmail('district')),
    signIn(t, keystone('admin'), 'keystone.localhost'),
    signIn(t, keystone('rm'), 'keystone.localhost'),
    signIn(t, evergreen('basic'), 'evergreen.localhost'),
  ]);
  Object.assign(as, cast, { subadmin, district, kAdmin, kRm, eBasic });
  for (const [name, agent] of Object.entries(as)) userIds[name] = agent.userId;
  for (const key of ['secure.agent', 'new.agent'])
    userIds[key] = (await t.ctx.usersRepository.findByEmail(seedEmail(key)))!.id;
});
afterAll(() => t.close());

type ListBody = ContactsListBody;
const list = (who: string, scope?: ContactsScope): Promise<ListBody> => listContacts(as[who]!, scope);
const names = (body: ListBody) => body.data.map((c) => `${c.first_name} ${c.last_name}`);

const create = (who: string, body: CreateContactBody): Promise<Contact> => createContact(as[who]!, body);

/** A contact of another user, taken from the database (the seed gives every agent-level user some). */
const firstContactOf = (key: string): Promise<number> => firstContactOf_(t, userIds[key]!);

const del = (who: string, body: unknown) =>
  as[who]!.request('DELETE', '/v1/contacts/destroy_all', { body });

describe('seed', () => {
  it('gives every agent-level user of every brand their demo contacts, with the catalogs of their company', async () => {
    const agent = await list('agent', { limit: 100 });
    expect(agent.meta).toEqual({
      current_page: 1,
      limit: 100,
      total_count: DEMO_CONTACTS_PER_AGENT,
      total_pages: 1,
      total_count_capped: false,
      next_cursor: null,
    });
    for (const row of agent.data)
      expect(contactSchema.safeParse(row).success, JSON.stringify(row)).toBe(true);
    expect(
      agent.data.every((c) => c.owner.id === userIds.agent && c.owner.name === 'Jamie Carter'),
    ).toBe(true);
    expect(agent.data.filter((c) => c.new)).toHaveLength(3);
    expect(
      agent.data.some((c) => c.status !== null && c.source !== null && c.phones.length > 0),
    ).toBe(true);
    expect((await list('kAgent')).meta.total_count).toBe(DEMO_CONTACTS_PER_AGENT);
    expect((await list('eBasic')).meta.total_count).toBe(DEMO_CONTACTS_PER_AGENT);
  });

  it('is deterministic and adds nothing when run again', async () => {
    const catalogs = { statuses: [1, 2], agentflowStatuses: [3], sources: [4] };
    expect(demoContacts('same', 1, 5, catalogs)).toEqual(demoContacts('same', 1, 5, catalogs));
    expect(demoContacts('same', 1, 5, catalogs)).not.toEqual(demoContacts('other', 1, 5, catalogs));
    expect(
      await seedDemoCrm(t.ctx.usersRepository, {
        lookups: t.ctx.lookupsRepository,
        contacts: t.ctx.contactsRepository,
      }),
    ).toBe(0);
  });
});

describe('POST /v1/contacts', () => {
  it('creates a contact owned by the caller, phones in dialing form, marked new, with the defaults', async () => {
    const statuses = (await as.agent!.get('/v1/statuses')).json().data;
    const created = await create('agent', {
      first_name: '  Nora ',
      last_name: 'Vantablack',
      status_id: statuses[1].id,
      phones: [{ number: '(212) 867-5309' }, { number: '1-646-555-0142', phone_type: 9 }],
      emails: [{ email: 'Nora.Vantablack@Example.test' }],
      state: 'ny',
      zip: '10001',
      date_of_birth: '1950-04-12',
      gender: 'female',
      medicare_number: '1eg4-te5-mk73',
      part_a_date: '2015-04-01',
    });
    expect(contactSchema.safeParse(created).success).toBe(true);
    expect(created).toMatchObject({
      first_name: 'Nora',
      last_name: 'Vantablack',
      category: 'lead',
      timezone: 'pst', // none given: the caller's own (Jamie Carter is on Pacific time)
      status: { id: statuses[1].id, title: 'Contacted' },
      owner: { id: userIds.agent, name: 'Jamie Carter' },
      phones: [
        { number: '12128675309', phone_type: 2 },
        { number: '16465550142', phone_type: 9 },
      ],
      emails: [{ email: 'Nora.Vantablack@Example.test', verified: false }],
      state: 'NY',
      date_of_birth: '1950-04-12',
      gender: 'female',
      medicare_number: '1EG4TE5MK73',
      part_a_date: '2015-04-01',
      part_b_date: null,
      new: true,
      deleted_at: null,
    });
  });

  it('writes the search text with the row, as SEARCH_TEXT_SQL makes it from the phones and e-mails stored', async () => {
    const made = await Promise.all([
      create('agent', {
        first_name: 'Zoë',
        last_name: "O'Séaghdha",
        phones: [{ number: '(212) 867-5310' }, { number: '646-555-0143', phone_type: 9 }],
        emails: [{ email: 'Zoe.O@Example.test' }, { email: 'second@example.test' }],
      }),
      create('agent', { first_name: 'Solo' }),
      create('agent', { first_name: 'Phone', last_name: 'Only', phones: [{ number: '305 555 0199' }] }),
    ]);
    const rows = await t.ctx.db
      .select({ id: contacts.id, stored: contacts.searchText, made: SEARCH_TEXT_SQL })
      .from(contacts)
      .where(inArray(contacts.id, made.map((c) => c.id)));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.stored, String(row.id)).toBe(row.made);
    expect(rows.find((r) => r.id === made[0]!.id)?.stored).toBe("zoe oseaghdha zoe.o@example.test second@example.test 12128675310 16465550143");
  });

  it('answers 422 with a plain-English message per field', async () => {
    const res = await as.agent!.post('/v1/contacts', {
      last_name: 'Nofirst',
      phones: [{ number: '555-12' }],
      emails: [{ email: 'not-an-email' }],
      state: 'XX',
      zip: '12',
      date_of_birth: '2999-01-01',
      category: 'customer',
      timezone: 'utc',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      first_name: 'First name is required',
      'phones.0.number': 'Phone must have 10 or 11 digits',
      'emails.0.email': 'Email is invalid',
      state: 'Choose a state',
      zip: 'Zip must have 5 digits (or 5+4)',
      date_of_birth: 'Date of birth must be a past date after 1900',
      category: 'Choose a category (lead, prospect or client)',
      timezone: 'Choose a time zone',
    });
  });

  it("refuses characters the brand's keystroke filter does not allow, on the server too", async () => {
    // Harbor: letters, digits and spaces only
    const harbor = await as.agent!.post('/v1/contacts', {
      first_name: 'Ann<script>',
      last_name: 'Lee',
      city: 'Apt #4/B',
    });
    expect(harbor.statusCode).toBe(422);
    expect(harbor.json().errors).toEqual({
      first_name: 'First name contains characters that are not allowed',
      city: 'City contains characters that are not allowed',
    });
    // Keystone also allows # and /
    const ks = await as.kAgent!.post('/v1/contacts', {
      first_name: 'Ann',
      last_name: 'Lee',
      city: 'Apt #4/B',
    });
    expect(ks.statusCode, ks.body).toBe(200);
    expect(ks.json().data.city).toBe('Apt #4/B');
    // leave Keystone's contact counts as the seed made them for the tests below
    await t.ctx.db.delete(contacts).where(eq(contacts.id, ks.json().data.id));
    const id = (
      await as.agent!.post('/v1/contacts', { first_name: 'Ann', last_name: 'Lee' })
    ).json().data.id;
    expect(
      (await as.agent!.patch(`/v1/contacts/${id}`, { last_name: 'Lee!' })).json().errors,
    ).toEqual({
      last_name: 'Last name contains characters that are not allowed',
    });
    expect(
      (await as.agent!.patch(`/v1/contacts/${id}/quick_update`, { first_name: 'A;n' })).statusCode,
    ).toBe(422);
  });

  it("refuses another company's catalog entries, owners outside the reach and linked contacts outside it", async () => {
    const kStatus = (await as.kAgent!.get('/v1/statuses')).json().data[0].id;
    const foreignContact = await firstContactOf('telemarketer');
    const res = await as.agent!.post('/v1/contacts', {
      first_name: 'Olive',
      status_id: kStatus,
      owner_id: userIds.telemarketer,
      linked_contact_id: foreignContact,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      status_id: 'Choose a status',
      owner_id: 'Choose an owner',
      linked_contact_id: 'Choose a linked contact',
    });
  });

  it('a manager may create a contact for someone in their downline, not for anyone else', async () => {
    const forAgent = await create('field', {
      first_name: 'Delegated',
      last_name: 'Lead',
      owner_id: userIds.agent,
    });
    expect(forAgent.owner).toEqual({ id: userIds.agent, name: 'Jamie Carter' });
    const refused = await as.field!.post('/v1/contacts', {
      first_name: 'Nope',
      owner_id: userIds.telemarketer,
    });
    expect(refused.json().errors).toEqual({ owner_id: 'Choose an owner' });
    const admin = await create('admin', {
      first_name: 'Company',
      last_name: 'Wide',
      owner_id: userIds.telemarketer,
    });
    expect(admin.owner.id).toBe(userIds.telemarketer);
    const foreignOwner = (await t.ctx.usersRepository.findByEmail(keystone('agent')))!.id;
    expect(
      (await as.admin!.post('/v1/contacts', { first_name: 'X', owner_id: foreignOwner })).json()
        .errors,
    ).toEqual({ owner_id: 'Choose an owner' });
  });
});

describe('PATCH /v1/contacts (list and search)', () => {
  const people: Contact[] = [];
  beforeAll(async () => {
    const statuses = (await as.agent!.get('/v1/statuses')).json().data;
    const sources = (await as.agent!.get('/v1/sources')).json().data;
    people.push(
      await create('agent', {
        first_name: 'Ann',
        last_name: 'Quorrab',
        category: 'client',
        city: 'Zenith',
        state: 'TX',
        status_id: statuses[4].id,
        source_id: sources[2].id,
        phones: [{ number: '972-555-8811' }],
        emails: [{ email: 'ann.quorra@example.test' }],
        date_of_birth: '1948-02-03',
      }),
      await create('agent', {
        first_name: 'Bert',
        last_name: 'Quorraa',
        category: 'prospect',
        state: 'FL',
        phones: [{ number: '13055558822' }],
      }),
      await create('agent', {
        first_name: 'Cleo',
        last_name: 'Quorrac',
        category: 'lead',
        city: 'Avalon',
        state: 'TX',
        date_of_birth: '1990-07-07',
      }),
    );
  });

  it('finds by name, full name, phone (formatted or digits) and e-mail, without regard to case', async () => {
    expect(names(await list('agent', { q: 'quorra' }))).toEqual([
      'Bert Quorraa',
      'Ann Quorrab',
      'Cleo Quorrac',
    ]);
    expect(names(await list('agent', { q: 'ANN QUORRAB' }))).toEqual(['Ann Quorrab']);
    expect(names(await list('agent', { q: 'quorrab ann' }))).toEqual(['Ann Quorrab']);
    for (const q of [
      '972-555-8811',
      '(972) 555-8811',
      '9725558811',
      '1-972-555-8811',
      '19725558811',
      '555-8811',
    ]) {
      expect(names(await list('agent', { q })), q).toEqual(['Ann Quorrab']);
    }
    expect(names(await list('agent', { q: '305 555 8822' }))).toEqual(['Bert Quorraa']);
    expect(names(await list('agent', { q: 'ann.quorra@example.test' }))).toEqual(['Ann Quorrab']);
    expect(names(await list('agent', { q: 'quorra@EXAMPLE' }))).toEqual(['Ann Quorrab']);
    // an address is matched whole and literally (the index looks up the part before the '@')
    expect(names(await list('agent', { q: 'Ann.Quorra@example.tes' }))).toEqual(['Ann Quorrab']);
    expect((await list('agent', { q: 'ann.quorra@example.tesx' })).data).toEqual([]);
    expect((await list('agent', { q: 'ann.quorra@other.test' })).data).toEqual([]);
    expect((await list('agent', { q: 'ann_quorra@example.test' })).data).toEqual([]);
    expect((await list('agent', { q: 'ann%@example.test' })).data).toEqual([]);
    expect((await list('agent', { q: '%' })).data).toEqual([]);
    expect((await list('agent', { q: 'quorra_' })).data).toEqual([]);
    // another agent never finds them
    expect((await list('telemarketer', { q: 'quorra' })).data).toEqual([]);
  });

  it('finds a city by part of its name as contacts are created, edited and loaded in bulk (the company\'s city list)', async () => {
    const cities = async (operator: 'contains' | 'starts_with' | 'ends_with', value: string) =>
      names(await list('agent', { q: 'cityzz', search: [{ field: 'city', operator, value }] }));
    const made = await create('agent', { first_name: 'Made', last_name: 'Cityzz', city: 'Quillville' });
    expect(await cities('contains', 'LLVIL')).toEqual(['Made Cityzz']);
    expect(await cities('starts_with', 'quill')).toEqual(['Made Cityzz']);
    expect(await cities('ends_with', 'VILLE')).toEqual(['Made Cityzz']);
    expect(await cities('starts_with', 'ville')).toEqual([]);
    // edited: the new name is found, the old one finds nothing (it stays listed, matching no contact)
    const edited = await as.agent!.patch(`/v1/contacts/${made.id}`, { city: 'Port Quill' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await cities('contains', 'quillville')).toEqual([]);
    expect(await cities('ends_with', 'quill')).toEqual(['Made Cityzz']);
    // loaded in bulk (imports, demo data): one statement for many rows
    const { userId: ownerId, companyId } = as.agent!;
    await t.ctx.contactsRepository.insertMany(companyId, [
      { values: { ownerId, firstName: 'Bulk', lastName: 'Cityzz', city: 'Quillmont' }, phones: [], emails: [] },
      { values: { ownerId, firstName: 'Also', lastName: 'Cityzz', city: 'Quillmont' }, phones: [], emails: [] },
    ]);
    expect(await cities('starts_with', 'quill')).toEqual(['Also Cityzz', 'Bulk Cityzz']); // one surname: by first name
    // LIKE's wildcards are plain characters in a city search
    expect(await cities('contains', '%')).toEqual([]);
  });

  it('filters by category, status, source, state, creation date and the advanced search', async () => {
    const [ann, bert, cleo] = people as [Contact, Contact, Contact];
    expect(names(await list('agent', { q: 'quorra', category: 'client' }))).toEqual([
      'Ann Quorrab',
    ]);
    expect(names(await list('agent', { q: 'quorra', states: ['TX'] }))).toEqual([
      'Ann Quorrab',
      'Cleo Quorrac',
    ]);
    expect(names(await list('agent', { q: 'quorra', status_ids: [ann.status!.id] }))).toEqual([
      'Ann Quorrab',
    ]);
    expect(names(await list('agent', { q: 'quorra', source_ids: [ann.source!.id] }))).toEqual([
      'Ann Quorrab',
    ]);
    // dates of timestamps are days in the caller's time zone (Jamie Carter's is pst)
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(
      new Date(),
    );
    expect(
      (await list('agent', { q: 'quorra', created_from: '2020-01-01', created_to: '2099-01-01' }))
        .data,
    ).toHaveLength(3);
    expect((await list('agent', { q: 'quorra', created_to: '2020-01-01' })).data).toHaveLength(0);
    expect((await list('agent', { q: 'quorra', created_from: '2099-01-01' })).data).toHaveLength(0);

    const search = async (entries: ContactsScope['search']) =>
      names(await list('agent', { q: 'quorra', search: entries }));
    expect(await search([{ field: 'first_name', operator: 'starts_with', value: 'be' }])).toEqual([
      'Bert Quorraa',
    ]);
    expect(await search([{ field: 'city', operator: 'contains', value: 'ZEN' }])).toEqual([
      'Ann Quorrab',
    ]);
    expect(await search([{ field: 'city', operator: 'blank' }])).toEqual(['Bert Quorraa']);
    expect(await search([{ field: 'city', operator: 'not_contains', value: 'zen' }])).toEqual([
      'Bert Quorraa',
      'Cleo Quorrac',
    ]);
    expect(await search([{ field: 'state', operator: 'in', value: ['fl'] }])).toEqual([
      'Bert Quorraa',
    ]);
    expect(await search([{ field: 'state', operator: 'not_in', value: ['FL'] }])).toEqual([
      'Ann Quorrab',
      'Cleo Quorrac',
    ]);
    expect(await search([{ field: 'phone', operator: 'contains', value: '555-88' }])).toEqual([
      'Bert Quorraa',
      'Ann Quorrab',
    ]);
    expect(await search([{ field: 'phone', operator: 'eq', value: '305-555-8822' }])).toEqual([
      'Bert Quorraa',
    ]);
    expect(await search([{ field: 'phone', operator: 'blank' }])).toEqual(['Cleo Quorrac']);
    expect(await search([{ field: 'email', operator: 'present' }])).toEqual(['Ann Quorrab']);
    expect(await search([{ field: 'email', operator: 'not_contains', value: 'ann' }])).toEqual([
      'Bert Quorraa',
      'Cleo Quorrac',
    ]);
    expect(
      await search([
        { field: 'date_of_birth', operator: 'between', value: ['1940-01-01', '1960-01-01'] },
      ]),
    ).toEqual(['Ann Quorrab']);
    expect(
      await search([{ field: 'date_of_birth', operator: 'after', value: '1960-01-01' }]),
    ).toEqual(['Cleo Quorrac']);
    expect(
      await search([{ field: 'status_id', operator: 'not_in', value: [ann.status!.id] }]),
    ).toEqual(['Bert Quorraa', 'Cleo Quorrac']);
    expect(
      await search([{ field: 'category', operator: 'in', value: ['lead', 'prospect'] }]),
    ).toEqual(['Bert Quorraa', 'Cleo Quorrac']);
    expect(await search([{ field: 'created_at', operator: 'on', value: today }])).toHaveLength(3);
    // several entries all hold; empty entries are dropped as the client would drop them
    expect(
      await search([
        { field: 'state', operator: 'in', value: ['TX'] },
        { field: 'first_name', operator: 'contains', value: 'cle' },
        { field: 'last_name', operator: 'eq', value: '' },
        { field: 'status_id', operator: 'in', value: [] },
      ]),
    ).toEqual(['Cleo Quorrac']);
    expect([bert.id, cleo.id]).toHaveLength(2);
  });

  it('refuses a bad scope with 422 naming the field', async () => {
    const bad = async (scope: unknown) => {
      const res = await as.agent!.patch('/v1/contacts', { contacts_scope: scope });
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors;
    };
    expect(await bad({ limit: 501 })).toEqual({
      'contacts_scope.limit': 'Limit must be at most 500',
    });
    expect(await bad({ order_field: 'password' })).toEqual({
      'contacts_scope.order_field': 'Choose a column to sort by',
    });
    expect(
      await bad({ search: [{ field: 'status_id', operator: 'contains', value: 'x' }] }),
    ).toEqual({
      'contacts_scope.search.0.operator': 'The operator contains does not apply to status_id',
    });
    expect(await bad({ search: [{ field: 'state', operator: 'in', value: ['ZZ'] }] })).toEqual({
      'contacts_scope.search.0.value': 'Choose a state',
    });
    expect(
      await bad({ search: [{ field: 'created_at', operator: 'between', value: ['2024-01-01'] }] }),
    ).toEqual({
      'contacts_scope.search.0.value': 'Give two dates',
    });
    expect(await bad({ created_from: '2024-13-01' })).toEqual({
      'contacts_scope.created_from': 'Created from must be a date (YYYY-MM-DD)',
    });
    expect(await bad({ owner_ids: ['x'] })).toEqual({
      'contacts_scope.owner_ids.0': 'Must be an id',
    });
  });

  it('sorts by any offered column in either direction, id breaking ties, empty values last', async () => {
    expect(names(await list('agent', { q: 'quorra', order: 'desc' }))).toEqual([
      'Cleo Quorrac',
      'Ann Quorrab',
      'Bert Quorraa',
    ]);
    expect(
      names(await list('agent', { q: 'quorra', order_field: 'first_name', order: 'desc' })),
    ).toEqual(['Cleo Quorrac', 'Bert Quorraa', 'Ann Quorrab']);
    expect(names(await list('agent', { q: 'quorra', order_field: 'created_at' }))).toEqual([
      'Ann Quorrab',
      'Bert Quorraa',
      'Cleo Quorrac',
    ]);
    expect(names(await list('agent', { q: 'quorra', order_field: 'city' }))).toEqual([
      'Cleo Quorrac',
      'Ann Quorrab',
      'Bert Quorraa',
    ]);
    expect(names(await list('agent', { q: 'quorra', order_field: 'city', order: 'desc' }))).toEqual(
      ['Ann Quorrab', 'Cleo Quorrac', 'Bert Quorraa'],
    );
    expect(
      names(await list('agent', { q: 'quorra', order_field: 'date_of_birth', order: 'desc' })),
    ).toEqual(['Cleo Quorrac', 'Ann Quorrab', 'Bert Quorraa']);
    // without a search the order comes from the ordered query: the same rules
    for (const order of ['asc', 'desc'] as const) {
      const rows = (await list('agent', { order_field: 'date_of_birth', order, limit: 500 })).data;
      const dates = rows.map((c) => c.date_of_birth);
      const known = dates.filter((d): d is string => d !== null);
      expect(
        dates.slice(known.length).every((d) => d === null),
        order,
      ).toBe(true);
      expect(known, order).toEqual(
        [...known].sort((a, b) => (order === 'asc' ? a.localeCompare(b) : b.localeCompare(a))),
      );
      const created = (
        await list('agent', { order_field: 'created_at', order, limit: 500 })
      ).data.map((c) => c.created_at);
      expect(created, order).toEqual(
        [...created].sort((a, b) => (order === 'asc' ? a.localeCompare(b) : b.localeCompare(a))),
      );
    }
  });

  it('pages without overlap and tells the count and the number of pages', async () => {
    const all = await list('agent', { limit: 500 });
    const total = all.meta.total_count;
    expect(total).toBe(all.data.length);
    const seen: number[] = [];
    const pages = Math.ceil(total / 7);
    for (let page = 1; page <= pages; page += 1) {
      const body = await list('agent', { limit: 7, page });
      expect(body.meta).toEqual({
        current_page: page,
        limit: 7,
        total_count: total,
        total_pages: pages,
        total_count_capped: false,
        next_cursor: page < pages ? expect.any(String) : null,
      });
      seen.push(...body.data.map((c) => c.id));
    }
    expect(seen).toEqual(all.data.map((c) => c.id));
    expect((await list('agent', { limit: 7, page: pages + 1 })).data).toEqual([]);
    // page and limit may come as strings from cached search state
    expect(
      (await list('agent', { limit: '7' as unknown as number, page: '2' as unknown as number }))
        .meta.current_page,
    ).toBe(2);
  });
});

describe('GET /v1/contacts/{id}', () => {
  it('removes the new marker when viewed, unless not_remove_new_tag is given', async () => {
    const created = await create('agent', { first_name: 'Fresh', last_name: 'Arrival' });
    expect(created.new).toBe(true);
    const kept = await as.agent!.get(`/v1/contacts/${created.id}?not_remove_new_tag=true`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.new).toBe(true);
    expect(
      (await as.agent!.get(`/v1/contacts/${created.id}?not_remove_new_tag`)).json().data.new,
    ).toBe(true);
    const viewed = (await as.agent!.get(`/v1/contacts/${created.id}`)).json().data;
    expect(viewed).toMatchObject({ id: created.id, new: false, updated_at: created.updated_at });
    // viewed again, a contact without the marker is not written (its row version stays)
    const version = async () => (await t.ctx.db.execute<{ xmin: string }>(sql`select xmin::text from contacts where id = ${created.id}`)).rows[0]?.xmin;
    const before = await version();
    expect((await as.agent!.get(`/v1/contacts/${created.id}`)).json().data.new).toBe(false);
    expect(await version()).toBe(before);
    expect(
      (await as.agent!.get(`/v1/contacts/${created.id}?not_remove_new_tag=true`)).json().data.new,
    ).toBe(false);
    expect(
      (await as.agent!.get(`/v1/contacts/${created.id}?not_remove_new_tag=maybe`)).statusCode,
    ).toBe(422);
    expect((await as.agent!.get('/v1/contacts/2147483647')).statusCode).toBe(404);
  });
});

describe('PATCH /v1/contacts/{id}', () => {
  it('changes the given fields only; phones and e-mails replace the lists, keeping ids; a changed address is unverified', async () => {
    const created = await create('agent', {
      first_name: 'Edit',
      last_name: 'Me',
      city: 'Tampa',
      phones: [{ number: '813-555-7001' }, { number: '813-555-7002', phone_type: 9 }],
      emails: [{ email: 'edit.me@example.test' }, { email: 'second@example.test' }],
    });
    const [p1, p2] = created.phones as [Contact['phones'][0], Contact['phones'][0]];
    const [e1, e2] = created.emails as [Contact['emails'][0], Contact['emails'][0]];
    await t.ctx.db
      .update(contactEmails)
      .set({ verified: true, verification: 'forced', verifiedAt: new Date('2026-01-02T03:04:05Z') })
      .where(eq(contactEmails.contactId, created.id));

    const res = await as.agent!.patch(`/v1/contacts/${created.id}`, {
      last_name: 'Edited',
      category: 'prospect',
      city: '',
      language: 'Spanish',
      phones: [{ id: p2.id, number: '(813) 555-7002' }, { number: '8135557003' }],
      emails: [
        { id: e1.id, email: 'EDIT.ME@example.test' },
        { id: e2.id, email: 'changed@example.test' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated: Contact = res.json().data;
    expect(updated).toMatchObject({
      first_name: 'Edit',
      last_name: 'Edited',
      category: 'prospect',
      city: null,
      language: 'spanish',
    });
    expect(updated.phones).toEqual([
      { id: p2.id, number: '18135557002', phone_type: 9 },
      { id: expect.any(Number), number: '18135557003', phone_type: 2 },
    ]);
    expect(updated.phones.map((p) => p.id)).not.toContain(p1.id);
    expect(updated.emails).toEqual([
      { id: e1.id, email: 'EDIT.ME@example.test', verified: true, verification: 'forced', verified_at: '2026-01-02T03:04:05.000Z' },
      { id: e2.id, email: 'changed@example.test', verified: false, verification: 'unchecked', verified_at: null },
    ]);
    expect(updated.updated_at > created.updated_at).toBe(true);
    // the search follows the new values
    expect(names(await list('agent', { q: '813-555-7003' }))).toEqual(['Edit Edited']);
    expect((await list('agent', { q: '813-555-7001' })).data).toEqual([]);
    expect(names(await list('agent', { q: 'changed@example' }))).toEqual(['Edit Edited']);

    const bad = await as.agent!.patch(`/v1/contacts/${created.id}`, {
      first_name: '',
      linked_contact_id: created.id,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ first_name: 'First name is required' });
    const self = await as.agent!.patch(`/v1/contacts/${created.id}`, {
      linked_contact_id: created.id,
    });
    expect(self.json().errors).toEqual({
      linked_contact_id: 'A contact cannot be linked to itself',
    });
    const other = await create('agent', { first_name: 'Linked', last_name: 'Partner' });
    const linked = await as.agent!.patch(`/v1/contacts/${created.id}`, {
      linked_contact_id: other.id,
    });
    expect(linked.json().data.linked_contact_id).toBe(other.id);
  });
});

describe('PATCH /v1/contacts/{id}/quick_update and update_note', () => {
  it('changes category, status, names and the first phone and e-mail', async () => {
    const statuses = (await as.agent!.get('/v1/statuses')).json().data;
    const created = await create('agent', {
      first_name: 'Quick',
      last_name: 'Change',
      phones: [{ number: '407-555-1001' }, { number: '407-555-1002' }],
    });
    const res = await as.agent!.patch(`/v1/contacts/${created.id}/quick_update`, {
      category: 'client',
      status_id: statuses[2].id,
      first_name: 'Quincy',
      phone: '407-555-1009',
      email: 'quincy@example.test',
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated: Contact = res.json().data;
    expect(updated).toMatchObject({
      first_name: 'Quincy',
      last_name: 'Change',
      category: 'client',
      status: { id: statuses[2].id, title: 'Appointment Set' },
    });
    expect(updated.phones.map((p) => [p.id, p.number])).toEqual([
      [created.phones[0]!.id, '14075551009'],
      [created.phones[1]!.id, '14075551002'],
    ]);
    expect(updated.emails).toMatchObject([{ email: 'quincy@example.test', verified: false }]);
    const removed = (
      await as.agent!.patch(`/v1/contacts/${created.id}/quick_update`, { phone: '', email: null })
    ).json().data;
    expect(removed.phones.map((p: { number: string }) => p.number)).toEqual(['14075551002']);
    expect(removed.emails).toEqual([]);
    expect(
      (await as.agent!.patch(`/v1/contacts/${created.id}/quick_update`, { phone: '12' })).json()
        .errors,
    ).toEqual({
      phone: 'Phone must have 10 or 11 digits',
    });
    expect(
      (
        await as.agent!.patch(`/v1/contacts/${created.id}/quick_update`, { status_id: 2147483647 })
      ).json().errors,
    ).toEqual({
      status_id: 'Choose a status',
    });
  });

  it('replaces the quick note; an empty note clears it', async () => {
    const created = await create('agent', { first_name: 'Noted', last_name: 'Person' });
    const res = await as.agent!.patch(`/v1/contacts/${created.id}/update_note`, {
      note: 'Call after 5pm.\nPrefers e-mail.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.note).toBe('Call after 5pm.\nPrefers e-mail.');
    expect(
      (await as.agent!.patch(`/v1/contacts/${created.id}/update_note`, { note: '' })).json().data
        .note,
    ).toBeNull();
    expect(
      (
        await as.agent!.patch(`/v1/contacts/${created.id}/update_note`, {
          note: 'x'.repeat(10_001),
        })
      ).json().errors,
    ).toEqual({
      note: 'Note must be at most 10000 characters',
    });
    expect((await as.agent!.patch(`/v1/contacts/${created.id}/update_note`, {})).statusCode).toBe(
      422,
    );
  });
});

describe('PATCH /v1/contacts/{id}/assign_to_me', () => {
  it('a manager takes over a contact of their downline; an agent cannot take one they do not reach', async () => {
    const created = await create('agent', { first_name: 'Handed', last_name: 'Over' });
    const res = await as.district!.patch(`/v1/contacts/${created.id}/assign_to_me`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.owner).toEqual({ id: userIds.district, name: 'Casey Nguyen' });
    // the agent no longer reaches it
    expect((await as.agent!.get(`/v1/contacts/${created.id}`)).statusCode).toBe(404);
    expect((await as.agent!.patch(`/v1/contacts/${created.id}/assign_to_me`)).statusCode).toBe(404);
  });
});

describe('destroy_all and restore', () => {
  it('trashes and restores by ids; the trash view lists trashed contacts; record endpoints other than show answer 404 in the trash', async () => {
    const a = await create('agent', { first_name: 'Trash', last_name: 'Ida' });
    const b = await create('agent', { first_name: 'Trash', last_name: 'Idb' });
    const res = await del('agent', { ids: [a.id, b.id, a.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 2 });
    expect((await list('agent', { q: 'trash id' })).data).toEqual([]);
    const trash = await list('agent', { q: 'trash id', trashed: true });
    expect(names(trash)).toEqual(['Trash Ida', 'Trash Idb']);
    expect(trash.data.every((c) => c.deleted_at !== null)).toBe(true);
    // again: nothing more to trash
    expect((await del('agent', { ids: [a.id] })).json()).toEqual({ count: 0 });
    expect((await as.agent!.get(`/v1/contacts/${a.id}`)).json().data.deleted_at).not.toBeNull();
    expect((await as.agent!.patch(`/v1/contacts/${a.id}`, { first_name: 'X' })).statusCode).toBe(
      404,
    );

    const restored = await as.agent!.put('/v1/contacts/restore', { ids: [a.id] });
    expect(restored.json()).toEqual({ count: 1 });
    expect(names(await list('agent', { q: 'trash id' }))).toEqual(['Trash Ida']);
    expect((await as.agent!.get(`/v1/contacts/${a.id}`)).json().data.deleted_at).toBeNull();
    expect((await as.agent!.put('/v1/contacts/restore', { ids: [b.id] })).json()).toEqual({
      count: 1,
    });
    expect((await del('agent', {})).json().errors).toEqual({ ids: 'Choose contacts' });
    expect((await del('agent', { ids: [] })).json().errors).toEqual({ ids: 'Choose contacts' });
  });

  it('trashes and restores everything a scope matches (all plus contacts_scope)', async () => {
    for (const last of ['Scopea', 'Scopeb', 'Scopec'])
      await create('agent', {
        first_name: 'Bulk',
        last_name: last,
        state: last === 'Scopec' ? 'CA' : 'OR',
      });
    const res = await del('agent', {
      all: true,
      contacts_scope: { q: 'bulk scope', states: ['OR'] },
    });
    expect(res.json()).toEqual({ count: 2 });
    expect(names(await list('agent', { q: 'bulk scope' }))).toEqual(['Bulk Scopec']);
    // restore matches inside the trash
    const back = await as.agent!.put('/v1/contacts/restore', {
      all: true,
      contacts_scope: { q: 'bulk scope' },
    });
    expect(back.json()).toEqual({ count: 2 });
    expect((await list('agent', { q: 'bulk scope' })).data).toHaveLength(3);
  });
});

describe('selected_items and select_first_last', () => {
  it('answers the ids of a selection, in list order for a scope, up to the limit', async () => {
    for (const last of ['Pickc', 'Picka', 'Pickd', 'Pickb'])
      await create('agent', { first_name: 'Sel', last_name: last });
    const ordered = (await list('agent', { q: 'sel pick' })).data.map((c) => c.id);
    expect(ordered).toHaveLength(4);
    const all = await as.agent!.post('/v1/contacts/selected_items', {
      all: true,
      contacts_scope: { q: 'sel pick' },
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ ids: ordered });
    expect(
      (
        await as.agent!.post('/v1/contacts/selected_items', {
          all: true,
          contacts_scope: { q: 'sel pick' },
          limit: 2,
        })
      ).json(),
    ).toEqual({
      ids: ordered.slice(0, 2),
    });
    const picked = [ordered[3]!, ordered[1]!];
    expect(
      (await as.agent!.post('/v1/contacts/selected_items', { ids: picked, limit: 10 })).json(),
    ).toEqual({ ids: picked });
    expect(
      (await as.agent!.post('/v1/contacts/selected_items', { ids: picked, limit: 1 })).json(),
    ).toEqual({ ids: [ordered[3]] });

    const first = await as.agent!.post('/v1/contacts/select_first_last', {
      contacts_scope: { q: 'sel pick' },
      n: 3,
      from: 'first',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ ids: ordered.slice(0, 3) });
    expect(
      (
        await as.agent!.post('/v1/contacts/select_first_last', {
          contacts_scope: { q: 'sel pick' },
          n: 3,
          from: 'last',
        })
      ).json(),
    ).toEqual({
      ids: ordered.slice(1),
    });
    expect(
      (
        await as.agent!.post('/v1/contacts/select_first_last', {
          contacts_scope: { q: 'sel pick', order: 'desc' },
          n: 2,
        })
      ).json(),
    ).toEqual({
      ids: [ordered[3], ordered[2]],
    });
    expect(
      (await as.agent!.post('/v1/contacts/select_first_last', { n: 0 })).json().errors,
    ).toEqual({ n: 'Choose how many contacts' });
  });
});

describe('reach', () => {
  for (const other of ['secure.agent', 'telemarketer']) {
    it(`an agent gets 404 on the contact of another agent-level user (${other}) from every endpoint that takes an id, and changes nothing`, async () => {
      const foreign = await firstContactOf(other);
      const [before] = await t.ctx.contactsRepository.load([foreign]);
      const agent = as.agent!;
      const answers = {
        show: await agent.get(`/v1/contacts/${foreign}`),
        showKeepNew: await agent.get(`/v1/contacts/${foreign}?not_remove_new_tag=true`),
        update: await agent.patch(`/v1/contacts/${foreign}`, { first_name: 'Hijacked' }),
        quickUpdate: await agent.patch(`/v1/contacts/${foreign}/quick_update`, {
          first_name: 'Hijacked',
        }),
        updateNote: await agent.patch(`/v1/contacts/${foreign}/update_note`, { note: 'mine now' }),
        assignToMe: await agent.patch(`/v1/contacts/${foreign}/assign_to_me`),
        destroyAll: await del('agent', { ids: [foreign] }),
        restore: await agent.put('/v1/contacts/restore', { ids: [foreign] }),
        selectedItems: await agent.post('/v1/contacts/selected_items', { ids: [foreign] }),
      };
      for (const [name, res] of Object.entries(answers)) {
        expect(res.statusCode, `${name}: ${res.body}`).toBe(404);
        expect(res.json()).toEqual({ errors: { base: 'Contact not found' } });
      }
      // a mix of own and foreign ids is refused as a whole
      const own = (await list('agent', { limit: 1 })).data[0]!.id;
      expect((await del('agent', { ids: [own, foreign] })).statusCode).toBe(404);
      expect((await list('agent', { limit: 500 })).data.some((c) => c.id === own)).toBe(true);
      // linking to it is refused as if it did not exist
      expect(
        (await agent.patch(`/v1/contacts/${own}`, { linked_contact_id: foreign })).json().errors,
      ).toEqual({
        linked_contact_id: 'Choose a linked contact',
      });
      // a filter naming its owner finds nothing
      expect(
        (
          await list('agent', {
            search: [{ field: 'owner_id', operator: 'in', value: [userIds[other]!] }],
          })
        ).data,
      ).toEqual([]);
      expect((await list('agent', { owner_ids: [userIds[other]!] })).data).toEqual([]);

      const [after] = await t.ctx.contactsRepository.load([foreign]);
      expect(after).toEqual(before);
    });
  }

  it("a manager reaches the whole downline's contacts but not a sibling branch's", async () => {
    const agentContact = await firstContactOf('agent');
    const teleContact = await firstContactOf('telemarketer');
    // field manager (Riley) → agent, secure.agent, new.agent; the telemarketer reports to the manager, not to Riley
    expect(
      (await as.field!.get(`/v1/contacts/${agentContact}?not_remove_new_tag=1`)).statusCode,
    ).toBe(200);
    expect((await as.field!.get(`/v1/contacts/${teleContact}`)).statusCode).toBe(404);
    expect(
      (await as.field!.patch(`/v1/contacts/${teleContact}/update_note`, { note: 'x' })).statusCode,
    ).toBe(404);
    const fieldList = await list('field', { limit: 500 });
    const owners = new Set(fieldList.data.map((c) => c.owner.id));
    expect(owners.has(userIds.agent!)).toBe(true);
    expect(owners.has(userIds['secure.agent']!)).toBe(true);
    expect(owners.has(userIds['new.agent']!)).toBe(true);
    expect(owners.has(userIds.telemarketer!)).toBe(false);
    // two levels up, the district manager reaches the agents too; the manager reaches both branches
    expect(
      (await as.district!.get(`/v1/contacts/${agentContact}?not_remove_new_tag=1`)).statusCode,
    ).toBe(200);
    expect((await as.district!.get(`/v1/contacts/${teleContact}`)).statusCode).toBe(404);
    expect(
      (await as.manager!.get(`/v1/contacts/${teleContact}?not_remove_new_tag=1`)).statusCode,
    ).toBe(200);
    expect(
      (await as.manager!.get(`/v1/contacts/${agentContact}?not_remove_new_tag=1`)).statusCode,
    ).toBe(200);
    // 'mine' narrows to their own; the agent's group 'all' is the same as all_agents
    expect(
      (await list('field', { contact_group: 'mine', limit: 500 })).data.every(
        (c) => c.owner.id === userIds.field,
      ),
    ).toBe(true);
    expect((await list('agent', { contact_group: 'all' })).meta.total_count).toBe(
      (await list('agent')).meta.total_count,
    );
    // owner filter with all_downline: the field manager's own contacts, or everyone below them too
    const fieldOnly = await list('manager', { owner_ids: [userIds.field!], limit: 500 });
    expect(fieldOnly.data.every((c) => c.owner.id === userIds.field)).toBe(true);
    const fieldTree = await list('manager', {
      owner_ids: [userIds.field!],
      all_downline: true,
      limit: 500,
    });
    expect(new Set(fieldTree.data.map((c) => c.owner.id))).toEqual(
      new Set(fieldList.data.map((c) => c.owner.id)),
    );
    expect(fieldTree.meta.total_count).toBe(fieldList.meta.total_count);
    // the agent asking for the field manager's tree still sees only their own
    const agentAsks = await list('agent', {
      owner_ids: [userIds.field!],
      all_downline: true,
      limit: 500,
    });
    expect(agentAsks.data.every((c) => c.owner.id === userIds.agent)).toBe(true);
  });

  it("destroy_all with all plus a scope as an agent leaves other agents' contacts untouched", async () => {
    const teleBefore = (await list('telemarketer', { limit: 500 })).meta.total_count;
    const mine = (await list('agent', { limit: 500 })).meta.total_count;
    const res = await del('agent', { all: true, contacts_scope: {} });
    expect(res.json()).toEqual({ count: mine });
    expect((await list('agent')).meta.total_count).toBe(0);
    expect((await list('telemarketer', { limit: 500 })).meta.total_count).toBe(teleBefore);
    // contact_group all does not widen an agent's reach
    expect(
      (
        await as.telemarketer!.put('/v1/contacts/restore', {
          all: true,
          contacts_scope: { contact_group: 'all' },
        })
      ).json(),
    ).toEqual({ count: 0 });
    expect((await as.agent!.put('/v1/contacts/restore', { all: true })).json()).toEqual({
      count: mine,
    });
    expect((await list('agent', { limit: 500 })).meta.total_count).toBe(mine);
  });

  it("an administrator reaches the whole company, never another company's contacts", async () => {
    const harbor = await t.ctx.db
      .select({ id: contacts.id, companyId: contacts.companyId })
      .from(contacts);
    const adminCompany = (await t.ctx.usersRepository.findByEmail(seedEmail('admin')))!.companyId;
    const live = await list('admin', { contact_group: 'all', limit: 500 });
    const harborLive = (
      await t.ctx.db
        .select({ id: contacts.id, deletedAt: contacts.deletedAt, companyId: contacts.companyId })
        .from(contacts)
    ).filter((c) => c.companyId === adminCompany && c.deletedAt === null);
    expect(live.meta.total_count).toBe(harborLive.length);
    expect((await list('subadmin', { limit: 500 })).meta.total_count).toBe(harborLive.length);
    expect(
      (await list('admin', { contact_group: 'mine' })).data.every(
        (c) => c.owner.id === userIds.admin,
      ),
    ).toBe(true);
    const kContact = harbor.find((c) => c.companyId !== adminCompany)!.id;
    expect((await as.admin!.get(`/v1/contacts/${kContact}`)).statusCode).toBe(404);
    expect((await as.admin!.patch(`/v1/contacts/${kContact}/assign_to_me`)).statusCode).toBe(404);
    expect((await del('admin', { ids: [kContact] })).statusCode).toBe(404);

    const kBefore = (await list('kAdmin', { limit: 500 })).meta.total_count;
    const eBefore = (await list('eBasic', { limit: 500 })).meta.total_count;
    expect(
      (await del('admin', { all: true, contacts_scope: { contact_group: 'all' } })).json(),
    ).toEqual({ count: harborLive.length });
    expect((await list('agent')).meta.total_count).toBe(0);
    expect((await list('kAdmin', { limit: 500 })).meta.total_count).toBe(kBefore);
    expect((await list('eBasic', { limit: 500 })).meta.total_count).toBe(eBefore);
    expect(
      (
        await as.admin!.put('/v1/contacts/restore', {
          all: true,
          contacts_scope: { contact_group: 'all' },
        })
      ).json().count,
    ).toBeGreaterThanOrEqual(harborLive.length);
    expect((await list('admin', { limit: 500 })).meta.total_count).toBeGreaterThanOrEqual(
      harborLive.length,
    );
  });

  it("a Keystone regional manager reaches their agent's contacts; Keystone's admin never sees Harbor's", async () => {
    const kAgentContact = (await list('kAgent', { limit: 1 })).data[0]!.id;
    expect(
      (await as.kRm!.get(`/v1/contacts/${kAgentContact}?not_remove_new_tag=1`)).statusCode,
    ).toBe(200);
    expect((await list('kRm')).meta.total_count).toBe(DEMO_CONTACTS_PER_AGENT);
    const harborContact = await firstContactOf('agent');
    expect((await as.kAdmin!.get(`/v1/contacts/${harborContact}`)).statusCode).toBe(404);
    expect(
      (await as.kAdmin!.post('/v1/contacts/selected_items', { ids: [harborContact] })).statusCode,
    ).toBe(404);
    expect((await list('kAdmin', { q: 'quorra' })).data).toEqual([]);
  });
});

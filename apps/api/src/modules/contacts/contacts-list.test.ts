import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACTS_COUNT_CAP,
  contact as contactSchema,
  contactsScope,
  POLICY_TYPES,
  type Contact,
  type ContactsScope,
  type CreateContactBody,
  type PolicyType,
} from '@crm/contract';
import { contactNotes, contacts, contactTags, policies } from '../../db/schema';
import { scopeCondition, type ChildFilterSize } from './contacts-scope.repository';
import { DEMO_CONTACTS_PER_AGENT, DEMO_TAGS, demoContacts } from '../../db/seed-contacts';
import { EVERGREEN_DEMO, seedEmail } from '../../db/seed';
import {
  createContact,
  firstContactOf as firstContactOf_,
  listContacts,
  showContact,
  signIn,
  signInCast,
  type ContactsListBody,
  type SignedIn,
} from '../../test/contact-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
const as: Record<string, SignedIn> = {};
let companyId: number;
let keystoneCompanyId: number;

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(as, await signInCast(t), {
    preneed: await signIn(t, seedEmail('preneed', EVERGREEN_DEMO.domainName), 'evergreen.localhost'),
  });
  companyId = as.agent!.companyId;
  keystoneCompanyId = as.kAgent!.companyId;
});
afterAll(() => t.close());

type ListBody = ContactsListBody;
const list = (who: string, scope?: ContactsScope): Promise<ListBody> => listContacts(as[who]!, scope);
const ids = (body: ListBody) => body.data.map((c) => c.id);

const create = (who: string, body: CreateContactBody): Promise<Contact> => createContact(as[who]!, body);

async function makeTags(company: number, names: string[]): Promise<Record<string, number>> {
  const rows = await t.ctx.contactsRepository.ensureTags(
    company,
    names.map((name) => ({ name, color: '#0f766e' })),
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

async function tag(contactIds: number[], tagId: number) {
  await t.ctx.db.insert(contactTags).values(contactIds.map((contactId) => ({ contactId, tagId })));
}

async function carrierIds(company: number): Promise<Record<string, number>> {
  return Object.fromEntries(
    (await t.ctx.lookupsRepository.carriers(company)).map((c) => [c.name, c.id]),
  );
}

async function addPolicy(contactId: number, policyType: PolicyType, carrierId: number | null) {
  await t.ctx.db.insert(policies).values({ contactId, policyType, carrierId });
}

/** The tags of contacts straight from the database, by contact id. */
async function tagsInDb(contactIds: number[]): Promise<Record<number, number[]>> {
  const rows = await t.ctx.db
    .select({ contactId: contactTags.contactId, tagId: contactTags.tagId })
    .from(contactTags)
    .where(inArray(contactTags.contactId, contactIds));
  const result: Record<number, number[]> = Object.fromEntries(contactIds.map((id) => [id, []]));
  for (const r of rows) result[r.contactId]!.push(r.tagId);
  for (const id of contactIds) result[id]!.sort((a, b) => a - b);
  return result;
}

const firstContactOf = (key: string): Promise<number> => firstContactOf_(t, as[key]!.userId);

describe('seed: tags, policies and notes', () => {
  it('gives each company its tags and some demo contacts tags, policies fit for the brand, and notes by their owner', async () => {
    const all = (await list('admin', { limit: 500 })).data;
    const tagNames = new Set(all.flatMap((c) => c.tags.map((tg) => tg.name)));
    expect([...tagNames].every((n) => DEMO_TAGS.harbor.some((d) => d.name === n))).toBe(true);
    expect(tagNames.size).toBeGreaterThan(2);
    const agentRows = (await list('agent', { limit: 100 })).data;
    expect(agentRows.some((c) => c.tags.length > 0)).toBe(true);
    expect(agentRows.some((c) => c.tags.length === 0)).toBe(true);
    // clients hold policies; Medicare plans only for contacts with a Medicare number
    const insured = all.filter((c) => c.policy_types.length > 0);
    expect(insured.length).toBeGreaterThan(0);
    expect(
      all
        .filter((c) => c.category === 'client' && c.owner.id === as.agent!.userId)
        .every((c) => c.policy_types.length > 0),
    ).toBe(true);
    for (const c of insured) {
      expect(c.carriers.length, JSON.stringify(c)).toBeGreaterThan(0);
      if (c.policy_types.some((p) => p.startsWith('medicare') || p === 'part_d'))
        expect(c.medicare_number).not.toBeNull();
    }
    const evergreen = (await list('preneed', { limit: 100 })).data;
    const evergreenTypes = new Set(evergreen.flatMap((c) => c.policy_types));
    expect(evergreenTypes.size).toBeGreaterThan(0);
    expect([...evergreenTypes].every((p) => p === 'preneed' || p === 'final_expense')).toBe(true);
    // notes by the owner
    const notes = await t.ctx.db
      .select({ authorId: contactNotes.authorId, ownerId: contacts.ownerId })
      .from(contactNotes)
      .innerJoin(contacts, eq(contacts.id, contactNotes.contactId))
      .where(eq(contacts.companyId, companyId));
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.every((n) => n.authorId === n.ownerId)).toBe(true);
  });

  it('is deterministic, and the contacts themselves are the same with or without their records', () => {
    const catalogs = { statuses: [1, 2], agentflowStatuses: [3], sources: [4] };
    const records = {
      tags: [
        { id: 7, name: 'T65' },
        { id: 8, name: 'Hot lead' },
      ],
      carriers: [
        { id: 9, name: 'Humana' },
        { id: 10, name: 'Foresters' },
      ],
      policyTypes: ['medicare_advantage', 'final_expense'] as PolicyType[],
    };
    const withRecords = demoContacts('same', 1, DEMO_CONTACTS_PER_AGENT, { ...catalogs, records });
    expect(withRecords).toEqual(
      demoContacts('same', 1, DEMO_CONTACTS_PER_AGENT, { ...catalogs, records }),
    );
    expect(withRecords.map((c) => c.values)).toEqual(
      demoContacts('same', 1, DEMO_CONTACTS_PER_AGENT, catalogs).map((c) => c.values),
    );
    expect(withRecords.some((c) => c.policies?.length)).toBe(true);
    expect(withRecords.every((c) => (c.tagIds ?? []).every((id) => id === 7 || id === 8))).toBe(
      true,
    );
  });
});

describe('tags, policy types and carriers: payload and filters', () => {
  const fx: Record<string, Contact> = {};
  let tg: Record<string, number>;
  let cr: Record<string, number>;
  beforeAll(async () => {
    for (const key of ['A', 'B', 'C', 'D', 'E'])
      fx[key] = await create('agent', { first_name: key, last_name: `Filterzz${key}` });
    tg = await makeTags(companyId, ['Fx hot', 'Fx spouse', 'Fx only']);
    cr = await carrierIds(companyId);
    await tag([fx.A!.id, fx.B!.id], tg['Fx hot']!);
    await tag([fx.B!.id, fx.C!.id], tg['Fx spouse']!);
    await tag([fx.A!.id, fx.B!.id], tg['Fx only']!);
    await addPolicy(fx.A!.id, 'medicare_advantage', cr.Aetna!);
    await addPolicy(fx.B!.id, 'whole_life', cr.Transamerica!);
    await addPolicy(fx.B!.id, 'term_life', cr.Foresters!);
    await addPolicy(fx.B!.id, 'final_expense', cr.Foresters!);
    await addPolicy(fx.D!.id, 'part_d', cr.Humana!);
    await addPolicy(fx.D!.id, 'other', null);
  });
  const letters = (body: ListBody) => body.data.map((c) => c.first_name);
  const fixtures = (scope: ContactsScope) =>
    list('agent', { q: 'filterzz', ...scope }).then(letters);

  it('shows tags by name, the distinct policy types in POLICY_TYPES order and the distinct carriers by name', async () => {
    const res = await as.agent!.get(`/v1/contacts/${fx.B!.id}`);
    const b: Contact = res.json().data;
    expect(contactSchema.safeParse(b).success).toBe(true);
    expect(b.tags).toEqual([
      { id: tg['Fx hot']!, name: 'Fx hot', color: '#0f766e' },
      { id: tg['Fx only']!, name: 'Fx only', color: '#0f766e' },
      { id: tg['Fx spouse']!, name: 'Fx spouse', color: '#0f766e' },
    ]);
    expect(b.policy_types).toEqual(['final_expense', 'term_life', 'whole_life']);
    expect(b.carriers).toEqual([
      { id: cr.Foresters!, name: 'Foresters' },
      { id: cr.Transamerica!, name: 'Transamerica' },
    ]);
    const listed = (await list('agent', { q: 'filterzz' })).data;
    const byName = Object.fromEntries(listed.map((c) => [c.first_name, c]));
    expect(byName.B).toEqual(b);
    expect(byName.D!.policy_types).toEqual(['part_d', 'other']);
    expect(byName.D!.carriers).toEqual([{ id: cr.Humana!, name: 'Humana' }]);
    expect(byName.E).toMatchObject({ tags: [], policy_types: [], carriers: [] });
    expect(POLICY_TYPES.indexOf('final_expense')).toBeLessThan(POLICY_TYPES.indexOf('term_life'));
  });

  it('included_tags (any of) and excluded_tags (none of)', async () => {
    expect(await fixtures({ included_tags: [tg['Fx hot']!] })).toEqual(['A', 'B']);
    expect(await fixtures({ included_tags: [tg['Fx hot']!, tg['Fx spouse']!] })).toEqual([
      'A',
      'B',
      'C',
    ]);
    expect(await fixtures({ excluded_tags: [tg['Fx hot']!] })).toEqual(['C', 'D', 'E']);
    expect(await fixtures({ excluded_tags: [tg['Fx hot']!, tg['Fx spouse']!] })).toEqual([
      'D',
      'E',
    ]);
    expect(
      await fixtures({ included_tags: [tg['Fx spouse']!], excluded_tags: [tg['Fx hot']!] }),
    ).toEqual(['C']);
    // without a search box (the ordered query), across all the agent's contacts
    expect(letters(await list('agent', { included_tags: [tg['Fx only']!], limit: 500 }))).toEqual([
      'A',
      'B',
    ]);
    const everyone = (await list('agent', { limit: 500 })).meta.total_count;
    expect(
      (await list('agent', { excluded_tags: [tg['Fx only']!], limit: 500 })).meta.total_count,
    ).toBe(everyone - 2);
  });

  it('reads a tag, policy type or carrier filter to the same contacts whichever way its size picks (ids, counted from its rows, EXISTS)', async () => {
    const reach = { kind: 'own', companyId, userId: as.agent!.userId } as const;
    const scopes = {
      tags: contactsScope.parse({ included_tags: [tg['Fx hot']!, tg['Fx spouse']!] }),
      policyTypes: contactsScope.parse({ included_policy_types: ['medicare_advantage', 'part_d'] }),
      carriers: contactsScope.parse({ carriers: [cr.Aetna!, cr.Humana!] }),
    };
    const expected = { tags: ['A', 'B', 'C'], policyTypes: ['A', 'D'], carriers: ['A', 'D'] };
    for (const filter of ['tags', 'policyTypes', 'carriers'] as const) {
      const scope = scopes[filter];
      const read = async (size: ChildFilterSize, counting: boolean) => {
        const rows = await t.ctx.db
          .select({ first: contacts.firstName })
          .from(contacts)
          .where(and(scopeCondition(reach, { scope, timeZone: 'UTC', few: { [filter]: size } }, counting), inArray(contacts.id, Object.values(fx).map((c) => c.id))));
        return rows.map((r) => r.first).sort();
      };
      const ids = Object.values(fx).filter((c) => expected[filter].includes(c.first_name)).map((c) => c.id);
      for (const [size, counting] of [[ids, false], [ids, true], ['some', false], ['some', true], [undefined, false], [undefined, true]] as const)
        expect(await read(size as ChildFilterSize, counting), `${filter} ${JSON.stringify(size)} counting=${counting}`).toEqual(expected[filter]);
    }
  });

  it('included_policy_types (has one of), excluded_policy_types (has none of) and carriers (has a policy from one of)', async () => {
    expect(await fixtures({ included_policy_types: ['medicare_advantage', 'part_d'] })).toEqual([
      'A',
      'D',
    ]);
    expect(await fixtures({ included_policy_types: ['term_life'] })).toEqual(['B']);
    expect(await fixtures({ excluded_policy_types: ['final_expense'] })).toEqual([
      'A',
      'C',
      'D',
      'E',
    ]);
    expect(
      await fixtures({ excluded_policy_types: ['final_expense', 'part_d', 'medicare_advantage'] }),
    ).toEqual(['C', 'E']);
    expect(await fixtures({ carriers: [cr.Foresters!] })).toEqual(['B']);
    expect(await fixtures({ carriers: [cr.Aetna!, cr.Humana!] })).toEqual(['A', 'D']);
    expect(await fixtures({ carriers: [cr.Aetna!], included_tags: [tg['Fx spouse']!] })).toEqual(
      [],
    );
    expect(
      await fixtures({ included_policy_types: ['final_expense'], carriers: [cr.Transamerica!] }),
    ).toEqual(['B']);
  });

  it("another company's tag and carrier ids match nothing", async () => {
    const kTags = await makeTags(keystoneCompanyId, ['Fx hot']);
    const kCarriers = await carrierIds(keystoneCompanyId);
    expect(await fixtures({ included_tags: [kTags['Fx hot']!] })).toEqual([]);
    expect(await fixtures({ excluded_tags: [kTags['Fx hot']!] })).toEqual([
      'A',
      'B',
      'C',
      'D',
      'E',
    ]);
    expect(await fixtures({ carriers: [kCarriers.Aetna!] })).toEqual([]);
  });

  it('refuses bad filter values with 422 naming the field', async () => {
    const bad = async (scope: unknown) => {
      const res = await as.agent!.patch('/v1/contacts', { contacts_scope: scope });
      expect(res.statusCode, res.body).toBe(422);
      return res.json().errors;
    };
    expect(await bad({ included_policy_types: ['pet_insurance'] })).toEqual({
      'contacts_scope.included_policy_types.0': 'Choose a policy type',
    });
    expect(await bad({ included_tags: ['x'] })).toEqual({
      'contacts_scope.included_tags.0': 'Must be an id',
    });
  });
});

describe('duplicate scan', () => {
  const d: Record<string, number> = {};
  let dupTag: number;
  const created = async (
    key: string,
    body: CreateContactBody,
    raw: Partial<typeof contacts.$inferInsert> = {},
  ) => {
    d[key] = (await create('agent', body)).id;
    if (Object.keys(raw).length)
      await t.ctx.db.update(contacts).set(raw).where(eq(contacts.id, d[key]));
  };
  beforeAll(async () => {
    await created('d1', {
      first_name: 'Mary',
      last_name: 'Dupzz',
      address1: '12 Oak St',
      zip: '33601',
    });
    await created(
      'd2',
      { first_name: 'Mary', last_name: 'Dupzz', zip: '33601-1234' },
      { firstName: ' MARY ', address1: '12 oak st ' },
    );
    await created('d3', {
      first_name: 'Mary',
      last_name: 'Dupzzother',
      address1: '12 Oak St',
      zip: '33601',
    });
    await created('d4', {
      first_name: 'John',
      last_name: 'Dupzz',
      address1: '99 Elm St',
      zip: '33602',
    });
    await created('d5', { first_name: 'John', last_name: 'Dupzz' });
    await created('d6', {
      first_name: 'Solo',
      last_name: 'Uniquezz',
      address1: '99 Elm St',
      zip: '33603',
    });
    await created('d7', { first_name: 'Ann', last_name: '' });
    await created('d8', { first_name: 'Ann', last_name: '', address1: '7 Pine Rd' });
    await created(
      'd9',
      { first_name: 'Zed', last_name: 'Uniquezz', address1: '7 Pine Rd' },
      { lastName: 'UNIQUEZZ ' },
    );
    dupTag = (await makeTags(companyId, ['Dup fixture']))['Dup fixture']!;
    await tag(Object.values(d), dupTag);
  });
  const scan = (
    duplicates: ContactsScope['duplicates'],
    extra: ContactsScope = {},
    who = 'agent',
  ) => list(who, { included_tags: [dupTag], duplicates, limit: 50, ...extra });
  const keyed = (body: ListBody) =>
    body.data.map((c) => [
      Object.entries(d).find(([, id]) => id === c.id)?.[0] ?? c.id,
      c.duplicate_group,
    ]);

  it('by first name: names equal ignoring case and spaces, grouped by the shared value, then in list order', async () => {
    const body = await scan({ first_name: true });
    expect(keyed(body)).toEqual([
      ['d7', '["ann"]'],
      ['d8', '["ann"]'],
      ['d4', '["john"]'],
      ['d5', '["john"]'],
      // one last name: by first name (d2's " MARY " sorts before "Mary"), then id
      ['d2', '["mary"]'],
      ['d1', '["mary"]'],
      ['d3', '["mary"]'],
    ]);
    expect(body.meta).toMatchObject({ total_count: 7, total_pages: 1, next_cursor: null });
    // the group order is kept when the scope orders otherwise; inside a group the scope's order holds
    expect(
      keyed(await scan({ first_name: true }, { order_field: 'created_at', order: 'desc' })).map(
        ([k]) => k,
      ),
    ).toEqual(['d8', 'd7', 'd5', 'd4', 'd3', 'd2', 'd1']);
  });

  it('by last name: blank last names never count; by first and last name together', async () => {
    expect(keyed(await scan({ last_name: true }, { order_field: 'created_at' }))).toEqual([
      ['d1', '["dupzz"]'],
      ['d2', '["dupzz"]'],
      ['d4', '["dupzz"]'],
      ['d5', '["dupzz"]'],
      ['d6', '["uniquezz"]'],
      ['d9', '["uniquezz"]'],
    ]);
    expect(
      keyed(await scan({ first_name: true, last_name: true }, { order_field: 'created_at' })),
    ).toEqual([
      ['d4', '["john", "dupzz"]'],
      ['d5', '["john", "dupzz"]'],
      ['d1', '["mary", "dupzz"]'],
      ['d2', '["mary", "dupzz"]'],
    ]);
  });

  it('by address: the first line ignoring case and spaces plus the 5-digit zip; no zip or no address never counts', async () => {
    const body = await scan({ address: true }, { order_field: 'created_at' });
    expect(keyed(body)).toEqual([
      ['d1', '["12 oak st", "33601"]'],
      ['d2', '["12 oak st", "33601"]'],
      ['d3', '["12 oak st", "33601"]'],
    ]);
    expect(
      keyed(await scan({ address: true, first_name: true }, { order_field: 'created_at' })).map(
        ([k]) => k,
      ),
    ).toEqual(['d1', 'd2', 'd3']);
    expect((await scan({ first_name: false, last_name: false, address: false })).data).toHaveLength(
      9,
    );
  });

  it('pages by the given limit; only contacts in reach count, live or (trashed) in the trash', async () => {
    const first = await scan({ first_name: true }, { limit: 3 });
    const second = await scan({ first_name: true }, { limit: 3, page: 2 });
    const third = await scan({ first_name: true }, { limit: 3, page: 3 });
    expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(
      ids(await scan({ first_name: true })),
    );
    expect(first.meta).toMatchObject({ total_count: 7, total_pages: 3, next_cursor: null });
    // another agent's Solo Uniquezz: not a duplicate for the agent, one for their common manager
    const other = await create('telemarketer', { first_name: 'Solo', last_name: 'Uniquezz' });
    await tag([other.id], dupTag);
    expect(keyed(await scan({ first_name: true, last_name: true })).map(([k]) => k)).toEqual([
      'd4',
      'd5',
      'd2',
      'd1',
    ]);
    const manager = keyed(
      await scan({ first_name: true, last_name: true }, { order_field: 'created_at' }, 'manager'),
    );
    expect(manager.map(([k]) => k)).toEqual(['d4', 'd5', 'd1', 'd2', 'd6', other.id]);
    expect(manager[5]![1]).toBe('["solo", "uniquezz"]');
    // trash: d4 and d5 leave the live scan and are duplicates of each other in the trash
    expect(
      (
        await as.agent!.request('DELETE', '/v1/contacts/destroy_all', {
          body: { ids: [d.d4, d.d5, d.d1] },
        })
      ).statusCode,
    ).toBe(200);
    expect(keyed(await scan({ first_name: true, last_name: true }))).toEqual([]);
    expect(
      keyed(
        await scan(
          { first_name: true, last_name: true },
          { trashed: true, order_field: 'created_at' },
        ),
      ),
    ).toEqual([
      ['d4', '["john", "dupzz"]'],
      ['d5', '["john", "dupzz"]'],
    ]);
    expect(
      (await as.agent!.put('/v1/contacts/restore', { ids: [d.d4, d.d5, d.d1] })).statusCode,
    ).toBe(200);
  });

  it('without other filters, finds exactly the contacts in reach that share a name with another', async () => {
    const everyone = (await list('agent', { limit: 500 })).data;
    const key = (c: Contact) =>
      `${c.first_name.trim().toLowerCase()}|${c.last_name.trim().toLowerCase()}`;
    const counts = new Map<string, number>();
    for (const c of everyone)
      if (c.first_name.trim() && c.last_name.trim())
        counts.set(key(c), (counts.get(key(c)) ?? 0) + 1);
    const expected = everyone.filter((c) => (counts.get(key(c)) ?? 0) > 1);
    const body = await list('agent', {
      duplicates: { first_name: true, last_name: true },
      limit: 500,
    });
    expect(new Set(ids(body))).toEqual(new Set(expected.map((c) => c.id)));
    expect(body.meta.total_count).toBe(expected.length);
    // each group is one run of rows
    const runs = body.data
      .map((c) => c.duplicate_group!)
      .filter((g, i, all) => i === 0 || all[i - 1] !== g);
    expect(new Set(runs).size).toBe(runs.length);
    for (const c of body.data)
      expect(c.duplicate_group).toBe(
        JSON.stringify([
          c.first_name.trim().toLowerCase(),
          c.last_name.trim().toLowerCase(),
        ]).replace(',', ', '),
      );
    // the plain list carries no duplicate_group
    expect(everyone.every((c) => !('duplicate_group' in c))).toBe(true);
  });

  it('selections with a duplicate scope take the same contacts, in the same order', async () => {
    const contacts_scope: ContactsScope = {
      included_tags: [dupTag],
      duplicates: { first_name: true },
      order_field: 'created_at',
    };
    const listed = ids(await list('agent', { ...contacts_scope, limit: 50 }));
    expect(listed).toHaveLength(7);
    const selected = await as.agent!.post('/v1/contacts/selected_items', {
      all: true,
      contacts_scope,
    });
    expect(selected.json()).toEqual({ ids: listed });
    const last = await as.agent!.post('/v1/contacts/select_first_last', {
      contacts_scope,
      n: 3,
      from: 'last',
    });
    expect(last.json()).toEqual({ ids: listed.slice(-3) });
  });
});

describe('created_at and updated_at searches: days in the caller\'s time zone', () => {
  // the agent's zone is pst (America/Los_Angeles); 2024-03-10 is the day clocks go forward there
  const times = {
    Boundarya: '2024-03-10T07:59:59.999Z', // 2024-03-09 23:59:59.999 PST
    Boundaryb: '2024-03-10T08:00:00.000Z', // 2024-03-10 00:00 PST
    Boundaryc: '2024-03-11T06:59:59.999Z', // 2024-03-10 23:59:59.999 PDT
    Boundaryd: '2024-03-11T07:00:00.000Z', // 2024-03-11 00:00 PDT
  } as const;

  beforeAll(async () => {
    expect((await t.ctx.usersRepository.findByEmail(seedEmail('agent')))!.timezone).toBe('pst');
    for (const [lastName, at] of Object.entries(times)) {
      const created = await create('agent', { first_name: 'Day', last_name: lastName });
      await t.ctx.db
        .update(contacts)
        .set({ createdAt: new Date(at), updatedAt: new Date(at) })
        .where(eq(contacts.id, created.id));
    }
  });

  const lastNames = async (scope: ContactsScope) =>
    (await list('agent', { q: 'boundary', ...scope })).data.map((c) => c.last_name);

  for (const field of ['created_at', 'updated_at'] as const) {
    it(`on, before, after and between on ${field}, at midnight on both sides of a DST change`, async () => {
      const search = (operator: string, value: string | string[]) =>
        lastNames({ search: [{ field, operator, value }] as ContactsScope['search'] });
      expect(await search('on', '2024-03-10')).toEqual(['Boundaryb', 'Boundaryc']);
      expect(await search('on', '2024-03-09')).toEqual(['Boundarya']);
      expect(await search('before', '2024-03-10')).toEqual(['Boundarya']);
      expect(await search('after', '2024-03-10')).toEqual(['Boundaryd']);
      expect(await search('between', ['2024-03-11', '2024-03-10'])).toEqual(['Boundaryb', 'Boundaryc', 'Boundaryd']);
      expect(await search('between', ['2024-03-09', '2024-03-09'])).toEqual(['Boundarya']);
      expect(await search('present', '')).toHaveLength(4);
      expect(await search('blank', '')).toEqual([]);
    });
  }

  it('created_from and created_to are whole days in the same zone', async () => {
    expect(await lastNames({ created_from: '2024-03-10', created_to: '2024-03-10' })).toEqual(['Boundaryb', 'Boundaryc']);
    expect(await lastNames({ created_to: '2024-03-09' })).toEqual(['Boundarya']);
    expect(await lastNames({ created_from: '2024-03-11' })).toEqual(['Boundaryd']);
  });
});

describe('keyset paging', () => {
  beforeAll(async () => {
    // ties on the sort columns and empty cities, in reach of the administrator
    for (let i = 0; i < 6; i += 1)
      await create('agent', {
        first_name: `Tie${i}`,
        last_name: 'Keysetzz',
        city: i % 2 ? 'Keyville' : null,
      });
  });

  async function walk(
    who: string,
    scope: ContactsScope,
  ): Promise<{ byCursor: number[]; byPage: number[]; pages: number }> {
    const byCursor: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const body: ListBody = await list(who, { ...scope, ...(cursor && { cursor }) });
      byCursor.push(...ids(body));
      cursor = body.meta.next_cursor;
      pages += 1;
      expect(pages).toBeLessThan(200);
    } while (cursor);
    const byPage: number[] = [];
    const first = await list(who, scope);
    for (let page = 1; page <= first.meta.total_pages; page += 1)
      byPage.push(...ids(await list(who, { ...scope, page })));
    return { byCursor, byPage, pages };
  }

  for (const [order_field, order] of [
    ['last_name', 'asc'],
    ['created_at', 'desc'],
    ['city', 'asc'],
    ['city', 'desc'],
    ['date_of_birth', 'asc'],
  ] as const) {
    it(`walking with cursors gives exactly the pages by number: ${order_field} ${order}`, async () => {
      const scope = { order_field, order, limit: 9 };
      const { byCursor, byPage, pages } = await walk('admin', scope);
      expect(byCursor).toEqual(byPage);
      expect(byCursor).toEqual(ids(await list('admin', { order_field, order, limit: 500 })));
      expect(new Set(byCursor).size).toBe(byCursor.length);
      expect(pages).toBe(Math.ceil(byCursor.length / 9));
      expect(pages).toBeGreaterThan(5);
    });
  }

  it('works with a search, with the trash view, and from any page; the last page has no next cursor', async () => {
    const { byCursor, byPage } = await walk('agent', {
      q: 'keysetzz',
      order_field: 'city',
      limit: 2,
    });
    expect(byCursor).toEqual(byPage);
    expect(byCursor).toHaveLength(6);
    expect(
      (
        await as.agent!.request('DELETE', '/v1/contacts/destroy_all', { body: { ids: byCursor } })
      ).json(),
    ).toEqual({ count: 6 });
    const trash = await walk('agent', {
      trashed: true,
      order_field: 'city',
      order: 'desc',
      limit: 4,
    });
    expect(trash.byCursor).toEqual(trash.byPage);
    expect(trash.byCursor).toHaveLength(6);
    expect((await as.agent!.put('/v1/contacts/restore', { ids: byCursor })).json()).toEqual({
      count: 6,
    });
    const page2 = await list('admin', { limit: 10, page: 2 });
    const page3 = await list('admin', { limit: 10, page: 3 });
    expect(
      ids(await list('admin', { limit: 10, page: 3, cursor: page2.meta.next_cursor })),
    ).toEqual(ids(page3));
    const all = await list('agent', { limit: 500 });
    expect(all.meta.next_cursor).toBeNull();
    const exact = await list('agent', { limit: all.meta.total_count });
    expect(exact.meta.next_cursor).toBeNull();
  });

  it('a cursor page answers the count of the first page instead of counting again, for the same search only', async () => {
    for (let i = 0; i < 5; i += 1) await create('agent', { first_name: `Carry${i}`, last_name: 'Cursorcount' });
    const scope = { q: 'cursorcount', limit: 2 } as const;
    const first = await list('agent', scope);
    expect(first.meta).toMatchObject({ total_count: 5, total_pages: 3, total_count_capped: false });
    // more matches after the first page: the walk keeps the count it began with
    for (let i = 5; i < 9; i += 1) await create('agent', { first_name: `Carry${i}`, last_name: 'Cursorcount' });
    const second = await list('agent', { ...scope, page: 2, cursor: first.meta.next_cursor });
    expect(second.data).toHaveLength(2);
    expect(second.meta).toEqual({ ...first.meta, current_page: 2, next_cursor: expect.any(String) });
    const third = await list('agent', { ...scope, page: 3, cursor: second.meta.next_cursor });
    expect(third.meta).toMatchObject({ total_count: 5, total_pages: 3, total_count_capped: false });
    // a new first page counts again
    expect((await list('agent', scope)).meta.total_count).toBe(9);
    // the same cursor with another search (same order) is counted for that search
    const other = await list('agent', { q: 'carry1', limit: 2, page: 2, cursor: first.meta.next_cursor });
    expect(other.meta.total_count).toBe(1);
    // another caller using the cursor gets their own count
    const admin = await list('admin', { ...scope, page: 2, cursor: first.meta.next_cursor });
    expect(admin.meta.total_count).toBe(9);
  });

  it('refuses a cursor of another order, or one that is not a cursor, with 422', async () => {
    const { meta } = await list('admin', { order_field: 'last_name', limit: 5 });
    const bad = async (scope: ContactsScope) => {
      const res = await as.admin!.patch('/v1/contacts', { contacts_scope: scope });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({
        'contacts_scope.cursor': 'Cursor does not match this search',
      });
    };
    await bad({ order_field: 'first_name', cursor: meta.next_cursor });
    await bad({ order_field: 'last_name', order: 'desc', cursor: meta.next_cursor });
    await bad({ cursor: 'not-a-cursor' });
    const created = Buffer.from(
      JSON.stringify({ f: 'created_at', o: 'asc', v: 'yesterday', i: 1 }),
    ).toString('base64url');
    await bad({ order_field: 'created_at', cursor: created });
  });
});

describe('PATCH /v1/contacts/update_tags_group', () => {
  let tg: Record<string, number>;
  beforeAll(async () => {
    tg = await makeTags(companyId, ['Grp add', 'Grp remove', 'Grp all']);
  });
  const group = (who: string, body: unknown) =>
    as[who]!.patch('/v1/contacts/update_tags_group', body);

  it('adds and removes tags on the given ids and answers how many contacts the selection has', async () => {
    const mine = ids(await list('agent', { limit: 3 }));
    await tag([mine[0]!], tg['Grp remove']!);
    const res = await group('agent', {
      ids: [...mine, mine[0]],
      tags: [tg['Grp add']],
      remove_tags: [tg['Grp remove']],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 3 });
    const after = await tagsInDb(mine);
    for (const id of mine) {
      expect(after[id]).toContain(tg['Grp add']);
      expect(after[id]).not.toContain(tg['Grp remove']);
    }
    // adding again changes nothing and is no error
    expect((await group('agent', { ids: mine, tags: [tg['Grp add']] })).json()).toEqual({
      count: 3,
    });
    expect(await tagsInDb(mine)).toEqual(after);
    // a manager tags their downline's contacts
    expect((await group('field', { ids: mine, remove_tags: [tg['Grp add']] })).json()).toEqual({
      count: 3,
    });
    expect(Object.values(await tagsInDb(mine)).some((list) => list.includes(tg['Grp add']!))).toBe(
      false,
    );
  });

  it("answers 404 and changes nothing when one id is another agent's", async () => {
    const mine = ids(await list('agent', { limit: 2 }));
    const foreign = await firstContactOf('telemarketer');
    const before = await tagsInDb([...mine, foreign]);
    const res = await group('agent', { ids: [...mine, foreign], tags: [tg['Grp add']] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: { base: 'Contact not found' } });
    expect(await tagsInDb([...mine, foreign])).toEqual(before);
  });

  it("refuses another company's tags and an empty change with 422", async () => {
    const kTag = (await makeTags(keystoneCompanyId, ['Grp add']))['Grp add']!;
    const mine = ids(await list('agent', { limit: 2 }));
    const before = await tagsInDb(mine);
    const refused = async (body: unknown, errors: Record<string, string>) => {
      const res = await group('agent', body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual(errors);
    };
    await refused({ ids: mine, tags: [kTag] }, { tags: 'Choose tags' });
    await refused(
      { ids: mine, tags: [tg['Grp add']], remove_tags: [kTag] },
      { remove_tags: 'Choose tags' },
    );
    await refused({ ids: mine }, { tags: 'Choose tags' });
    await refused({ tags: [tg['Grp add']] }, { ids: 'Choose contacts' });
    expect(await tagsInDb(mine)).toEqual(before);
  });

  it("with all plus a scope, tags the agent's matching contacts only, never other agents'", async () => {
    const teleCount = (await list('telemarketer', { limit: 500 })).meta.total_count;
    const mine = (await list('agent', { limit: 500 })).meta.total_count;
    const res = await group('agent', { all: true, contacts_scope: {}, tags: [tg['Grp all']] });
    expect(res.json()).toEqual({ count: mine });
    expect(
      (await list('agent', { included_tags: [tg['Grp all']!], limit: 500 })).meta.total_count,
    ).toBe(mine);
    expect(
      (await list('manager', { included_tags: [tg['Grp all']!], limit: 500 })).meta.total_count,
    ).toBe(mine);
    expect((await list('telemarketer', { included_tags: [tg['Grp all']!] })).meta.total_count).toBe(
      0,
    );
    expect((await list('telemarketer', { limit: 500 })).meta.total_count).toBe(teleCount);
    // a narrower scope removes from its matches only
    const clients = (await list('agent', { category: 'client', limit: 500 })).meta.total_count;
    expect(clients).toBeGreaterThan(0);
    expect(
      (
        await group('agent', {
          all: true,
          contacts_scope: { category: 'client' },
          remove_tags: [tg['Grp all']],
        })
      ).json(),
    ).toEqual({ count: clients });
    expect(
      (await list('agent', { included_tags: [tg['Grp all']!], limit: 500 })).meta.total_count,
    ).toBe(mine - clients);
    expect(
      (await list('agent', { included_tags: [tg['Grp all']!], category: 'client' })).meta
        .total_count,
    ).toBe(0);
  });
});

describe('PATCH /v1/contacts/update_tags_single', () => {
  let tg: Record<string, number>;
  beforeAll(async () => {
    tg = await makeTags(companyId, ['One a', 'One b', 'One c']);
  });
  const single = (who: string, body: unknown) =>
    as[who]!.patch('/v1/contacts/update_tags_single', body);

  it("sets one contact's tags to exactly the list and answers the contact", async () => {
    const id = (await create('agent', { first_name: 'Single', last_name: 'Tagzz' })).id;
    const res = await single('agent', {
      contact_id: id,
      tags: [tg['One b'], tg['One a'], tg['One a']],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.tags.map((x: { name: string }) => x.name)).toEqual(['One a', 'One b']);
    expect(
      (await single('agent', { contact_id: id, tags: [tg['One c'], tg['One b']] }))
        .json()
        .data.tags.map((x: { name: string }) => x.name),
    ).toEqual(['One b', 'One c']);
    expect((await tagsInDb([id]))[id]).toEqual([tg['One b'], tg['One c']].sort((a, b) => a! - b!));
    expect((await single('agent', { contact_id: id, tags: [] })).json().data.tags).toEqual([]);
    // a manager sets the tags of a downline contact
    expect(
      (await single('field', { contact_id: id, tags: [tg['One a']] })).json().data.tags,
    ).toHaveLength(1);
  });

  it("answers 404 for a contact outside the reach (changing nothing) and 422 for another company's tag", async () => {
    const foreign = await firstContactOf('telemarketer');
    const before = await tagsInDb([foreign]);
    const res = await single('agent', { contact_id: foreign, tags: [tg['One a']] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: { base: 'Contact not found' } });
    expect((await single('field', { contact_id: foreign, tags: [tg['One a']] })).statusCode).toBe(
      404,
    );
    expect(await tagsInDb([foreign])).toEqual(before);
    const kTag = (await makeTags(keystoneCompanyId, ['One a']))['One a']!;
    const own = ids(await list('agent', { limit: 1 }))[0]!;
    const refused = await single('agent', { contact_id: own, tags: [kTag] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ tags: 'Choose tags' });
    expect((await single('kAgent', { contact_id: own, tags: [] })).statusCode).toBe(404);
    const [stillThere] = await t.ctx.db
      .select({ id: contactTags.tagId })
      .from(contactTags)
      .where(and(eq(contactTags.contactId, own), eq(contactTags.tagId, kTag)));
    expect(stillThere).toBeUndefined();
  });
});

describe('a contact as the API writes it', () => {
  it('every field as stored: titles, owner, children, dates, and times in UTC to the millisecond as Date.toISOString writes them', async () => {
    // fields that come back as they were given
    const given = {
      first_name: 'Answer',
      last_name: 'Fieldcheck',
      category: 'client',
      address1: '1 Main St',
      city: 'Miami',
      state: 'FL',
      zip: '33101',
      date_of_birth: '1951-02-03',
      gender: 'female',
      language: 'spanish',
      timezone: 'cst',
      medicare_number: '1EG4TE5MK73',
      part_a_date: '2016-02-01',
      part_b_date: '2016-03-01',
      note: 'Prefers mornings; "quoted" \\ and ünïcode',
    } as const;
    const made = await create('agent', {
      ...given,
      phones: [
        { number: '(305) 555-0101', phone_type: 2 },
        { number: '305-555-0102', phone_type: 9 },
      ],
      emails: [{ email: 'first.answer@example.com' }, { email: 'second.answer@example.com' }],
    });
    const lookups = await t.ctx.db.execute<{ status: number; status_title: string; flow: number; flow_title: string; source: number; source_title: string }>(sql`
      select s.id as status, s.title as status_title, a.id as flow, a.title as flow_title, o.id as source, o.title as source_title
      from statuses s, agentflow_statuses a, sources o
      where s.company_id = ${companyId} and a.company_id = ${companyId} and o.company_id = ${companyId} limit 1`);
    const l = lookups.rows[0]!;
    const target = await create('agent', { first_name: 'Merged', last_name: 'Into' });
    await t.ctx.db.execute(sql`update contacts set status_id = ${l.status}, agentflow_status_id = ${l.flow}, source_id = ${l.source},
        last_activity_at = '2026-03-04 05:06:07.891999+00', last_activity_type = 'call', medicare_imported_at = '2025-12-31 23:59:59.999999-05',
        merged_into_id = ${target.id}, deleted_at = '2026-11-26 10:00:00+00', linked_contact_id = ${target.id}
      where id = ${made.id}`);
    await t.ctx.db.execute(sql`update contact_emails set verified = true, verification = 'valid', verified_at = '2026-01-02 03:04:05.000001+00'
      where contact_id = ${made.id} and email = 'second.answer@example.com'`);
    const [stored] = (
      await t.ctx.db.execute<{ created_ms: string; updated_ms: string; phones: { id: number }[]; emails: { id: number }[] }>(sql`
        select floor(extract(epoch from c.created_at) * 1000)::text as created_ms, floor(extract(epoch from c.updated_at) * 1000)::text as updated_ms,
          (select json_agg(json_build_object('id', p.id) order by p.position) from contact_phones p where p.contact_id = c.id) as phones,
          (select json_agg(json_build_object('id', e.id) order by e.position) from contact_emails e where e.contact_id = c.id) as emails
        from contacts c where c.id = ${made.id}`)
    ).rows;
    const owner = await t.ctx.usersRepository.findById(as.agent!.userId);

    const answer = await showContact(as.agent!, made.id);
    expect(answer).toEqual({
      ...given,
      id: made.id,
      status: { id: l.status, title: l.status_title },
      agentflow_status: { id: l.flow, title: l.flow_title },
      source: { id: l.source, title: l.source_title },
      owner: { id: as.agent!.userId, name: `${owner!.firstName} ${owner!.lastName}` },
      phones: [
        { id: stored!.phones[0]!.id, number: '13055550101', phone_type: 2 },
        { id: stored!.phones[1]!.id, number: '13055550102', phone_type: 9 },
      ],
      emails: [
        { id: stored!.emails[0]!.id, email: 'first.answer@example.com', verified: false, verification: 'unchecked', verified_at: null },
        { id: stored!.emails[1]!.id, email: 'second.answer@example.com', verified: true, verification: 'valid', verified_at: '2026-01-02T03:04:05.000Z' },
      ],
      address2: null,
      linked_contact_id: target.id,
      new: true,
      tags: [],
      policy_types: [],
      carriers: [],
      // truncated to the millisecond, as a Date read from the column is
      last_activity_at: '2026-03-04T05:06:07.891Z',
      last_activity_type: 'call',
      medicare_imported_at: '2026-01-01T04:59:59.999Z',
      merged_into_id: target.id,
      created_at: new Date(Number(stored!.created_ms)).toISOString(),
      updated_at: new Date(Number(stored!.updated_ms)).toISOString(),
      deleted_at: '2026-11-26T10:00:00.000Z',
    });
    expect(contactSchema.strict().parse(answer)).toEqual(answer);
  });
});

describe('reading contact records', () => {
  it("the record and answer statements give no plan a look at their ids, so a repeated run takes the generic plan, not a new plan each time", async () => {
    const [one, ...page] = ids(await list('agent', { limit: 25 }));
    expect(await t.ctx.contactsRepository.load([one!])).toHaveLength(1);
    expect(await t.ctx.contactsRepository.load(page)).toHaveLength(page.length);
    expect(JSON.parse((await t.ctx.contactsRepository.answers([one!])).text)).toHaveLength(1);
    for (const name of ['contacts_load', 'contacts_answers']) await expectGenericPlan(name, one!, page);
  });

  it("the list's page and count are planned once per connection, not at each run (their limits are written in)", async () => {
    for (let i = 0; i < 40; i += 1) await list('agent', { limit: 25 });
    const pool = t.ctx.db.$client;
    const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
    const plans: { statement: string; generic_plans: string; custom_plans: string }[] = [];
    try {
      for (const client of clients) {
        const { rows } = await client.query<(typeof plans)[number]>(
          `select statement, generic_plans, custom_plans from pg_prepared_statements where statement like '%from "contacts" where%' and statement like '%limit %'`,
        );
        plans.push(...rows);
      }
    } finally {
      for (const client of clients) client.release();
    }
    const page = plans.filter((p) => p.statement.includes('order by') && p.statement.includes('limit 26 offset 0'));
    const count = plans.filter((p) => p.statement.includes(`limit ${CONTACTS_COUNT_CAP + 1}) s`));
    for (const [what, kept] of Object.entries({ page, count })) {
      expect(kept.length, what).toBeGreaterThan(0);
      // PostgreSQL tries five custom plans on a connection before it keeps the generic one
      expect(kept.reduce((n, p) => n + Number(p.generic_plans), 0), what).toBeGreaterThan(0);
      for (const p of kept) expect(Number(p.custom_plans), what).toBeLessThanOrEqual(5);
    }
  });
});

/** The statement `name` as the pool's connections keep it prepared plans alike for one id and for a page. */
async function expectGenericPlan(name: string, one: number, page: number[]): Promise<void> {
  {
    // the statement as the pool's connections keep it prepared
    const pool = t.ctx.db.$client;
    const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
    let text: string | undefined;
    try {
      for (const client of clients) {
        const { rows } = await client.query<{ statement: string }>(`select statement from pg_prepared_statements where name = $1`, [name]);
        text ??= rows[0]?.statement;
      }
    } finally {
      for (const client of clients) client.release();
    }
    expect(text, name).toBeDefined();
    const client = await pool.connect();
    try {
      await client.query(`prepare load_probe as ${text}`);
      // the ids are one value, bound to each of the statement's parameters
      const parameters = Math.max(...[...text!.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
      const estimate = async (mode: string, given: number[]) => {
        await client.query('begin');
        try {
          await client.query(`set local plan_cache_mode = ${mode}`);
          const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number; 'Total Cost': number } }] }>(
            `explain (format json) execute load_probe(${Array(parameters).fill(`'{${given.join(',')}}'`).join(', ')})`,
          );
          const plan = rows[0]!['QUERY PLAN'][0].Plan;
          return { rows: plan['Plan Rows'], cost: plan['Total Cost'] };
        } finally {
          await client.query('rollback');
        }
      };
      // PostgreSQL plans a prepared statement anew for as long as its custom plans look cheaper than the generic one
      // (auto mode takes the generic plan once it costs no more than the custom plans and their planning)
      const generic = await estimate('force_generic_plan', [one]);
      for (const custom of [await estimate('force_custom_plan', [one]), await estimate('force_custom_plan', page)]) {
        expect(custom.rows, name).toBe(generic.rows);
        expect(custom.cost, name).toBeGreaterThan(generic.cost * 0.99);
      }
    } finally {
      await client.query('deallocate load_probe');
      client.release();
    }
  }
}

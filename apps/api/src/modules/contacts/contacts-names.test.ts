import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Contact, ContactsScope, CreateContactBody } from '@crm/contract';
import {
  createContact,
  listContacts,
  showContact,
  signInCast,
  type Cast,
  type ContactsListBody,
} from '../../test/contact-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

// Names and search in any language (issue 12 item 2): Spanish, Vietnamese, Polish, Irish and
// Chinese names are kept whole, found without regard to accents, case or apostrophes, and sorted
// by the Unicode collation.

let t: TestApp;
let as: Cast;

beforeAll(async () => {
  t = await createTestApp();
  as = await signInCast(t);
});
afterAll(() => t.close());

const create = (body: CreateContactBody): Promise<Contact> => createContact(as.agent, body);
const list = (scope: ContactsScope): Promise<ContactsListBody> => listContacts(as.agent, scope);
const fullNames = (body: ContactsListBody) => body.data.map((c) => `${c.first_name} ${c.last_name}`);

describe('search without regard to accents, case and apostrophes', () => {
  beforeAll(async () => {
    await create({ first_name: 'Zoë', last_name: "O'Connor-Ñúñez", city: 'Łódź', emails: [{ email: 'zoe.oconnor@example.test' }] });
    await create({ first_name: 'José', last_name: 'Martínez', city: 'Cádiz' });
    await create({ first_name: 'Chloé', last_name: 'Dubois' });
    await create({ first_name: 'Łukasz', last_name: 'Wąsowski' });
    await create({ first_name: 'Nguyễn Thị', last_name: 'Minh Khai' });
    await create({ first_name: 'Seán', last_name: 'Ó Briain', phones: [{ number: '(972) 555-0199' }] });
    await create({ first_name: 'Aoife', last_name: 'O’Neill' });
    await create({ first_name: '秀英', last_name: '王' });
  });

  it.each([
    ['jose Martinez', ['José Martínez']],
    ['MARTÍNEZ JOSÉ', ['José Martínez']],
    ['chloe', ['Chloé Dubois']],
    ['CHLOÉ', ['Chloé Dubois']],
    ['lukasz', ['Łukasz Wąsowski']],
    ['Łukasz wasowski', ['Łukasz Wąsowski']],
    ['nguyen thi', ['Nguyễn Thị Minh Khai']],
    ['Nguyễn', ['Nguyễn Thị Minh Khai']],
    ['sean o briain', ['Seán Ó Briain']],
    ['zoe oconnor', ["Zoë O'Connor-Ñúñez"]],
    ["Zoë O'Connor", ["Zoë O'Connor-Ñúñez"]],
    ['o’connor', ["Zoë O'Connor-Ñúñez"]],
    ['Nunez', ["Zoë O'Connor-Ñúñez"]],
    ["o'neill", ['Aoife O’Neill']],
    ['oneill', ['Aoife O’Neill']],
    ['王', ['秀英 王']],
    ['秀英', ['秀英 王']],
  ])('"%s" finds %j', async (q, expected) => {
    expect(fullNames(await list({ q }))).toEqual(expected);
  });

  it('finds "Martínez" by "Martinez" among the seeded Martinez contacts', async () => {
    const found = fullNames(await list({ q: 'Martinez', limit: 500 }));
    expect(found).toContain('José Martínez');
    expect(found.length).toBeGreaterThan(1);
  });

  it('leaves phone and e-mail search as it was', async () => {
    expect(fullNames(await list({ q: '972-555-0199' }))).toEqual(['Seán Ó Briain']);
    expect(fullNames(await list({ q: 'zoe.oconnor@example.test' }))).toEqual(["Zoë O'Connor-Ñúñez"]);
    expect((await list({ q: 'zoe.oconnor@example.tesx' })).data).toEqual([]);
    // a lone apostrophe is no word: the whole list, as an empty search
    expect((await list({ q: "'" })).meta.total_count).toBe((await list({})).meta.total_count);
  });

  it('matches name, address and city conditions of the advanced search the same way', async () => {
    const search = (field: string, operator: string, value: string) =>
      list({ search: [{ field, operator, value }] } as ContactsScope).then(fullNames);
    expect(await search('last_name', 'contains', 'nunez')).toEqual(["Zoë O'Connor-Ñúñez"]);
    expect(await search('last_name', 'eq', 'O’CONNOR-NUNEZ')).toEqual(["Zoë O'Connor-Ñúñez"]);
    expect(await search('first_name', 'starts_with', 'chlo')).toEqual(['Chloé Dubois']);
    expect(await search('city', 'contains', 'lodz')).toEqual(["Zoë O'Connor-Ñúñez"]);
    expect(await search('city', 'eq', 'CADIZ')).toEqual(['José Martínez']);
    const notMartinez = await list({ limit: 500, search: [{ field: 'last_name', operator: 'not_contains', value: 'martinez' }] } as ContactsScope);
    expect(notMartinez.data.map((c) => c.last_name).filter((n) => /mart/i.test(n))).toEqual([]);
  });
});

describe('names in any language', () => {
  it.each([
    ['Spanish', 'José', 'Martínez Ibáñez', 'Cádiz'],
    ['Vietnamese', 'Nguyễn Thị', 'Minh Khai', 'Hà Nội'],
    ['Polish', 'Łukasz', 'Wąsowski-Żółć', 'Łódź'],
    ['Irish', 'Seán', 'Ó Briain', 'Dún Laoghaire'],
    ['Irish with a typographic apostrophe', 'Siobhán', 'O’Sullivan', 'Cork'],
    ['Chinese', '秀英', '王', '北京'],
    ['English', 'Mary-Kate', "St. John O'Brien", 'Boston'],
  ])('keeps a %s name whole on create, update and quick update', async (_language, first, last, city) => {
    const created = await create({ first_name: first, last_name: last, city });
    expect([created.first_name, created.last_name, created.city]).toEqual([first, last, city]);
    expect((await showContact(as.agent, created.id)).last_name).toBe(last);

    const updated = await as.agent.patch(`/v1/contacts/${created.id}`, { first_name: `${first} Zoë`, last_name: `${last}-Ñúñez` });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ first_name: `${first} Zoë`, last_name: `${last}-Ñúñez` });

    const quick = await as.agent.patch(`/v1/contacts/${created.id}/quick_update`, { first_name: first });
    expect(quick.statusCode, quick.body).toBe(200);
    expect((await showContact(as.agent, created.id)).first_name).toBe(first);
  });

  it('keeps a name whose accents are typed as separate combining marks', async () => {
    const last = 'Nguyễn'.normalize('NFD');
    expect((await create({ first_name: 'Minh', last_name: last })).last_name).toBe(last);
  });

  it('refuses markup, symbols and emoji with 422 and the field’s message, on create and update', async () => {
    const res = await as.agent.post('/v1/contacts', { first_name: 'Zoë 😀', last_name: 'Núñez <b>', city: "Dún Laoghaire's" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      first_name: 'First name contains characters that are not allowed',
      last_name: 'Last name contains characters that are not allowed',
      // a city is text, not a name: no apostrophe
      city: 'City contains characters that are not allowed',
    });
    const { id } = await create({ first_name: 'Zoë', last_name: 'Núñez' });
    const update = await as.agent.patch(`/v1/contacts/${id}`, { last_name: 'Núñez<script>alert(1)</script>' });
    expect(update.statusCode).toBe(422);
    expect(update.json().errors).toEqual({ last_name: 'Last name contains characters that are not allowed' });
    expect((await showContact(as.agent, id)).last_name).toBe('Núñez');
  });

  it("adds the brand's extra characters: Keystone's # and / in names and cities, Harbor's none", async () => {
    const keystone = await as.kAgent.post('/v1/contacts', { first_name: 'Łukasz #2', last_name: "O'Brien/Ó Briain", city: 'Apt #4/B' });
    expect(keystone.statusCode, keystone.body).toBe(200);
    expect(keystone.json().data).toMatchObject({ first_name: 'Łukasz #2', last_name: "O'Brien/Ó Briain", city: 'Apt #4/B' });
    const harbor = await as.agent.post('/v1/contacts', { first_name: 'Łukasz #2', last_name: 'Lee' });
    expect(harbor.statusCode).toBe(422);
    expect(harbor.json().errors).toEqual({ first_name: 'First name contains characters that are not allowed' });
  });
});

describe('sorting names', () => {
  const LAST_NAMES = ['Williams', 'Łukaszewski', 'de la Cruz', 'Zieliński', 'Lewandowski', 'Ó Briain', 'Mazur', 'Nowak', 'Ñúñez', 'Lopez'];
  // the Unicode collation: letters with accents or strokes among their base letter, case aside
  const EXPECTED = ['de la Cruz', 'Lewandowski', 'Lopez', 'Łukaszewski', 'Mazur', 'Nowak', 'Ñúñez', 'Ó Briain', 'Williams', 'Zieliński'];

  beforeAll(async () => {
    for (const last of LAST_NAMES) await create({ first_name: 'Sortzz', last_name: last, city: last });
  });

  const lastNames = (body: ContactsListBody) => body.data.map((c) => c.last_name);

  it('puts Łukasz among the L\'s and lower-case or accented initials in their place, in either direction', async () => {
    // q: the matches are collected and sorted (searchFirst)
    expect(lastNames(await list({ q: 'sortzz' }))).toEqual(EXPECTED);
    expect(lastNames(await list({ q: 'sortzz', order: 'desc' }))).toEqual([...EXPECTED].reverse());
    // an advanced search: the ordered query on the sort index
    const byCondition: ContactsScope = { search: [{ field: 'first_name', operator: 'eq', value: 'Sortzz' }] } as ContactsScope;
    expect(lastNames(await list(byCondition))).toEqual(EXPECTED);
    expect(lastNames(await list({ ...byCondition, order_field: 'city' }))).toEqual(EXPECTED);
  });

  it('walks the same order with cursors', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let page = 1;
    do {
      const body: ContactsListBody = await list({ q: 'sortzz', limit: 3, page, ...(cursor && { cursor }) });
      seen.push(...lastNames(body));
      cursor = body.meta.next_cursor;
      page += 1;
    } while (cursor);
    expect(seen).toEqual(EXPECTED);
  });

  it('keeps the list sort indexes in the same collation as the columns', async () => {
    const rows = await t.ctx.db.execute<{ column: string; collation: string }>(sql`
      select a.attname as column, c.collname as collation
      from pg_attribute a join pg_collation c on c.oid = a.attcollation
      where a.attrelid = 'contacts'::regclass and a.attname in ('first_name', 'last_name', 'city') order by 1`);
    expect(rows.rows).toEqual([
      { column: 'city', collation: 'und-x-icu' },
      { column: 'first_name', collation: 'und-x-icu' },
      { column: 'last_name', collation: 'und-x-icu' },
    ]);
    const indexed = await t.ctx.db.execute<{ index: string; collation: string }>(sql`
      select i.relname as index, c.collname as collation
      from pg_index x join pg_class i on i.oid = x.indexrelid
      cross join lateral unnest(x.indcollation::oid[]) as k(oid) join pg_collation c on c.oid = k.oid
      where x.indrelid = 'contacts'::regclass and i.relname in ('contacts_company_last_name_idx', 'contacts_owner_last_name_idx',
        'contacts_company_first_name_idx', 'contacts_company_city_idx') and c.collname <> 'default' order by 1`);
    expect(indexed.rows).toEqual([
      { index: 'contacts_company_city_idx', collation: 'und-x-icu' },
      { index: 'contacts_company_first_name_idx', collation: 'und-x-icu' },
      // the last-name order's indexes hold the last and the first name (migration 0038)
      { index: 'contacts_company_last_name_idx', collation: 'und-x-icu' },
      { index: 'contacts_company_last_name_idx', collation: 'und-x-icu' },
      { index: 'contacts_owner_last_name_idx', collation: 'und-x-icu' },
      { index: 'contacts_owner_last_name_idx', collation: 'und-x-icu' },
    ]);
  });
});

import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactsScope } from '@crm/contract';
import { contacts } from '../../db/schema';
import { createContact, listContacts, signInCast, type Cast, type ContactsListBody } from '../../test/contact-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

// Issue 28 item 13: the list's order within a last name, hyphens in the search, a new contact's time zone.
let t: TestApp;
let as: Cast;
beforeAll(async () => {
  t = await createTestApp();
  as = await signInCast(t);
});
afterAll(() => t.close());

const names = (body: ContactsListBody, ids: number[]) =>
  body.data.filter((c) => ids.includes(c.id)).map((c) => `${c.first_name} ${c.last_name} ${ids.indexOf(c.id)}`);

describe('the list order within one last name', () => {
  const ids: number[] = [];
  beforeAll(async () => {
    // created in this order: Maria, Hans, Greta Garcia, then a second Maria Garcia
    for (const first_name of ['Maria', 'Hans', 'Greta', 'Maria']) ids.push((await createContact(as.agent, { first_name, last_name: 'Garcia' })).id);
  });

  it.each<[string, ContactsScope]>([
    ['the list', { limit: 500 }],
    ['a search (the trigram path)', { q: 'garcia', limit: 500 }],
  ])('%s: Greta, Hans, Maria Garcia (first name, then id), and the reverse for desc', async (_what, scope) => {
    expect(names(await listContacts(as.agent, scope), ids)).toEqual(['Greta Garcia 2', 'Hans Garcia 1', 'Maria Garcia 0', 'Maria Garcia 3']);
    expect(names(await listContacts(as.agent, { ...scope, order: 'desc' }), ids)).toEqual([
      'Maria Garcia 3',
      'Maria Garcia 0',
      'Hans Garcia 1',
      'Greta Garcia 2',
    ]);
  });

  it('keyset pages of one row walk the same order, the cursor carrying the first name', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const walked: number[] = [];
      let cursor: string | null = null;
      do {
        const body: ContactsListBody = await listContacts(as.agent, { q: 'garcia', order, limit: 1, ...(cursor && { cursor }) });
        walked.push(...body.data.map((c) => c.id));
        cursor = body.meta.next_cursor;
        if (cursor) expect(JSON.parse(Buffer.from(cursor, 'base64url').toString())).toHaveProperty('t');
      } while (cursor && walked.length < 100);
      expect(walked.filter((id) => ids.includes(id))).toEqual(order === 'asc' ? [ids[2], ids[1], ids[0], ids[3]] : [ids[3], ids[0], ids[1], ids[2]]);
      expect(walked).toEqual((await listContacts(as.agent, { q: 'garcia', order, limit: 100 })).data.map((c) => c.id));
    }
    // the walk without a search (the ordered-index path), from the first page on
    const all = (await listContacts(as.agent, { limit: 500 })).data.map((c) => c.id);
    const walked: number[] = [];
    let cursor: string | null = null;
    do {
      const body: ContactsListBody = await listContacts(as.agent, { limit: 7, ...(cursor && { cursor }) });
      walked.push(...body.data.map((c) => c.id));
      cursor = body.meta.next_cursor;
    } while (cursor && walked.length < 1000);
    expect(walked).toEqual(all);
  });

  it('the order is read in order from the (owner, last name, first name, id) index, with no sort', async () => {
    // one connection: the planner settings hold for the explain only; a plan without a sort must read the index in order
    const text = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const plan = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain select id from contacts
        where owner_id = ${as.agent.userId} and deleted_at is null order by last_name, first_name, id limit 20`);
      return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(text, text).toMatch(/Index (Only )?Scan using contacts_owner_last_name_idx/);
    expect(text).not.toMatch(/Sort/);
  });
});

describe('the search ignores hyphens as it ignores apostrophes', () => {
  it('"jiwoo", "ji-woo" and "JI‐WOO" find Ji-woo Park; "obrien" finds O\'Brien-Smith', async () => {
    const jiwoo = await createContact(as.agent, { first_name: 'Ji-woo', last_name: 'Parkhyphen' });
    const obrien = await createContact(as.agent, { first_name: 'Siobhan', last_name: "O'Brien-Smithzq" });
    for (const q of ['jiwoo', 'ji-woo', 'JI‐WOO']) {
      // (the demo data has a Ji-woo of its own)
      expect({ q, ids: (await listContacts(as.agent, { q })).data.map((c) => c.id) }).toEqual({ q, ids: expect.arrayContaining([jiwoo.id]) });
    }
    for (const q of ['jiwoo parkhyphen', 'ji-woo park-hyphen', 'JIWOO PARKHYPHEN']) {
      expect({ q, ids: (await listContacts(as.agent, { q })).data.map((c) => c.id) }).toEqual({ q, ids: [jiwoo.id] });
    }
    for (const q of ['obriensmithzq', "o'brien-smithzq", 'brien smithzq']) {
      expect({ q, ids: (await listContacts(as.agent, { q })).data.map((c) => c.id) }).toEqual({ q, ids: [obrien.id] });
    }
    // the names are shown as written
    expect((await listContacts(as.agent, { q: 'jiwoo parkhyphen' })).data[0]).toMatchObject({ first_name: 'Ji-woo' });
  });

  it("migration 0038 rebuilds the search text of existing contacts (a row folded before it keeps its hyphen until then)", async () => {
    const before = await createContact(as.agent, { first_name: 'Min-jun', last_name: 'Leehyphen' });
    await t.ctx.db.update(contacts).set({ searchText: 'min-jun leehyphen' }).where(eq(contacts.id, before.id));
    expect((await listContacts(as.agent, { q: 'minjun' })).data).toHaveLength(0);
    const migration = readFileSync(new URL('../../db/migrations/0038_contacts_name_order_and_hyphens.sql', import.meta.url), 'utf8');
    const update = migration.split('--> statement-breakpoint').find((part) => part.includes('UPDATE "contacts"'))!;
    await t.ctx.db.execute(sql.raw(update));
    expect((await listContacts(as.agent, { q: 'minjun' })).data.map((c) => c.id)).toEqual([before.id]);
  });
});

describe("a new contact's time zone", () => {
  it("is the caller's own when omitted: a Pacific agent's new contact is Pacific; one given is kept", async () => {
    const me = (await as.agent.get('/v1/users/me')).json();
    expect(me.timezone).toBe('pst');
    expect((await createContact(as.agent, { first_name: 'Pacific', last_name: 'Default' })).timezone).toBe('pst');
    expect((await createContact(as.agent, { first_name: 'Central', last_name: 'Given', timezone: 'cst' })).timezone).toBe('cst');
    // an Eastern user's stays Eastern
    expect((await createContact(as.manager, { first_name: 'Eastern', last_name: 'Default' })).timezone).toBe('est');
  });
});

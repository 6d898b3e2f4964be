import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACTS_COUNT_CAP } from '@crm/contract';
import { DEMO_CONTACTS_PER_AGENT, demoContacts } from '../../db/seed-contacts';
import { KEYSTONE_DEMO, seedEmail } from '../../db/seed';
import { createTestApp, TestAgent, type TestApp } from '../../test/test-app';

let t: TestApp;
let rm: TestAgent;
const EXTRA = CONTACTS_COUNT_CAP + 40;

beforeAll(async () => {
  t = await createTestApp();
  const agent = (await t.ctx.usersRepository.findByEmail(seedEmail('agent', KEYSTONE_DEMO.domainName)))!;
  const ids = async (catalog: 'statuses' | 'agentflow_statuses' | 'sources') =>
    (await t.ctx.lookupsRepository.titled(catalog, agent.companyId)).map((s) => s.id);
  const catalogs = { statuses: await ids('statuses'), agentflowStatuses: await ids('agentflow_statuses'), sources: await ids('sources') };
  const items = demoContacts('count-cap', agent.id, EXTRA, catalogs);
  await t.ctx.contactsRepository.insertMany(agent.companyId, items);
  rm = new TestAgent(t.app, { host: 'keystone.localhost' });
  await rm.signIn(seedEmail('rm', KEYSTONE_DEMO.domainName));
}, 120_000);
afterAll(() => t.close());

describe('counting beyond the cap', () => {
  it(`counts exactly up to ${CONTACTS_COUNT_CAP} and says so when more match; deep pages still answer`, async () => {
    const res = await rm.patch('/v1/contacts', { contacts_scope: { limit: 100 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta).toEqual({
      current_page: 1,
      limit: 100,
      total_count: CONTACTS_COUNT_CAP,
      total_pages: CONTACTS_COUNT_CAP / 100,
      total_count_capped: true,
      next_cursor: expect.any(String),
    });
    // a narrower search is exact again
    const narrow = (await rm.patch('/v1/contacts', { contacts_scope: { category: 'client', states: ['HI'] } })).json().meta;
    expect(narrow.total_count_capped).toBe(false);
    expect(narrow.total_count).toBeGreaterThan(0);
    expect(narrow.total_count).toBeLessThan(CONTACTS_COUNT_CAP);
    // the last page past the cap is still served (offset paging): all rows are reachable
    const total = EXTRA + DEMO_CONTACTS_PER_AGENT;
    const last = (await rm.patch('/v1/contacts', { contacts_scope: { limit: 500, page: Math.ceil(total / 500) } })).json();
    expect(last.data).toHaveLength(total % 500 || 500);
    const all = (await rm.post('/v1/contacts/selected_items', { all: true })).json().ids;
    expect(all).toHaveLength(total);
  });
});

describe('selections larger than PostgreSQL’s 65,535 parameters', () => {
  it('trashes and restores a selection of 70,000+ ids in one statement each (ids travel as one array)', async () => {
    const ids: number[] = (await rm.post('/v1/contacts/selected_items', { all: true })).json().ids;
    const agent = (await t.ctx.usersRepository.findByEmail(seedEmail('agent', KEYSTONE_DEMO.domainName)))!;
    const reach = { kind: 'own' as const, companyId: agent.companyId, userId: agent.id };
    // ids past the table's end match nothing; they only make the list longer than the parameter limit
    const padded = [...ids, ...Array.from({ length: 70_000 }, (_, i) => 2_000_000_000 + i)];
    expect(await t.ctx.contactsRepository.setTrashed(reach, { ids: padded }, true)).toBe(ids.length);
    expect((await rm.patch('/v1/contacts', { contacts_scope: {} })).json().data).toEqual([]);
    expect(await t.ctx.contactsRepository.setTrashed(reach, { ids: padded }, false)).toBe(ids.length);
    expect((await rm.patch('/v1/contacts', { contacts_scope: { limit: 1 } })).json().meta.total_count).toBe(CONTACTS_COUNT_CAP);
  }, 120_000);
});

describe('counting past the cap when asked (exact_count)', () => {
  it('counts every match, and the page is the same page', async () => {
    const capped = (await rm.patch('/v1/contacts', { contacts_scope: { limit: 5 } })).json();
    const exact = (await rm.patch('/v1/contacts', { contacts_scope: { limit: 5, exact_count: true } })).json();
    const total = EXTRA + DEMO_CONTACTS_PER_AGENT;
    expect(capped.meta).toMatchObject({ total_count: CONTACTS_COUNT_CAP, total_count_capped: true });
    expect(exact.meta).toMatchObject({ total_count: total, total_pages: Math.ceil(total / 5), total_count_capped: false });
    expect(exact.data.map((c: { id: number }) => c.id)).toEqual(capped.data.map((c: { id: number }) => c.id));
    // a filtered count past the cap, counted through the same conditions as the page
    const clients = (await rm.patch('/v1/contacts', { contacts_scope: { category: 'client', exact_count: true, limit: 500 } })).json();
    const ids: number[] = (await rm.post('/v1/contacts/selected_items', { all: true, contacts_scope: { category: 'client' } })).json().ids;
    expect(clients.meta.total_count).toBe(ids.length);
  });

  it('answers a search-box word with more matches than the cap with its exact count, sorted', async () => {
    // every demo contact's mobile number has the exchange 555-01: the word matches all of them
    const q = '55501';
    const all: number[] = (await rm.post('/v1/contacts/selected_items', { all: true, contacts_scope: { q } })).json().ids;
    expect(all.length).toBeGreaterThan(CONTACTS_COUNT_CAP);
    const first = (await rm.patch('/v1/contacts', { contacts_scope: { q, limit: 50 } })).json();
    expect(first.meta).toMatchObject({ total_count: all.length, total_count_capped: false });
    expect(first.data.map((c: { id: number }) => c.id)).toEqual(all.slice(0, 50));
    const names = first.data.map((c: { last_name: string }) => c.last_name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    // the next page by cursor keeps the count and continues the order
    const second = (await rm.patch('/v1/contacts', { contacts_scope: { q, limit: 50, page: 2, cursor: first.meta.next_cursor } })).json();
    expect(second.meta.total_count).toBe(all.length);
    expect(second.data.map((c: { id: number }) => c.id)).toEqual(all.slice(50, 100));
  });
});

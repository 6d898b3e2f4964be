import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tag as tagSchema } from '@crm/contract';
import { expectNotFound, newContact, signInCast, type Cast } from '../../test/contact-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let as: Cast;
let lead: number;
let client: number;
let otherContact: number;

beforeAll(async () => {
  t = await createTestApp();
  as = await signInCast(t);
  lead = await newContact(as.agent, { first_name: 'Lena', category: 'lead' });
  client = await newContact(as.agent, { first_name: 'Carl', category: 'client' });
  otherContact = await newContact(as.telemarketer, { first_name: 'Tom' });
});
afterAll(() => t.close());

type Found = { id: number; name: string; color: string; contacts_count?: number };
async function search(who: keyof Cast, body: unknown): Promise<Found[]> {
  const res = await as[who].patch('/v1/tags', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const countOf = (tags: Found[], name: string) => tags.find((t) => t.name === name)?.contacts_count;

describe('creating tags', () => {
  it('creates a company tag and tags the given contacts at once', async () => {
    const res = await as.agent.post('/v1/tags', { name: ' Sizzling ', color: '#B91C1C', tag_objects: [lead, client] });
    expect(res.statusCode, res.body).toBe(200);
    const tag = res.json().data;
    expect(tagSchema.strict().safeParse(tag).success).toBe(true);
    expect(tag).toMatchObject({ name: 'Sizzling', color: '#b91c1c' });
    expect(countOf(await search('agent', { q: 'sizz', contacts_scope: {} }), 'Sizzling')).toBe(2);
  });

  it('refuses a name the company already has, ignoring case', async () => {
    await as.agent.post('/v1/tags', { name: 'Callback later', color: '#1d4ed8' });
    const res = await as.manager.post('/v1/tags', { name: 'CALLBACK LATER', color: '#047857' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { name: 'A tag with this name already exists' } });
    // another company may use the name
    expect((await as.kAgent.post('/v1/tags', { name: 'Callback later', color: '#047857' })).statusCode).toBe(200);
  });

  it('answers 404 and creates nothing when a contact to tag is outside the reach', async () => {
    const res = await as.agent.post('/v1/tags', { name: 'Lukewarm', color: '#b45309', tag_objects: [lead, otherContact] });
    expectNotFound(res);
    expect(await search('agent', { q: 'Lukewarm' })).toEqual([]);
    expect((await as.kAgent.post('/v1/tags', { name: 'Lukewarm', color: '#b45309', tag_objects: [lead] })).statusCode).toBe(404);

    const manager = await as.manager.post('/v1/tags', { name: 'Lukewarm', color: '#b45309', tag_objects: [lead, otherContact] });
    expect(manager.statusCode, manager.body).toBe(200);
  });

  it('validates name and colour with the contract messages', async () => {
    const res = await as.agent.post('/v1/tags', { name: '', color: 'red' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: 'Name is required', color: 'Colour must look like #1d4ed8' });
  });
});

describe('searching tags', () => {
  it("finds the company's tags containing q, by name, without counts unless a scope is given", async () => {
    for (const name of ['Zeta 100%', 'alpha', 'Beta'])
      expect((await as.admin.post('/v1/tags', { name, color: '#374151' })).statusCode).toBe(200);
    const all = await search('agent', {});
    const names = all.map((t) => t.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(names).toEqual(expect.arrayContaining(['alpha', 'Beta', 'Sizzling', 'Zeta 100%']));
    expect(all.every((t) => !('contacts_count' in t))).toBe(true);
    expect((await search('agent', { q: '%' })).map((t) => t.name)).toEqual(['Zeta 100%']);
    expect((await search('agent', { q: 'ALP' })).map((t) => t.name)).toEqual(['alpha']);
    expect(await search('agent', { limit: 2 })).toHaveLength(2);
    const keystone = (await search('kAgent', {})).map((t) => t.name);
    expect(keystone).toContain('Callback later');
    expect(keystone).not.toContain('alpha');
  });

  it('counts live contacts in the reach that match the scope and carry the tag', async () => {
    expect(countOf(await search('agent', { q: 'lukewarm', contacts_scope: {} }), 'Lukewarm')).toBe(1);
    expect(countOf(await search('manager', { q: 'lukewarm', contacts_scope: {} }), 'Lukewarm')).toBe(2);
    expect(countOf(await search('manager', { q: 'lukewarm', contacts_scope: { contact_group: 'mine' } }), 'Lukewarm')).toBe(0);
    expect(countOf(await search('agent', { q: 'sizz', contacts_scope: { category: 'client' } }), 'Sizzling')).toBe(1);
    expect(countOf(await search('agent', { q: 'sizz', contacts_scope: { q: 'Lena' } }), 'Sizzling')).toBe(1);
    expect(countOf(await search('agent', { q: 'alpha', contacts_scope: {} }), 'alpha')).toBe(0);

    const trashed = await as.agent.request('DELETE', '/v1/contacts/destroy_all', { body: { ids: [client] } });
    expect(trashed.statusCode, trashed.body).toBe(200);
    expect(countOf(await search('agent', { q: 'sizz', contacts_scope: {} }), 'Sizzling')).toBe(1);
    expect(countOf(await search('agent', { q: 'sizz', contacts_scope: { trashed: true } }), 'Sizzling')).toBe(1);
  });
});

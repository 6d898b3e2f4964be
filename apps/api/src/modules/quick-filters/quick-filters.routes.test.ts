import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYSTONE_DEMO, seedEmail } from '../../db/seed';
import { createTestApp, TestAgent, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signedIn = async (key: string, host?: string) => {
  const agent = new TestAgent(t.app, host ? { host } : {});
  await agent.signIn(key);
  return agent;
};

describe('/v1/quick_filters', () => {
  it('creates, lists, renames, replaces the scope and deletes; users/me lists them', async () => {
    const agent = await signedIn('agent');
    const created = await agent.post('/v1/quick_filters', {
      name: '  Hot leads ',
      contacts_scope: { q: 'smith', category: 'lead', search: [{ field: 'state', operator: 'in', value: ['tx'] }] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { data } = created.json();
    expect(data).toMatchObject({ name: 'Hot leads', contacts_scope: { q: 'smith', category: 'lead', order_field: 'last_name' } });
    expect(data.contacts_scope.search).toEqual([{ field: 'state', operator: 'in', value: 'TX' }]);
    // the saved scope is accepted back as it is
    expect((await agent.post('/v1/quick_filters', { name: 'Copy', contacts_scope: data.contacts_scope })).json().data.contacts_scope).toEqual(
      data.contacts_scope,
    );

    expect((await agent.get('/v1/quick_filters')).json().data.map((f: { name: string }) => f.name)).toEqual(['Copy', 'Hot leads']);
    const renamed = await agent.patch(`/v1/quick_filters/${data.id}`, { name: 'Warm leads' });
    expect(renamed.json().data).toMatchObject({ name: 'Warm leads', contacts_scope: { q: 'smith' } });
    const rescoped = await agent.patch(`/v1/quick_filters/${data.id}`, { contacts_scope: { category: 'client' } });
    expect(rescoped.json().data).toMatchObject({ name: 'Warm leads', contacts_scope: { category: 'client', search: [] } });
    expect(rescoped.json().data.contacts_scope.q).toBeUndefined();

    const me = (await agent.get('/v1/users/me')).json();
    expect(me.quick_filters).toEqual([
      { id: expect.any(Number), name: 'Copy' },
      { id: data.id, name: 'Warm leads' },
    ]);

    expect((await agent.delete(`/v1/quick_filters/${data.id}`)).statusCode).toBe(204);
    expect((await agent.delete(`/v1/quick_filters/${data.id}`)).statusCode).toBe(404);
    expect((await agent.get('/v1/quick_filters')).json().data.map((f: { name: string }) => f.name)).toEqual(['Copy']);
  });

  it('validates with per-field messages', async () => {
    const agent = await signedIn('manager');
    const blank = await agent.post('/v1/quick_filters', { name: '   ', contacts_scope: {} });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.name).toBe('Name is required');
    expect((await agent.post('/v1/quick_filters', { contacts_scope: {} })).json().errors.name).toBe('Name is required');
    expect((await agent.post('/v1/quick_filters', { name: 'x'.repeat(61), contacts_scope: {} })).json().errors.name).toBe(
      'Name must be at most 60 characters',
    );
    const badScope = await agent.post('/v1/quick_filters', { name: 'Bad', contacts_scope: { limit: 501 } });
    expect(badScope.statusCode).toBe(422);
    expect((await agent.patch('/v1/quick_filters/abc', { name: 'x' })).statusCode).toBe(422);
  });

  it('names are unique per user, ignoring case; two users may share a name', async () => {
    const one = await signedIn('district');
    const two = await signedIn('field');
    const first = (await one.post('/v1/quick_filters', { name: 'Follow up', contacts_scope: {} })).json().data;
    const dup = await one.post('/v1/quick_filters', { name: 'FOLLOW UP', contacts_scope: {} });
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({ errors: { name: 'You already have a quick filter with this name' } });
    expect((await two.post('/v1/quick_filters', { name: 'Follow up', contacts_scope: {} })).statusCode).toBe(200);

    const second = (await one.post('/v1/quick_filters', { name: 'Later', contacts_scope: {} })).json().data;
    const clash = await one.patch(`/v1/quick_filters/${second.id}`, { name: 'follow up' });
    expect(clash.json()).toEqual({ errors: { name: 'You already have a quick filter with this name' } });
    // renaming to itself (another case) is fine
    expect((await one.patch(`/v1/quick_filters/${first.id}`, { name: 'Follow Up' })).json().data.name).toBe('Follow Up');
  });

  it('another user’s filter is a 404 and stays as it was', async () => {
    const owner = await signedIn('telemarketer');
    const { data } = (await owner.post('/v1/quick_filters', { name: 'Mine', contacts_scope: {} })).json();
    const other = await signedIn('agent');
    expect((await other.patch(`/v1/quick_filters/${data.id}`, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await other.delete(`/v1/quick_filters/${data.id}`)).statusCode).toBe(404);
    expect((await other.get('/v1/quick_filters')).json().data.some((f: { id: number }) => f.id === data.id)).toBe(false);
    expect((await owner.get('/v1/quick_filters')).json().data).toEqual([expect.objectContaining({ id: data.id, name: 'Mine' })]);
  });
});

describe('/v1/favorite_lists', () => {
  it('adds a colleague (twice changes nothing), lists, removes (idempotent); users/me shows them', async () => {
    const agent = await signedIn('agent');
    const manager = (await (await signedIn('manager')).get('/v1/users/me')).json();
    const added = await agent.post('/v1/favorite_lists', { favorite_id: manager.id });
    expect(added.statusCode, added.body).toBe(200);
    const expected = [{ id: manager.id, name: 'Morgan Hayes', email: manager.email }];
    expect(added.json().data).toEqual(expected);
    expect((await agent.post('/v1/favorite_lists', { favorite_id: manager.id })).json().data).toEqual(expected);
    expect((await agent.get('/v1/favorite_lists')).json().data).toEqual(expected);
    expect((await agent.get('/v1/users/me')).json().favorite_users).toEqual([{ id: manager.id, name: 'Morgan Hayes' }]);

    expect((await agent.post('/v1/favorite_lists/delete', { favorite_id: manager.id })).json().data).toEqual([]);
    const again = await agent.post('/v1/favorite_lists/delete', { favorite_id: manager.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual([]);
    expect((await agent.get('/v1/users/me')).json().favorite_users).toEqual([]);
  });

  it('refuses yourself (422), another company’s or an unknown user (404), and a bad id (422)', async () => {
    const agent = await signedIn('subadmin');
    const me = (await agent.get('/v1/users/me')).json();
    expect((await agent.post('/v1/favorite_lists', { favorite_id: me.id })).json()).toEqual({
      errors: { favorite_id: 'You cannot add yourself' },
    });
    const keystone = await signedIn(seedEmail('agent', KEYSTONE_DEMO.domainName), 'keystone.localhost');
    const outsider = (await keystone.get('/v1/users/me')).json();
    expect((await agent.post('/v1/favorite_lists', { favorite_id: outsider.id })).statusCode).toBe(404);
    expect((await agent.post('/v1/favorite_lists', { favorite_id: 2_000_000_000 })).statusCode).toBe(404);
    expect((await agent.post('/v1/favorite_lists', { favorite_id: 'x' })).statusCode).toBe(422);
    expect((await agent.post('/v1/favorite_lists', {})).json().errors.favorite_id).toBeDefined();
    expect((await agent.get('/v1/favorite_lists')).json().data).toEqual([]);
  });
});

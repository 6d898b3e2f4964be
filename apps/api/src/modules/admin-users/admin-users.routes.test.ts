import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUser } from '@crm/contract';
import { EVERGREEN_DEMO, KEYSTONE_DEMO, seedEmail } from '../../db/seed';
import { createTestApp, TestAgent, type TestApp } from '../../test/test-app';

const keystone = (key: string) => seedEmail(key, KEYSTONE_DEMO.domainName);
const evergreen = (key: string) => seedEmail(key, EVERGREEN_DEMO.domainName);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedIn(email: string, host?: string) {
  const agent = new TestAgent(t.app, { host });
  await agent.signIn(email);
  return agent;
}
const idOf = async (email: string) => (await t.ctx.usersRepository.findByEmail(email))!.id;

describe('GET /v1/admin/users', () => {
  it("lists the admin's company only, with paging meta and every field of the contract", async () => {
    const admin = await signedIn('admin');
    const res = await admin.get('/v1/admin/users');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ current_page: 1, limit: 25, total_count: 11, total_pages: 1 });
    expect(body.data).toHaveLength(11);
    for (const row of body.data) expect(adminUser.safeParse(row).success).toBe(true);
    expect(body.data.every((u: { email: string }) => u.email.endsWith('@harbor-demo.example'))).toBe(true);
    // default order: last name
    expect(body.data.map((u: { last_name: string }) => u.last_name)).toEqual(
      [...body.data.map((u: { last_name: string }) => u.last_name)].sort((a, b) => a.localeCompare(b)),
    );
    expect(body.data.find((u: { email: string }) => u.email === seedEmail('agent'))).toMatchObject({
      first_name: 'Jamie',
      last_name: 'Carter',
      account_type: 'agent',
      roles: ['agent'],
      upline: { name: 'Riley Patel' },
      active: true,
      title: null,
    });

    const kAdmin = await signedIn(keystone('admin'), 'keystone.localhost');
    const kBody = (await kAdmin.get('/v1/admin/users')).json();
    expect(kBody.meta.total_count).toBe(3);
    expect(kBody.data.find((u: { email: string }) => u.email === keystone('agent'))).toMatchObject({
      title: 'licensed_insurance_agent',
      upline: { name: 'Quinn Delgado' },
    });
  });

  it('searches first name, last name, full name and e-mail without regard to case; % and _ are literal', async () => {
    const admin = await signedIn('admin');
    const search = async (q: string) =>
      (await admin.get(`/v1/admin/users?q=${encodeURIComponent(q)}`)).json().data.map((u: { email: string }) => u.email);
    expect(await search('CARTER')).toEqual([seedEmail('agent')]);
    expect(await search('jamie c')).toEqual([seedEmail('agent')]);
    expect(await search('telemarketer@')).toEqual([seedEmail('telemarketer')]);
    expect(await search('agent@')).toEqual(expect.arrayContaining([seedEmail('agent'), seedEmail('secure.agent'), seedEmail('new.agent')]));
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    // never another company's users
    expect(await search('keystone')).toEqual([]);
  });

  it('pages and orders', async () => {
    const admin = await signedIn('admin');
    const page2 = (await admin.get('/v1/admin/users?limit=3&page=2&order_field=first_name&order=desc')).json();
    expect(page2.meta).toEqual({ current_page: 2, limit: 3, total_count: 11, total_pages: 4 });
    const all = (await admin.get('/v1/admin/users?order_field=first_name&order=desc')).json().data;
    expect(page2.data.map((u: { id: number }) => u.id)).toEqual(all.slice(3, 6).map((u: { id: number }) => u.id));
    const firsts = all.map((u: { first_name: string }) => u.first_name);
    expect(firsts).toEqual([...firsts].sort((a: string, b: string) => b.localeCompare(a)));
    const beyond = (await admin.get('/v1/admin/users?page=9')).json();
    expect(beyond.data).toEqual([]);
    expect((await admin.get('/v1/admin/users?order_field=password_hash')).statusCode).toBe(422);
    expect((await admin.get('/v1/admin/users?limit=1000')).statusCode).toBe(422);
  });

  it('is for impersonators only: administrators see the company, a regional manager or business-unit admin only their downline', async () => {
    const manager = await signedIn('manager');
    expect((await manager.get('/v1/admin/users')).statusCode).toBe(403);
    const agent = await signedIn('agent');
    expect((await agent.get('/v1/admin/users')).statusCode).toBe(403);

    const emails = (body: { data: { email: string }[] }) => body.data.map((u) => u.email).sort();
    const rm = await signedIn(keystone('rm'), 'keystone.localhost');
    const rmList = await rm.get('/v1/admin/users');
    expect(rmList.statusCode, rmList.body).toBe(200);
    // Keystone: admin > rm > agent; the rm sees the agent below them, not their admin nor themselves.
    expect(emails(rmList.json())).toEqual([keystone('agent')]);
    expect(rmList.json().meta.total_count).toBe(1);

    // Harbor: admin > buadmin > manager > (district > field > agents, telemarketer); subadmin sits beside buadmin.
    const bu = await signedIn('buadmin');
    const buBody = (await bu.get('/v1/admin/users?limit=100')).json();
    expect(emails(buBody)).toEqual(
      ['manager', 'district', 'field', 'telemarketer', 'agent', 'secure.agent', 'new.agent'].map((k) => seedEmail(k)).sort(),
    );
    expect((await bu.get('/v1/admin/users?q=Morgan')).json().data.map((u: { email: string }) => u.email)).toEqual([seedEmail('manager')]);
    // Changing roles stays with administrators.
    const agentId = await idOf(seedEmail('agent'));
    expect((await bu.get(`/v1/admin/users/${agentId}/roles`)).statusCode).toBe(403);
  });
});

describe('roles', () => {
  it("a Keystone admin is never offered sub_admin and cannot give it", async () => {
    const admin = await signedIn(keystone('admin'), 'keystone.localhost');
    const agentId = await idOf(keystone('agent'));
    const roles = await admin.get(`/v1/admin/users/${agentId}/roles`);
    expect(roles.statusCode, roles.body).toBe(200);
    expect(roles.json().data.roles).toEqual(['agent']);
    expect(roles.json().data.assignable).toEqual(['admin', 'bu_admin', 'regional_manager', 'manager', 'district_manager', 'field_manager', 'telemarketer', 'agent']);
    const refused = await admin.patch(`/v1/admin/users/${agentId}/update_roles`, { roles: ['sub_admin'] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { roles: 'Keystone Central does not offer the role "sub_admin"' } });
    const basic = await admin.patch(`/v1/admin/users/${agentId}/update_roles`, { roles: ['basic'] });
    expect(basic.json()).toEqual({ errors: { roles: 'Keystone Central does not offer the role "basic"' } });
  });

  it('an Evergreen admin can make a user basic; the first role becomes the account type; the change is audited', async () => {
    const admin = await signedIn(evergreen('admin'), 'evergreen.localhost');
    const preneedId = await idOf(evergreen('preneed'));
    expect((await admin.get(`/v1/admin/users/${preneedId}/roles`)).json().data.assignable).toContain('basic');
    const res = await admin.patch(`/v1/admin/users/${preneedId}/update_roles`, { roles: ['basic'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: preneedId, account_type: 'basic', roles: ['basic'], title: 'preneed_agent' });
    const preneed = await signedIn(evergreen('preneed'), 'evergreen.localhost');
    const me = (await preneed.get('/v1/users/me')).json();
    expect(me).toMatchObject({ roles: ['basic'], profile: { account_type: 'basic' } });
    expect(me.features).toMatchObject({ sms: false, dialer: false });
    const events = await t.ctx.audit.list({ userId: preneedId, event: 'roles_changed' });
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toEqual({ from: ['agent'], to: ['basic'] });
    await admin.patch(`/v1/admin/users/${preneedId}/update_roles`, { roles: ['agent'] });
  });

  it("another company's user is as good as missing (404)", async () => {
    const admin = await signedIn('admin');
    const foreign = await idOf(keystone('agent'));
    expect((await admin.get(`/v1/admin/users/${foreign}/roles`)).statusCode).toBe(404);
    expect((await admin.patch(`/v1/admin/users/${foreign}/update_roles`, { roles: ['agent'] })).statusCode).toBe(404);
    expect((await admin.get('/v1/admin/users/99999999/roles')).statusCode).toBe(404);
  });

  it('nobody changes their own roles; a sub_admin may not give admin or change an admin', async () => {
    const admin = await signedIn('admin');
    const adminId = await idOf(seedEmail('admin'));
    const self = await admin.patch(`/v1/admin/users/${adminId}/update_roles`, { roles: ['agent'] });
    expect(self.statusCode).toBe(422);
    expect(self.json()).toEqual({ errors: { roles: 'You cannot change your own roles' } });

    const sub = await signedIn('subadmin');
    const telemarketerId = await idOf(seedEmail('telemarketer'));
    expect((await sub.get(`/v1/admin/users/${telemarketerId}/roles`)).json().data.assignable).not.toContain('admin');
    const grant = await sub.patch(`/v1/admin/users/${telemarketerId}/update_roles`, { roles: ['admin'] });
    expect(grant.statusCode).toBe(422);
    expect(grant.json().errors.roles).toBe('Only a System Admin can give the role "System Admin"');
    const demote = await sub.patch(`/v1/admin/users/${adminId}/update_roles`, { roles: ['agent'] });
    expect(demote.statusCode).toBe(422);

    // an admin can, and several roles are kept
    const ok = await admin.patch(`/v1/admin/users/${telemarketerId}/update_roles`, { roles: ['field_manager', 'telemarketer', 'field_manager'] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ account_type: 'field_manager' });
    expect(ok.json().data.roles.sort()).toEqual(['field_manager', 'telemarketer']);
    await admin.patch(`/v1/admin/users/${telemarketerId}/update_roles`, { roles: ['telemarketer'] });
  });

  it('validates the body', async () => {
    const admin = await signedIn('admin');
    const agentId = await idOf(seedEmail('agent'));
    expect((await admin.patch(`/v1/admin/users/${agentId}/update_roles`, { roles: [] })).json()).toEqual({ errors: { roles: 'Choose a role' } });
    expect((await admin.patch(`/v1/admin/users/${agentId}/update_roles`, { roles: ['wizard'] })).statusCode).toBe(422);
  });
});

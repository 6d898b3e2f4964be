import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { seedEmail } from '../../db/seed';
import { digest } from '../../lib/crypto';
import { createTestApp, TestAgent, type TestApp } from '../../test/test-app';

let t: TestApp;
/** Another process's connection: its changes reach this process only through PostgreSQL's announcements. */
let elsewhere: pg.Client;
const KEYSTONE = { host: 'keystone.localhost' };
const keystone = (key: string) => seedEmail(key, 'keystone-demo');
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  elsewhere = new pg.Client({ connectionString: t.env.DATABASE_URL as string });
  await elsewhere.connect();
  for (const key of ['admin', 'rm', 'agent']) ids[key] = (await t.ctx.usersRepository.findByEmail(keystone(key)))?.id as number;
});
afterAll(async () => {
  await elsewhere.end();
  await t.close();
});
// every test starts from the seeded tree: the regional manager active, a regional manager, above the agent
afterEach(async () => {
  await elsewhere.query('update users set active = true where id = $1', [ids.rm]);
  await elsewhere.query('update users set upline_id = $1 where id = $2', [ids.rm, ids.agent]);
  await elsewhere.query(`delete from user_roles where user_id = $1`, [ids.rm]);
  await elsewhere.query(`insert into user_roles (user_id, role_id) select $1, id from roles where name = 'regional_manager'`, [ids.rm]);
  await elsewhere.query(`update users set account_type = 'regional_manager' where id = $1`, [ids.rm]);
});

/** The regional manager impersonating their agent, the impersonated caller kept in memory (it answered once with the cache live). */
async function impersonating(): Promise<{ rm: TestAgent; sessionDigest: string }> {
  const rm = new TestAgent(t.app, KEYSTONE);
  await rm.signIn(keystone('rm'));
  const start = await rm.post(`/v1/admin/users/${ids.agent}/login`, { login_type: 'impersonate' });
  expect(start.statusCode, start.body).toBe(200);
  await expect.poll(() => t.ctx.identityChanges.live(), { timeout: 10_000 }).toBe(true);
  const me = await rm.get('/v1/users/me');
  expect(me.json()).toMatchObject({ email: keystone('agent'), impersonated_by: { id: ids.rm, login_type: 'impersonate' } });
  const created = await rm.post('/v1/contacts', { first_name: 'Kept', last_name: 'Working' });
  expect(created.statusCode, created.body).toBe(200);
  return { rm, sessionDigest: digest(rm.cookies.get('crm_session') as string) };
}

/** The impersonation answers 401 (its session deleted, audited as ended for the impersonator's rights) and creates nothing. */
async function expectEnded(rm: TestAgent, sessionDigest: string): Promise<void> {
  expect((await rm.post('/v1/contacts', { first_name: 'Not', last_name: 'Allowed' })).statusCode).toBe(401);
  expect(await t.ctx.db.query.sessions.findFirst({ where: eq(sessions.tokenDigest, sessionDigest) })).toBeUndefined();
  const ended = (await t.ctx.audit.list({ userId: ids.agent })).filter((e) => e.event === 'impersonation_ended');
  expect(ended.at(-1)).toMatchObject({ actorUserId: ids.rm, details: { login_type: 'impersonate', reason: 'impersonator_rights' } });
}

describe("an impersonation ends with the impersonator's rights", () => {
  it('an administrator lowers the regional manager to agent: the very next request of the impersonation answers 401', async () => {
    const { rm, sessionDigest } = await impersonating();
    const admin = new TestAgent(t.app, KEYSTONE);
    await admin.signIn(keystone('admin'));
    const lowered = await admin.patch(`/v1/admin/users/${ids.rm}/update_roles`, { roles: ['agent'] });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect((await rm.get('/v1/users/me')).statusCode).toBe(401);
    await expectEnded(rm, sessionDigest);
  });

  it('the regional manager is deactivated by another process: the impersonation answers 401 once the change is announced', async () => {
    const { rm, sessionDigest } = await impersonating();
    await elsewhere.query('update users set active = false where id = $1', [ids.rm]);
    await expect.poll(async () => (await rm.get('/v1/users/me')).statusCode, { timeout: 10_000 }).toBe(401);
    await expectEnded(rm, sessionDigest);
  });

  it("the regional manager's role is taken away by another process: 401 once announced", async () => {
    const { rm, sessionDigest } = await impersonating();
    await elsewhere.query(`delete from user_roles where user_id = $1`, [ids.rm]);
    await elsewhere.query(`insert into user_roles (user_id, role_id) select $1, id from roles where name = 'agent'`, [ids.rm]);
    await expect.poll(async () => (await rm.get('/v1/users/me')).statusCode, { timeout: 10_000 }).toBe(401);
    await expectEnded(rm, sessionDigest);
  });

  it('the impersonated agent is moved out of the regional manager\'s downline by another process: 401 once announced', async () => {
    const { rm, sessionDigest } = await impersonating();
    await elsewhere.query('update users set upline_id = $1 where id = $2', [ids.admin, ids.agent]);
    await expect.poll(async () => (await rm.get('/v1/users/me')).statusCode, { timeout: 10_000 }).toBe(401);
    await expectEnded(rm, sessionDigest);
  });

  it("a move above the agent (their upline's upline changes) is announced too: the regional manager loses the agent's branch", async () => {
    // admin -> rm -> agent becomes admin -> rm, admin -> district -> agent: a user between them, moved elsewhere
    const middle = await t.ctx.usersRepository.insert(
      {
        companyId: (await t.ctx.usersRepository.findById(ids.agent))!.companyId,
        email: `middle.${Date.now()}@keystone-demo.example`,
        username: `middle${Date.now()}`,
        passwordHash: 'x',
        accountType: 'agent',
        firstName: 'Morgan',
        lastName: 'Middle',
        uplineId: ids.rm,
      },
      ['agent'],
    );
    await elsewhere.query('update users set upline_id = $1 where id = $2', [middle.id, ids.agent]);
    const { rm, sessionDigest } = await impersonating();
    await elsewhere.query('update users set upline_id = $1 where id = $2', [ids.admin, middle.id]);
    await expect.poll(async () => (await rm.get('/v1/users/me')).statusCode, { timeout: 10_000 }).toBe(401);
    await expectEnded(rm, sessionDigest);
  });

  it('a change that leaves the rights as they were (the regional manager renamed) keeps the impersonation', async () => {
    const { rm } = await impersonating();
    await elsewhere.query(`update users set first_name = 'Renamed' where id = $1`, [ids.rm]);
    await expect.poll(async () => (await rm.get('/v1/users/me')).json().impersonated_by?.name, { timeout: 10_000 }).toMatch(/^Renamed /);
    expect((await rm.post('/v1/contacts', { first_name: 'Still', last_name: 'Allowed' })).statusCode).toBe(200);
  });
});

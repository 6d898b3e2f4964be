import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../db/schema';
import { DEMO_PASSWORD, seedEmail } from '../../db/seed';
import { createTestApp, TestAgent, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const userId = async (key: string) => (await t.ctx.usersRepository.findByEmail(seedEmail(key)))!.id;

async function signedIn(key: string, ip = '127.0.0.1') {
  const agent = new TestAgent(t.app, ip);
  await agent.signIn(key);
  return agent;
}

describe('own sessions', () => {
  it('lists the user’s own sessions with browser, address and last use, this one marked', async () => {
    const laptop = new TestAgent(t.app, '203.0.113.5');
    await laptop.request('POST', '/v1/sessions', { body: { email: seedEmail('agent'), password: DEMO_PASSWORD }, headers: { 'user-agent': FIREFOX } });
    const phone = await signedIn('agent', '198.51.100.9');
    await signedIn('manager');
    const res = await phone.get('/v1/sessions');
    expect(res.statusCode).toBe(200);
    const sessions = res.json().data as { browser: string; ip: string; current: boolean; last_seen_at: string }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((session) => session.current)).toEqual([expect.objectContaining({ ip: '198.51.100.9' })]);
    expect(sessions).toContainEqual(expect.objectContaining({ ip: '203.0.113.5', browser: 'Firefox on Linux', current: false }));
    expect(Date.parse(sessions[0]!.last_seen_at)).not.toBeNaN();
  });

  it('signs out one session, and every other one; never another user’s (404)', async () => {
    const mine = await signedIn('field');
    const other = await signedIn('field', '10.1.2.3');
    const third = await signedIn('field', '10.9.9.9');
    const stranger = await signedIn('district');
    const ids = async (agent: TestAgent) => (await agent.get('/v1/sessions')).json().data as { id: number; current: boolean }[];
    const strangerSession = (await ids(stranger)).find((session) => session.current)!.id;

    const denied = await mine.delete(`/v1/sessions/${strangerSession}`);
    expect(denied.statusCode).toBe(404);
    expect(denied.json()).toEqual({ errors: { base: 'Session not found' } });
    expect((await stranger.get('/v1/users/me')).statusCode).toBe(200);

    const otherId = (await ids(other)).find((session) => session.current)!.id;
    expect((await mine.delete(`/v1/sessions/${otherId}`)).statusCode).toBe(204);
    expect((await other.get('/v1/users/me')).statusCode).toBe(401);
    expect((await third.get('/v1/users/me')).statusCode).toBe(200);

    const others = await mine.post('/v1/sessions/sign_out_others');
    expect(others.json()).toEqual({ signed_out: 1 });
    expect((await third.get('/v1/users/me')).statusCode).toBe(401);
    expect((await mine.get('/v1/sessions')).json().data).toEqual([expect.objectContaining({ current: true })]);
    expect((await stranger.get('/v1/users/me')).statusCode).toBe(200);

    const events = (await t.ctx.audit.list({ userId: await userId('field') })).filter((entry) => entry.event === 'sessions_ended');
    expect(events.map((entry) => entry.details)).toEqual([{ session_id: otherId, current: false }, { others: true, count: 1 }]);

    // the current session itself: signed out, its cookie cleared
    const current = (await ids(mine)).find((session) => session.current)!.id;
    expect((await mine.delete(`/v1/sessions/${current}`)).statusCode).toBe(204);
    expect((await mine.get('/v1/users/me')).statusCode).toBe(401);
  });

  it('ids that are not numbers answer 422', async () => {
    const agent = await signedIn('telemarketer');
    const res = await agent.delete('/v1/sessions/abc');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['id']);
  });

  it('an API key reaches no session endpoint (403); an impersonating session may list but not end sessions (403)', async () => {
    const owner = await signedIn('subadmin');
    const key = (await owner.post('/v1/api_keys', { name: 'Script', scopes: ['contacts:read'] })).json().key as string;
    const withKey = (method: 'GET' | 'POST', url: string) =>
      new TestAgent(t.app).request(method, url, { headers: { authorization: `Bearer ${key}` } });
    expect((await withKey('GET', '/v1/contacts/workers_status')).statusCode).toBe(200);
    expect((await withKey('GET', '/v1/sessions')).statusCode).toBe(403);
    expect((await withKey('POST', '/v1/sessions/sign_out_others')).statusCode).toBe(403);

    const admin = await signedIn('admin');
    const target = await signedIn('telemarketer', '10.5.5.5');
    const started = await admin.post(`/v1/admin/users/${await userId('telemarketer')}/login`, { login_type: 'login_as' });
    expect(started.statusCode).toBe(200);
    // the administrator's session as the user is not the user's: not listed, and it cannot end theirs
    const listed = (await admin.get('/v1/sessions')).json().data as { id: number; current: boolean }[];
    expect(listed.some((session) => session.current)).toBe(false);
    expect((await admin.delete(`/v1/sessions/${listed[0]!.id}`)).statusCode).toBe(403);
    expect((await admin.post('/v1/sessions/sign_out_others')).statusCode).toBe(403);
    expect((await target.get('/v1/users/me')).statusCode).toBe(200);
  });
});

describe('security events', () => {
  it('lists only the caller’s security events of the last 90 days, newest first, paged', async () => {
    const me = await userId('buadmin');
    const other = await userId('manager');
    await new TestAgent(t.app, '192.0.2.1').post('/v1/sessions', { email: seedEmail('buadmin'), password: 'wrong-password-1' });
    const agent = await signedIn('buadmin', '192.0.2.1');
    await signedIn('manager');
    const day = 86_400_000;
    await t.ctx.db.insert(auditLogs).values([
      { event: 'password_changed', userId: me, ip: '10.0.0.1', createdAt: new Date(Date.now() - 89 * day) },
      { event: 'password_changed', userId: me, ip: '10.0.0.2', createdAt: new Date(Date.now() - 91 * day) },
      { event: 'roles_changed', userId: me, createdAt: new Date() },
      { event: 'password_changed', userId: other, createdAt: new Date() },
    ]);

    const res = await agent.get('/v1/users/security_events');
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(data.map((event: { event: string }) => event.event)).toEqual(['sign_in', 'sign_in_failed', 'password_changed']);
    expect(data[0]).toMatchObject({ description: 'Signed in', ip: '192.0.2.1', browser: 'Unknown browser' });
    expect(data[1]).toMatchObject({ description: 'Failed sign-in' });
    expect(data[2]).toMatchObject({ description: 'Password changed', ip: '10.0.0.1' });
    expect(meta).toEqual({ current_page: 1, limit: 25, total_count: 3, total_pages: 1 });

    const page2 = (await agent.get('/v1/users/security_events?page=2&limit=2')).json();
    expect(page2.data.map((event: { ip: string }) => event.ip)).toEqual(['10.0.0.1']);
    expect(page2.meta).toEqual({ current_page: 2, limit: 2, total_count: 3, total_pages: 2 });
    expect((await agent.get('/v1/users/security_events?limit=500')).statusCode).toBe(422);
    expect((await new TestAgent(t.app).get('/v1/users/security_events')).statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SCOPE_NAMES, ADMIN_SCOPES } from '@crm/contract';
import { currentTotp } from '../../lib/totp';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, seedEmail } from '../../db/seed';
import { expectWrittenBetween } from '../../test/clock';
import { createKey, createTestApp, TestAgent, withKey, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const KEY_NOT_ALLOWED = 'This needs a signed-in browser session; an API key cannot do it';
const NOT_WHILE_IMPERSONATING = 'Not while signed in as another user: only the account owner can do this';

/** Every credential change of issue 18 item 1, for a user with the given id. */
const credentialChanges = (userId: number) =>
  [
    ['PATCH', '/v1/users/update_profile', { first_name: 'Eve', last_name: 'Taker', email: 'attacker@example.com' }],
    ['PATCH', `/v1/users/${userId}/update_password`, { current_password: DEMO_PASSWORD, password: 'Taken0ver-2026', password_confirmation: 'Taken0ver-2026' }],
    ['PATCH', '/v1/users/update_2fa', { otp_delivery: 'email' }],
    ['POST', '/v1/two_factor/generate_qr', {}],
    ['POST', '/v1/two_factor/enable', { otp_code: '123456' }],
    ['POST', '/v1/two_factor/disable', { otp_code: '123456' }],
    ['POST', '/v1/two_factor/recovery_codes', { otp_code: '123456' }],
    ['POST', '/v1/api_keys', { name: 'Backdoor', scopes: ['contacts:read'] }],
    ['PATCH', '/v1/users/refresh_api_token', {}],
  ] as const;

/** Makes the agent's session look signed in (or re-authenticated) `minutes` ago. */
async function ageSession(agent: TestAgent, minutes: number) {
  const me = (await agent.get('/v1/users/me')).json();
  await t.ctx.db.execute(
    sql`update sessions set reauthenticated_at = now() - make_interval(mins => ${minutes}) where user_id = ${me.id} and actor_session_id is null`,
  );
  return me.id as number;
}

describe('switching an API key back on', () => {
  it('needs recent authentication like creating one; switching it off or renaming it does not', async () => {
    const agent = new TestAgent(t.app, '10.7.0.20');
    await agent.signIn('telemarketer');
    const { key, data } = (await agent.post('/v1/api_keys', { name: 'Lead feed', scopes: ['contacts:read'] })).json() as { key: string; data: { id: number } };
    await ageSession(agent, 30);
    const patch = (body: object) => agent.patch(`/v1/api_keys/${data.id}`, body);
    const off = await patch({ active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.active).toBe(false);
    expect((await patch({ name: 'Lead feed (old)' })).statusCode).toBe(200);
    const on = await patch({ active: true });
    expect(on.statusCode).toBe(403);
    expect(on.json().errors.reauth).toBe('required');
    expect((await withKey(t.app, key, 'GET', '/v1/contacts/workers_status')).statusCode).toBe(401);
    expect((await agent.post('/v1/sessions/reauthenticate', { password: DEMO_PASSWORD })).statusCode).toBe(200);
    const again = await patch({ active: true });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.active).toBe(true);
    expect((await withKey(t.app, key, 'GET', '/v1/contacts/workers_status')).statusCode).toBe(200);
  });
});

describe('credential changes need proof of presence', () => {
  it('a key-only attacker gets 403 on changing the e-mail, password, two-factor and keys, whatever scopes the key has', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('manager');
    const me = (await agent.get('/v1/users/me')).json();
    const everything = SCOPE_NAMES.filter((s) => !ADMIN_SCOPES.includes(s));
    const { key } = await createKey(agent, everything);
    const token = (await agent.patch('/v1/users/refresh_api_token')).json().api_token as string;
    for (const secret of [key, token]) {
      for (const [method, url, body] of credentialChanges(me.id)) {
        const res = await withKey(t.app, secret, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().errors.user, `${method} ${url}`).toBe(KEY_NOT_ALLOWED);
      }
      expect((await withKey(t.app, secret, 'POST', '/v1/sessions/reauthenticate', { password: DEMO_PASSWORD })).statusCode).toBe(403);
    }
    const after = (await agent.get('/v1/users/me')).json();
    expect(after).toMatchObject({ email: me.email, 'has_2fa_enabled?': false, otp_delivery: me.otp_delivery });
    expect((await agent.get('/v1/api_keys')).json().data.map((k: { name: string }) => k.name)).not.toContain('Backdoor');
    expect((await new TestAgent(t.app).post('/v1/sessions', { email: me.email, password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('an impersonating session gets 403 on them, and cannot re-authenticate as the user', async () => {
    const admin = new TestAgent(t.app);
    await admin.signIn('admin');
    const target = await t.ctx.usersRepository.findByEmail(seedEmail('telemarketer'));
    for (const loginType of ['login_as', 'impersonate'] as const) {
      expect((await admin.post(`/v1/admin/users/${target!.id}/login`, { login_type: loginType })).statusCode).toBe(200);
      for (const [method, url, body] of credentialChanges(target!.id)) {
        const res = await admin.request(method, url, { body });
        expect(res.statusCode, `${loginType} ${method} ${url}`).toBe(403);
        expect(res.json().errors.user).toBe(NOT_WHILE_IMPERSONATING);
      }
      const reauth = await admin.post('/v1/sessions/reauthenticate', { password: DEMO_PASSWORD });
      expect(reauth.statusCode).toBe(403);
      expect(reauth.json().errors.user).toBe(NOT_WHILE_IMPERSONATING);
      expect((await admin.post(`/v1/sessions/${target!.id}`)).statusCode).toBe(200);
    }
    expect((await t.ctx.usersRepository.findById(target!.id))!.email).toBe(seedEmail('telemarketer'));
  });

  it('a session signed in over 15 minutes ago gets the reauth marker; after POST /v1/sessions/reauthenticate the change goes through', async () => {
    const agent = new TestAgent(t.app, '10.7.0.1');
    await agent.signIn('district');
    // a fresh sign-in counts as proof
    expect((await agent.post('/v1/api_keys', { name: 'Fresh', scopes: ['contacts:read'] })).statusCode).toBe(200);
    const userId = await ageSession(agent, 16);
    for (const [method, url, body] of credentialChanges(userId)) {
      const res = await agent.request(method, url, { body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ errors: { user: 'Confirm it is you to continue', reauth: 'required' } });
    }
    // what is not a credential change needs nothing
    expect((await agent.patch('/v1/users/update_timezone', { timezone: 'est' })).statusCode).toBe(200);
    const from = Date.now();
    const ok = await agent.post('/v1/sessions/reauthenticate', { password: DEMO_PASSWORD });
    expect(ok.statusCode, ok.body).toBe(200);
    expectWrittenBetween(ok.json().reauthenticated_at, from);
    const created = await agent.post('/v1/api_keys', { name: 'After proof', scopes: ['contacts:read'] });
    expect(created.statusCode).toBe(200);
    const events = await t.ctx.audit.list({ userId, event: 'reauthenticated' });
    expect(events.at(-1)?.details).toMatchObject({ method: 'password' });
    // 14 minutes later it still counts; 15 minutes later no more
    await ageSession(agent, 14);
    expect((await agent.patch('/v1/users/update_2fa', { otp_delivery: 'app' })).statusCode).toBe(200);
    await ageSession(agent, 15);
    expect((await agent.patch('/v1/users/update_2fa', { otp_delivery: 'app' })).json().errors.reauth).toBe('required');
  });

  it('the profile needs it only when the e-mail changes', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('field');
    await ageSession(agent, 60);
    const same = await agent.patch('/v1/users/update_profile', { first_name: 'Riley', last_name: 'Patel-Moss', email: seedEmail('field') });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().profile.last_name).toBe('Patel-Moss');
    const changed = await agent.patch('/v1/users/update_profile', { first_name: 'Riley', last_name: 'Patel', email: 'riley.new@example.com' });
    expect(changed.statusCode).toBe(403);
    expect(changed.json().errors.reauth).toBe('required');
  });

  it('a wrong password answers 422 on the field and is a failed re-authentication (its own event and label, its own limit: 429 once too many), never a failed sign-in', async () => {
    const agent = new TestAgent(t.app, '10.7.0.2');
    await agent.signIn('buadmin');
    await ageSession(agent, 20);
    const wrong = await agent.post('/v1/sessions/reauthenticate', { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ errors: { password: 'Password is wrong' } });
    expect((await agent.post('/v1/sessions/reauthenticate', {})).json()).toEqual({ errors: { password: 'Password is required' } });
    expect((await agent.post('/v1/sessions/reauthenticate', { otp_code: '12' })).json()).toEqual({ errors: { otp_code: 'Code must be 6 digits' } });
    for (let i = 1; i < t.env.SIGN_IN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await agent.post('/v1/sessions/reauthenticate', { password: `nope-${i}` })).statusCode).toBe(422);
    }
    const blocked = await agent.post('/v1/sessions/reauthenticate', { password: DEMO_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().errors.base).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    expect((await agent.post('/v1/api_keys', { name: 'Still no', scopes: ['contacts:read'] })).json().errors.reauth).toBe('required');
    // each wrong password was a failed re-authentication, none a failed sign-in
    const userId = (await agent.get('/v1/users/me')).json().id as number;
    expect(await t.ctx.audit.list({ userId, event: 'sign_in_failed' })).toEqual([]);
    const failed = await t.ctx.audit.list({ userId, event: 'reauth_failed' });
    expect(failed.map((f) => f.details)).toEqual(Array.from({ length: t.env.SIGN_IN_MAX_FAILURES_PER_ACCOUNT }, () => ({ reason: 'wrong_password' })));
    // Profile → Security names them so
    const shown = (await agent.get('/v1/users/security_events?limit=50')).json().data as { event: string; description: string }[];
    expect(shown.filter((e) => e.event === 'reauth_failed').map((e) => e.description)).toEqual(
      Array.from({ length: t.env.SIGN_IN_MAX_FAILURES_PER_ACCOUNT }, () => 'Failed re-authentication: wrong password'),
    );
    // signing in elsewhere is not locked by the dialog's failures
    const elsewhere = new TestAgent(t.app, '10.7.0.12');
    expect((await elsewhere.post('/v1/sessions', { email: seedEmail('buadmin'), password: DEMO_PASSWORD })).statusCode).toBe(200);
  });

  it('a user with a second factor re-authenticates with a code in place of the password; without one, a code is refused', async () => {
    const agent = new TestAgent(t.app, '10.7.0.3');
    await agent.post('/v1/sessions', { email: seedEmail('secure.agent'), password: DEMO_PASSWORD });
    expect((await agent.post('/v1/sessions', { otp_code: currentTotp(DEMO_TOTP_SECRET) })).statusCode).toBe(200);
    await ageSession(agent, 30);
    const next = currentTotp(DEMO_TOTP_SECRET, Date.now() + 30_000);
    const wrong = await agent.post('/v1/sessions/reauthenticate', { otp_code: next === '000000' ? '111111' : '000000' });
    expect(wrong.json()).toEqual({ errors: { otp_code: 'The code is wrong or was already used' } });
    const ok = await agent.post('/v1/sessions/reauthenticate', { otp_code: next });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await agent.patch('/v1/users/update_2fa', { otp_delivery: 'app' })).statusCode).toBe(200);
    expect((await agent.post('/v1/sessions/reauthenticate', { otp_code: next })).json()).toEqual({
      errors: { otp_code: 'The code is wrong or was already used' },
    });
    // the password works too (so a code typed on the screen stays unused for the change itself)
    await ageSession(agent, 30);
    expect((await agent.post('/v1/sessions/reauthenticate', { password: DEMO_PASSWORD })).statusCode).toBe(200);
    expect((await agent.patch('/v1/users/update_2fa', { otp_delivery: 'app' })).statusCode).toBe(200);

    const plain = new TestAgent(t.app, '10.7.0.4');
    await plain.signIn('new.agent');
    const noFactor = await plain.post('/v1/sessions/reauthenticate', { otp_code: '123456' });
    expect(noFactor.json()).toEqual({ errors: { otp_code: 'You have no second factor: enter your password' } });
  });
});

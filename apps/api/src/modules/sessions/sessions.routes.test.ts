import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDS } from '@crm/brand-config';
import { currentTotp } from '../../lib/totp';
import { brandPublicUrl } from '../../plugins/brand';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, seedEmail } from '../../db/seed';
import { createTestApp, TestAgent, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /v1/sessions', () => {
  it('signs in with e-mail and password, sets an httpOnly session cookie and answers the user', async () => {
    const agent = new TestAgent(t.app);
    const res = await agent.post('/v1/sessions', { email: seedEmail('agent'), password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ otp_required: false, user: { email: seedEmail('agent'), roles: ['agent'] } });
    const cookie = res.cookies.find((c) => c.name === 'crm_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    // at least 128 random bits
    expect(Buffer.from(cookie!.value, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect((await agent.get('/v1/users/me')).statusCode).toBe(200);
  });

  it('stores only a digest of the session token', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('manager');
    const token = agent.cookies.get('crm_session')!;
    const rows = await t.ctx.db.query.sessions.findMany();
    expect(rows.some((r) => r.tokenDigest === token)).toBe(false);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('reissues the session token at every sign-in', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('district');
    const first = agent.cookies.get('crm_session');
    await agent.signIn('district');
    expect(agent.cookies.get('crm_session')).not.toBe(first);
  });

  it('refuses a wrong password with 401 and a message, and logs the failure', async () => {
    const agent = new TestAgent(t.app);
    const res = await agent.post('/v1/sessions', { email: seedEmail('field'), password: 'wrong-password-1' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: { base: 'Invalid email or password' } });
    expect(agent.cookies.has('crm_session')).toBe(false);
    const field = await t.ctx.usersRepository.findByEmail(seedEmail('field'));
    const failures = await t.ctx.audit.list({ userId: field!.id, event: 'sign_in_failed' });
    expect(failures.at(-1)?.details).toMatchObject({ reason: 'wrong_password' });
  });

  it('answers 422 with per-field messages for invalid input', async () => {
    const agent = new TestAgent(t.app);
    const res = await agent.post('/v1/sessions', { email: 'not-an-email' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { email: 'Email is invalid', password: 'Password is required' } });
    const bad = await agent.request('POST', '/v1/sessions', { body: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(bad.statusCode).toBe(422);
  });

  it('refuses a change without the CSRF header (403)', async () => {
    const agent = new TestAgent(t.app);
    await agent.get('/v1/health');
    const res = await agent.post('/v1/sessions', { email: seedEmail('agent'), password: DEMO_PASSWORD }, { csrf: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors.user).toBe('Access denied!');
    const wrong = await agent.request('POST', '/v1/sessions', {
      body: { email: seedEmail('agent'), password: DEMO_PASSWORD },
      csrf: false,
      headers: { 'x-csrf-token': 'forged' },
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('limits failed sign-ins per account with 429 and Retry-After, even for the right password', async () => {
    const agent = new TestAgent(t.app, '10.0.0.1');
    for (let i = 0; i < t.env.SIGN_IN_MAX_FAILURES_PER_ACCOUNT; i++) {
      expect((await agent.post('/v1/sessions', { email: seedEmail('telemarketer'), password: `nope-${i}x1` })).statusCode).toBe(401);
    }
    const blocked = await new TestAgent(t.app, '10.0.0.2').post('/v1/sessions', { email: seedEmail('telemarketer'), password: DEMO_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json().errors.base).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
  });

  it('limits failed sign-ins per address with 429', async () => {
    const agent = new TestAgent(t.app, '10.0.0.9');
    for (let i = 0; i < t.env.SIGN_IN_MAX_FAILURES_PER_IP; i++) {
      await agent.post('/v1/sessions', { email: `nobody${i}@example.com`, password: 'whatever1' });
    }
    const res = await agent.post('/v1/sessions', { email: seedEmail('subadmin'), password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect((await new TestAgent(t.app, '10.0.0.10').signIn('subadmin')).statusCode).toBe(200);
  });
});

describe('second factor', () => {
  it('asks for the code without revealing the secret, then signs in with it, and refuses reuse', async () => {
    const agent = new TestAgent(t.app, '10.1.0.1');
    const first = await agent.post('/v1/sessions', { email: seedEmail('secure.agent'), password: DEMO_PASSWORD });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ otp_required: true, otp_delivery: 'app', email_hint: 's***********@harbor-demo.example' });
    expect(JSON.stringify(body)).not.toContain(DEMO_TOTP_SECRET);
    expect(body).not.toHaveProperty('otp_secret');
    expect(agent.cookies.has('crm_session')).toBe(false);
    expect((await agent.get('/v1/users/me')).statusCode).toBe(401);

    const code = currentTotp(DEMO_TOTP_SECRET);
    const second = await agent.post('/v1/sessions', { otp_code: code });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().user.last_otp_at).not.toBeNull();
    expect((await agent.get('/v1/users/me')).statusCode).toBe(200);

    const again = new TestAgent(t.app, '10.1.0.2');
    await again.post('/v1/sessions', { email: seedEmail('secure.agent'), password: DEMO_PASSWORD });
    const reuse = await again.post('/v1/sessions', { otp_code: code });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ errors: { otp_code: 'The code is wrong or was already used' } });
    // the next step's code still works
    const next = await again.post('/v1/sessions', { otp_code: currentTotp(DEMO_TOTP_SECRET, Date.now() + 30_000) });
    expect(next.statusCode).toBe(200);
  });

  it('refuses a code without a pending sign-in', async () => {
    const res = await new TestAgent(t.app).post('/v1/sessions', { otp_code: '123456' });
    expect(res.statusCode).toBe(401);
    expect(res.json().errors.otp_code).toBe('Your sign-in expired. Start again.');
  });

  it('e-mails a one-time code during the pending step, which signs in once', async () => {
    const agent = new TestAgent(t.app, '10.1.0.3');
    await agent.post('/v1/sessions', { email: seedEmail('secure.agent'), password: DEMO_PASSWORD });
    expect((await agent.post('/v1/two_factor/send_otp', { via: 'email' })).statusCode).toBe(200);
    const [mail] = await t.ctx.outbox.latest(seedEmail('secure.agent'), 1);
    const code = mail!.text.match(/\b(\d{6})\b/)![1]!;
    // in the brand's template, like every account e-mail: its name in the subject and the sign-off
    const secure = (await t.ctx.usersRepository.findByEmail(seedEmail('secure.agent')))!;
    const brandId = await t.ctx.usersRepository.companyBrand(secure.companyId);
    const brand = BRANDS[brandId];
    expect(mail!.subject).toBe(`${brand.name}: Your sign-in code`);
    expect(mail!.text).toBe(
      `Hello ${secure.firstName},\n\nYour sign-in code is ${code}. It expires in 10 minutes.\n\n` +
        `If you did not try to sign in, someone knows your password: reset it now at ${brandPublicUrl(t.env, brandId)}/reset-password and tell your administrator.\n\n— ${brand.name}`,
    );
    expect((await agent.post('/v1/sessions', { otp_code: code })).statusCode).toBe(200);
    const other = new TestAgent(t.app, '10.1.0.4');
    await other.post('/v1/sessions', { email: seedEmail('secure.agent'), password: DEMO_PASSWORD });
    expect((await other.post('/v1/sessions', { otp_code: code })).statusCode).toBe(401);
  });

  it('send_otp needs a session or a pending sign-in', async () => {
    expect((await new TestAgent(t.app).post('/v1/two_factor/send_otp', { via: 'email' })).statusCode).toBe(401);
  });
});

describe('DELETE /v1/sessions and 401', () => {
  it('signs out: 204, cookie cleared, the old token no longer works', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('agent');
    const token = agent.cookies.get('crm_session')!;
    const res = await agent.delete('/v1/sessions');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(agent.cookies.has('crm_session')).toBe(false);
    const replay = await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: { cookie: `crm_session=${token}` } });
    expect(replay.statusCode).toBe(401);
  });

  it('a 401 clears the session cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/profile', headers: { cookie: 'crm_session=stale-token' } });
    expect(res.statusCode).toBe(401);
    const cleared = res.cookies.find((c) => c.name === 'crm_session');
    expect(cleared?.value).toBe('');
    expect(new Date(cleared!.expires!).getTime()).toBeLessThan(Date.now());
  });

  it('GET /auth/profile answers the signed-in user', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('buadmin');
    const res = await agent.get('/auth/profile');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: seedEmail('buadmin'), roles: ['bu_admin'], timezone: 'cst' });
  });

  it('expires a session after the idle time', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('agent');
    await t.ctx.db.execute(`update sessions set last_seen_at = now() - interval '${t.env.SESSION_IDLE_MINUTES + 1} minutes'` as never);
    expect((await agent.get('/v1/users/me')).statusCode).toBe(401);
  });
});

describe('impersonation', () => {
  it('an admin logs in as a user and POST /v1/sessions/{id} returns to the admin', async () => {
    const admin = new TestAgent(t.app);
    await admin.signIn('admin');
    const target = await t.ctx.usersRepository.findByEmail(seedEmail('agent'));
    const start = await admin.post(`/v1/admin/users/${target!.id}/login`, { login_type: 'login_as' });
    expect(start.statusCode).toBe(200);
    expect(start.json().user).toMatchObject({ email: seedEmail('agent'), impersonated_by: { login_type: 'login_as' } });
    expect(admin.cookies.has('crm_admin_session')).toBe(true);
    expect((await admin.get('/v1/users/me')).json().email).toBe(seedEmail('agent'));

    const end = await admin.post(`/v1/sessions/${target!.id}`);
    expect(end.statusCode).toBe(200);
    expect(end.json().user.email).toBe(seedEmail('admin'));
    expect(admin.cookies.has('crm_admin_session')).toBe(false);
    expect((await admin.get('/v1/users/me')).json()).toMatchObject({ email: seedEmail('admin'), impersonated_by: null });
    const events = (await t.ctx.audit.list({ userId: target!.id })).map((e) => e.event);
    expect(events).toEqual(expect.arrayContaining(['impersonation_started', 'impersonation_ended']));
  });

  it('a manager may impersonate only the downline; an agent may not impersonate', async () => {
    const bu = new TestAgent(t.app);
    await bu.signIn('buadmin');
    const agentUser = await t.ctx.usersRepository.findByEmail(seedEmail('agent'));
    const adminUser = await t.ctx.usersRepository.findByEmail(seedEmail('admin'));
    expect((await bu.post(`/v1/admin/users/${adminUser!.id}/login`, { login_type: 'impersonate' })).statusCode).toBe(404);
    expect((await bu.post(`/v1/admin/users/${agentUser!.id}/login`, { login_type: 'login_as' })).statusCode).toBe(403);
    const ok = await bu.post(`/v1/admin/users/${agentUser!.id}/login`, { login_type: 'impersonate' });
    expect(ok.statusCode).toBe(200);
    expect(bu.cookies.has('crm_impersonator')).toBe(true);

    const plain = new TestAgent(t.app);
    await plain.signIn('district');
    expect((await plain.post(`/v1/admin/users/${agentUser!.id}/login`, { login_type: 'impersonate' })).statusCode).toBe(403);
  });

  it('ending an impersonation that does not exist answers 404', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('agent');
    const me = (await agent.get('/v1/users/me')).json();
    expect((await agent.post(`/v1/sessions/${me.id}`)).statusCode).toBe(404);
  });
});

describe('session sweep', () => {
  it('removes expired sessions and keeps live ones', async () => {
    const live = new TestAgent(t.app);
    await live.signIn('field');
    const old = new TestAgent(t.app);
    await old.signIn('manager');
    const token = old.cookies.get('crm_session')!;
    const { digest } = await import('../../lib/crypto');
    await t.ctx.db.execute(`update sessions set expires_at = now() - interval '1 minute' where token_digest = '${digest(token)}'` as never);
    await t.ctx.sessions.sweepExpired();
    const rows = await t.ctx.db.query.sessions.findMany();
    expect(rows.some((r) => r.tokenDigest === digest(token))).toBe(false);
    expect(rows.some((r) => r.tokenDigest === digest(live.cookies.get('crm_session')!))).toBe(true);
  });
});

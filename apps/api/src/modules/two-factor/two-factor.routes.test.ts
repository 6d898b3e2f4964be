import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEMO_PASSWORD, seedEmail } from '../../db/seed';
import { currentTotp } from '../../lib/totp';
import { createTestApp, TestAgent, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('two-factor enrolment', () => {
  it('generate_qr gives a QR image and the secret; enable needs a right code; sign-in then asks for a code', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('agent');
    const qr = await agent.post('/v1/two_factor/generate_qr');
    expect(qr.statusCode).toBe(200);
    const { qr_code, otp_secret, provisioning_uri } = qr.json();
    expect(qr_code).toMatch(/^data:image\/png;base64,/);
    expect(provisioning_uri).toContain(`secret=${otp_secret}`);
    // the secret is not part of the user afterwards
    expect(JSON.stringify((await agent.get('/v1/users/me')).json())).not.toContain(otp_secret);

    const wrong = await agent.post('/v1/two_factor/enable', { otp_code: '000000' === currentTotp(otp_secret) ? '111111' : '000000' });
    expect(wrong.json()).toEqual({ errors: { otp_code: 'The code is wrong or was already used' } });
    const malformed = await agent.post('/v1/two_factor/enable', { otp_code: '12ab' });
    expect(malformed.json()).toEqual({ errors: { otp_code: 'Code must be 6 digits' } });
    const enabled = await agent.post('/v1/two_factor/enable', { otp_code: currentTotp(otp_secret) });
    expect(enabled.json()['has_2fa_enabled?']).toBe(true);

    const next = new TestAgent(t.app);
    const step1 = await next.post('/v1/sessions', { email: seedEmail('agent'), password: DEMO_PASSWORD });
    expect(step1.json().otp_required).toBe(true);
    const step2 = await next.post('/v1/sessions', { otp_code: currentTotp(otp_secret, Date.now() + 30_000) });
    expect(step2.statusCode).toBe(200);

    const user = await t.ctx.usersRepository.findByEmail(seedEmail('agent'));
    const events = (await t.ctx.audit.list({ userId: user!.id })).map((e) => e.event);
    expect(events).toContain('two_factor_enabled');
  });

  it('disable needs a current code and is refused while the account requires two-factor', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('manager');
    const { otp_secret } = (await agent.post('/v1/two_factor/generate_qr')).json();
    await agent.post('/v1/two_factor/enable', { otp_code: currentTotp(otp_secret) });
    const user = await t.ctx.usersRepository.findByEmail(seedEmail('manager'));
    await t.ctx.usersRepository.update(user!.id, { twoFaRequired: true });
    const refused = await agent.post('/v1/two_factor/disable', { otp_code: currentTotp(otp_secret, Date.now() + 30_000) });
    expect(refused.json()).toEqual({ errors: { otp_code: 'Your account requires two-factor authentication' } });
    await t.ctx.usersRepository.update(user!.id, { twoFaRequired: false });
    // the e-mailed code works for disabling too
    await agent.post('/v1/two_factor/send_otp', { via: 'email' });
    const [mail] = await t.ctx.outbox.latest(seedEmail('manager'), 1);
    const code = mail!.text.match(/\b(\d{6})\b/)![1]!;
    const off = await agent.post('/v1/two_factor/disable', { otp_code: code });
    expect(off.statusCode).toBe(200);
    expect(off.json()['has_2fa_enabled?']).toBe(false);
  });

  it('a user whose account requires two-factor reaches only exempt endpoints until it is on', async () => {
    const user = await t.ctx.usersRepository.findByEmail(seedEmail('telemarketer'));
    await t.ctx.usersRepository.update(user!.id, { twoFaRequired: true });
    const agent = new TestAgent(t.app);
    await agent.signIn('telemarketer');
    expect((await agent.get('/v1/users/me')).json()['two_fa_is_required?']).toBe(true);
    const blocked = await agent.get('/v1/api_keys');
    expect(blocked.json().errors.gate).toBe('two_factor');
    const { otp_secret } = (await agent.post('/v1/two_factor/generate_qr')).json();
    await agent.post('/v1/two_factor/enable', { otp_code: currentTotp(otp_secret) });
    expect((await agent.get('/v1/api_keys')).statusCode).toBe(200);
  });
});

describe('e-mailed sign-in codes', () => {
  /** Turns on two-factor with codes by e-mail for a seeded user (what enrolment and update_2fa do). */
  async function codesByEmail(key: string) {
    const user = await t.ctx.usersRepository.findByEmail(seedEmail(key));
    await t.ctx.usersRepository.update(user!.id, { otpEnabled: true, otpDelivery: 'email' });
  }
  const signIn = (agent: TestAgent, key: string) => agent.post('/v1/sessions', { email: seedEmail(key), password: DEMO_PASSWORD });
  const codesSent = async (key: string) => (await t.ctx.outbox.latest(seedEmail(key), 50)).filter((m) => m.subject.endsWith(': Your sign-in code')).length;

  it('an account gets SIGN_IN_CODES_PER_ACCOUNT an hour, the one sent at sign-in included; then 429 from any address', async () => {
    await codesByEmail('district');
    const agent = new TestAgent(t.app, '10.7.0.1');
    expect((await signIn(agent, 'district')).json()).toMatchObject({ otp_required: true, otp_delivery: 'email' });
    for (let i = 1; i < t.env.SIGN_IN_CODES_PER_ACCOUNT; i++) {
      expect((await agent.post('/v1/two_factor/send_otp', { via: 'email' })).statusCode).toBe(200);
    }
    const refused = await agent.post('/v1/two_factor/send_otp', { via: 'email' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    const elsewhere = await signIn(new TestAgent(t.app, '10.7.0.2'), 'district');
    expect(elsewhere.statusCode).toBe(429);
    expect(await codesSent('district')).toBe(t.env.SIGN_IN_CODES_PER_ACCOUNT);
  });

  it('a client address gets SIGN_IN_CODES_PER_IP an hour, whatever the accounts', async () => {
    const accounts = ['field', 'subadmin', 'buadmin', 'secure.agent', 'new.agent'];
    const perAccount = t.env.SIGN_IN_CODES_PER_ACCOUNT;
    const full = Math.ceil(t.env.SIGN_IN_CODES_PER_IP / perAccount);
    expect(accounts.length).toBeGreaterThan(full);
    let sent = 0;
    for (const key of accounts.slice(0, full)) {
      // signed in already (a session made as sign-in makes it), asking for codes as the account screen does
      const user = (await t.ctx.usersRepository.findByEmail(seedEmail(key)))!;
      const agent = new TestAgent(t.app, '10.7.1.1');
      agent.cookies.set('crm_session', await t.ctx.sessions.issue(user, { ip: '10.7.1.1', userAgent: null }));
      for (let i = 0; i < perAccount && sent < t.env.SIGN_IN_CODES_PER_IP; i++, sent++) {
        expect((await agent.post('/v1/two_factor/send_otp', { via: 'email' })).statusCode).toBe(200);
      }
    }
    const next = accounts[full]!;
    await codesByEmail(next);
    const refused = await signIn(new TestAgent(t.app, '10.7.1.1'), next);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await codesSent(next)).toBe(0);
    expect((await signIn(new TestAgent(t.app, '10.7.1.2'), next)).statusCode).toBe(200);
    expect(await codesSent(next)).toBe(1);
  });
});

describe('two-factor recovery codes', () => {
  const RECOVERY = /^[a-z0-9]{5}-[a-z0-9]{5}$/;
  /** Signs in `key`, turns two-factor on; the secret and the recovery codes the enrolment showed. */
  async function enrol(key: string) {
    // a user who used a code in an earlier test starts afresh (a code of a step already used is refused)
    const before = (await t.ctx.usersRepository.findByEmail(seedEmail(key)))!;
    await t.ctx.usersRepository.update(before.id, { lastOtpAt: null });
    const agent = new TestAgent(t.app);
    await agent.signIn(key);
    const { otp_secret } = (await agent.post('/v1/two_factor/generate_qr')).json();
    const enabled = await agent.post('/v1/two_factor/enable', { otp_code: currentTotp(otp_secret) });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const user = (await t.ctx.usersRepository.findByEmail(seedEmail(key)))!;
    return { agent, secret: otp_secret as string, codes: enabled.json().recovery_codes as string[], user };
  }
  /** A sign-in's second step with a recovery code, after a right password. */
  async function signInWithRecovery(key: string, code: string) {
    const agent = new TestAgent(t.app);
    const step1 = await agent.post('/v1/sessions', { email: seedEmail(key), password: DEMO_PASSWORD });
    expect(step1.json().otp_required).toBe(true);
    return { agent, res: await agent.post('/v1/sessions', { recovery_code: code }) };
  }
  const events = async (userId: number, event: string) => (await t.ctx.audit.list({ userId })).filter((e) => e.event === event);

  it('enrolment shows ten different codes once; only their digests are stored', async () => {
    const { agent, codes, user } = await enrol('admin');
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(RECOVERY);
    const stored = await t.ctx.db.execute<{ code_digest: string; used_at: string | null }>(
      sql`select code_digest, used_at from two_factor_recovery_codes where user_id = ${user.id}`,
    );
    expect(stored.rows).toHaveLength(10);
    const table = JSON.stringify(stored.rows);
    for (const code of codes) {
      expect(table).not.toContain(code);
      expect(table).not.toContain(code.replace('-', ''));
    }
    expect(stored.rows.every((r) => /^[0-9a-f]{64}$/.test(r.code_digest) && r.used_at === null)).toBe(true);
    // never shown again: the user and the status carry no code
    const me = JSON.stringify((await agent.get('/v1/users/me')).json());
    for (const code of codes) expect(me).not.toContain(code);
    expect((await agent.get('/v1/two_factor/recovery_codes')).json()).toEqual({ remaining: 10 });
    expect((await events(user.id, 'two_factor_recovery_codes_generated')).map((e) => e.details)).toEqual([{ reason: 'enrolment', count: 10 }]);
  });

  it('a recovery code signs in in place of a code, once (any case, with or without its hyphen), audited', async () => {
    const { codes, user } = await enrol('subadmin');
    const code = codes[3]!;
    const { agent, res } = await signInWithRecovery('subadmin', ` ${code.replace('-', '').toUpperCase()} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ otp_required: false, user: { id: user.id } });
    expect((await agent.get('/v1/users/me')).statusCode).toBe(200);
    const used = await events(user.id, 'two_factor_recovery_code_used');
    expect(used.map((e) => e.details)).toEqual([{ remaining: 9 }]);
    const signIns = await events(user.id, 'sign_in');
    expect(signIns.at(-1)?.details).toMatchObject({ second_factor: true, recovery_code: true });
    expect((await agent.get('/v1/two_factor/recovery_codes')).json()).toEqual({ remaining: 9 });

    // the same code again: refused beside the field, counted as a failed sign-in
    const again = await signInWithRecovery('subadmin', code);
    expect(again.res.statusCode).toBe(401);
    expect(again.res.json().errors).toMatchObject({ recovery_code: 'The recovery code is wrong or was already used' });
    expect((await events(user.id, 'sign_in_failed')).at(-1)?.details).toMatchObject({ reason: 'wrong_recovery_code' });
    // a malformed one: 422 with the format
    const malformed = await signInWithRecovery('subadmin', 'abc');
    expect(malformed.res.statusCode).toBe(422);
    expect(malformed.res.json().errors.recovery_code).toMatch(/10 letters and digits/);
    // another code of the list still works
    expect((await signInWithRecovery('subadmin', codes[4]!)).res.statusCode).toBe(200);
  });

  it("another user's recovery code never signs this user in; without a pending sign-in it is refused", async () => {
    const mine = await enrol('buadmin');
    const theirs = await enrol('field');
    const { res } = await signInWithRecovery('buadmin', theirs.codes[0]!);
    expect(res.statusCode).toBe(401);
    expect((await events(mine.user.id, 'two_factor_recovery_code_used'))).toEqual([]);
    // no first step: no sign-in to complete
    const stray = await new TestAgent(t.app).post('/v1/sessions', { recovery_code: theirs.codes[0]! });
    expect(stray.statusCode).toBe(401);
    expect((await t.ctx.usersRepository.recoveryCodesLeft(theirs.user.id))).toBe(10);
  });

  it('new codes need a current code, replace the old ones, and are audited; turning two-factor off removes them', async () => {
    const { agent, secret, codes, user } = await enrol('manager');
    const wrong = await agent.post('/v1/two_factor/recovery_codes', { otp_code: currentTotp(secret) === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ errors: { otp_code: 'The code is wrong or was already used' } });
    const fresh = await agent.post('/v1/two_factor/recovery_codes', { otp_code: currentTotp(secret, Date.now() + 30_000) });
    expect(fresh.statusCode, fresh.body).toBe(200);
    const next = fresh.json().recovery_codes as string[];
    expect(next).toHaveLength(10);
    expect(next.some((code) => codes.includes(code))).toBe(false);
    // (the manager enrolled once before, in the test of turning two-factor off)
    expect((await events(user.id, 'two_factor_recovery_codes_generated')).slice(-2).map((e) => e.details)).toEqual([
      { reason: 'enrolment', count: 10 },
      { reason: 'regenerated', count: 10 },
    ]);
    // the old codes stopped working, the new ones work
    expect((await signInWithRecovery('manager', codes[0]!)).res.statusCode).toBe(401);
    expect((await signInWithRecovery('manager', next[0]!)).res.statusCode).toBe(200);
    // turning it off (with an e-mailed code) removes the codes
    expect((await agent.post('/v1/two_factor/send_otp', { via: 'email' })).statusCode).toBe(200);
    const [mail] = await t.ctx.outbox.latest(seedEmail('manager'), 1);
    const off = await agent.post('/v1/two_factor/disable', { otp_code: mail!.text.match(/\b(\d{6})\b/)![1]! });
    expect(off.statusCode, off.body).toBe(200);
    expect(await t.ctx.usersRepository.recoveryCodesLeft(user.id)).toBe(0);
    expect((await agent.get('/v1/two_factor/recovery_codes')).json()).toEqual({ remaining: 0 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailChanges } from '../../db/schema';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, EVERGREEN_DEMO, KEYSTONE_DEMO, seedEmail } from '../../db/seed';
import { currentTotp } from '../../lib/totp';
import { mailTo, mailsTo } from '../../test/mail';
import { createTestApp, TestAgent, type TestApp } from '../../test/test-app';
import { EMAIL_CHANGE_MESSAGES, EMAIL_CHANGES_PER_HOUR } from './email-changes.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.jobs.startWorkers();
});
afterAll(() => t.close());

const signInStatus = async (email: string, password = DEMO_PASSWORD) =>
  (await new TestAgent(t.app).post('/v1/sessions', { email, password })).statusCode;

/** Signs `key` in and asks to change their e-mail address to `newEmail`. */
async function askChange(key: string, newEmail: string) {
  const agent = new TestAgent(t.app);
  await agent.signIn(key);
  const me = (await agent.get('/v1/users/me')).json();
  const res = await agent.patch('/v1/users/update_profile', { first_name: me.profile.first_name, last_name: me.profile.last_name, email: newEmail });
  return { agent, res, me };
}

const tokenOf = (text: string, path: 'confirm' | 'not-me') => text.match(new RegExp(`/email-change/${path}\\?token=([\\w-]+)`))![1]!;

describe('changing the e-mail address', () => {
  it('leaves the old address for sign-in and reset until the new one is confirmed; the old gets a notice, the new the link', async () => {
    const oldEmail = seedEmail('agent');
    const newEmail = 'jamie.carter@newmail.example.com';
    const { agent, res } = await askChange('agent', newEmail);
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(oldEmail);
    expect((await agent.get('/v1/users/email_change')).json()).toMatchObject({ data: { new_email: newEmail, expired: false } });

    const notice = await mailTo(t, oldEmail, 'Your e-mail address is being changed');
    expect(notice.subject).toBe('Harbor Agent: Your e-mail address is being changed');
    expect(notice.text).toContain(`from ${oldEmail} to ${newEmail}`);
    expect(notice.text).toMatch(/^http:\/\/localhost:3000\/email-change\/not-me\?token=[\w-]+$/m);
    expect(notice.text).toContain('within 72 hours');
    const confirmation = await mailTo(t, newEmail, 'Confirm your new e-mail address');
    expect(confirmation.text).toMatch(/^http:\/\/localhost:3000\/email-change\/confirm\?token=[\w-]+$/m);
    expect(confirmation.text).toContain('within 24 hours');

    // until confirmed: the old address signs in, the new one does not, and resets go to the old one
    expect(await signInStatus(newEmail)).toBe(401);
    expect(await signInStatus(oldEmail)).toBe(200);
    await new TestAgent(t.app).post('/v1/users/reset_password_instructions', { email: newEmail });
    await new TestAgent(t.app).post('/v1/users/reset_password_instructions', { email: oldEmail });
    await mailTo(t, oldEmail, 'Reset your password');
    expect((await t.ctx.outbox.latest(newEmail, 10)).map((mail) => mail.subject)).toEqual(['Harbor Agent: Confirm your new e-mail address']);

    // confirming (from any browser, signed in or not) makes the new address the only one
    const confirmed = await new TestAgent(t.app).post('/v1/users/email_change/confirm', { token: tokenOf(confirmation.text, 'confirm') });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: newEmail });
    expect(await signInStatus(oldEmail)).toBe(401);
    expect(await signInStatus(newEmail)).toBe(200);
    expect((await agent.get('/v1/users/me')).json().email).toBe(newEmail);
    expect((await agent.get('/v1/users/email_change')).json()).toEqual({ data: null });

    const again = await new TestAgent(t.app).post('/v1/users/email_change/confirm', { token: tokenOf(confirmation.text, 'confirm') });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: { token: EMAIL_CHANGE_MESSAGES.used } });

    const user = await t.ctx.usersRepository.findByEmail(newEmail);
    const events = (await t.ctx.audit.list({ userId: user!.id })).map((entry) => [entry.event, entry.details]);
    expect(events).toContainEqual(['email_change_requested', { new_email: newEmail }]);
    expect(events).toContainEqual(['email_changed', { from: oldEmail, to: newEmail }]);
    expect(events.filter(([event]) => event === 'account_notice_sent').map(([, details]) => (details as { kind: string }).kind).sort()).toEqual([
      'email_change_confirmation',
      'email_change_requested',
    ]);
  });

  it('an address another account uses is refused beside the field, and again when it was taken before the confirmation', async () => {
    const { agent } = await askChange('telemarketer', seedEmail('admin'));
    const me = (await agent.get('/v1/users/me')).json();
    const taken = await agent.patch('/v1/users/update_profile', { first_name: 'T', last_name: 'B', email: seedEmail('admin') });
    expect(taken.json()).toEqual({ errors: { email: 'Email is already taken' } });

    const wanted = 'taylor.brooks@newmail.example.com';
    await agent.patch('/v1/users/update_profile', { first_name: me.profile.first_name, last_name: me.profile.last_name, email: wanted });
    const confirmation = await mailTo(t, wanted, 'Confirm your new e-mail address');
    const other = await t.ctx.usersRepository.findByEmail(seedEmail('district'));
    await t.ctx.usersRepository.update(other!.id, { email: wanted });
    const refused = await new TestAgent(t.app).post('/v1/users/email_change/confirm', { token: tokenOf(confirmation.text, 'confirm') });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { token: `${wanted} is already used by another account.` } });
    expect((await agent.get('/v1/users/me')).json().email).toBe(seedEmail('telemarketer'));
  });

  it('an address another brand uses is taken like a free one (no oracle): its owner is told by e-mail, no link goes out, and the hourly limit counts it', async () => {
    const askerEmail = seedEmail('rm', KEYSTONE_DEMO.domainName);
    const asker = new TestAgent(t.app, { host: 'keystone.localhost' });
    await asker.signIn(askerEmail);
    const me = (await asker.get('/v1/users/me')).json();
    const ask = (email: string) => asker.patch('/v1/users/update_profile', { first_name: me.profile.first_name, last_name: me.profile.last_name, email });
    const owned = seedEmail('admin');
    const taken = await ask(owned);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().email).toBe(askerEmail);
    expect((await asker.get('/v1/users/email_change')).json()).toMatchObject({ data: { new_email: owned, expired: false } });
    const told = await mailTo(t, owned, 'Someone tried to use your e-mail address');
    expect(told.subject).toBe('Harbor Agent: Someone tried to use your e-mail address');
    expect(told.text).toContain(`someone asked to use ${owned} as the e-mail address of another account`);
    expect(told.text).toContain('nothing changed and no link was sent');
    expect((await t.ctx.outbox.latest(owned, 20)).filter((mail) => mail.subject.endsWith('Confirm your new e-mail address'))).toEqual([]);
    // a resend tells the owner again rather than sending a link
    expect((await asker.post('/v1/users/email_change/resend')).statusCode).toBe(200);
    await mailsTo(t, owned, 'Someone tried to use your e-mail address', 2);
    // probing more addresses meets the same hourly limit as free addresses do
    const others = ['subadmin', 'buadmin', 'telemarketer'].map((key) => seedEmail(key));
    for (const address of others) expect((await ask(address)).statusCode).toBe(200);
    const limited = await ask(seedEmail('field'));
    expect(limited.statusCode).toBe(429);
    expect(await signInStatus(owned)).toBe(200);
  });

  it('refuses an expired confirmation link and an expired “not me” link with a clear message', async () => {
    const newEmail = 'sam.rivera@newmail.example.com';
    const { agent } = await askChange('subadmin', newEmail);
    const confirmation = await mailTo(t, newEmail, 'Confirm your new e-mail address');
    const notice = await mailTo(t, seedEmail('subadmin'), 'Your e-mail address is being changed');
    const user = await t.ctx.usersRepository.findByEmail(seedEmail('subadmin'));
    await t.ctx.db.update(emailChanges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailChanges.userId, user!.id));

    const expired = await new TestAgent(t.app).post('/v1/users/email_change/confirm', { token: tokenOf(confirmation.text, 'confirm') });
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toEqual({ errors: { token: EMAIL_CHANGE_MESSAGES.expired } });
    expect(EMAIL_CHANGE_MESSAGES.expired).toMatch(/^This confirmation link has expired \(it works for 24 hours\)/);
    expect(await signInStatus(newEmail)).toBe(401);
    expect((await agent.get('/v1/users/email_change')).json()).toMatchObject({ data: { new_email: newEmail, expired: true } });

    // a resend gives a new link for another 24 hours; the old link stays refused
    const resent = await agent.post('/v1/users/email_change/resend');
    expect(resent.json()).toMatchObject({ data: { new_email: newEmail, expired: false } });
    const [latest] = await mailsTo(t, newEmail, 'Confirm your new e-mail address', 2);
    expect(tokenOf(latest!.text, 'confirm')).not.toBe(tokenOf(confirmation.text, 'confirm'));
    expect((await new TestAgent(t.app).post('/v1/users/email_change/confirm', { token: tokenOf(confirmation.text, 'confirm') })).statusCode).toBe(422);

    await t.ctx.db.update(emailChanges).set({ cancelExpiresAt: new Date(Date.now() - 1000) }).where(eq(emailChanges.userId, user!.id));
    const late = await new TestAgent(t.app).post('/v1/users/email_change/not_me', { token: tokenOf(notice.text, 'not-me') });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual({ errors: { token: EMAIL_CHANGE_MESSAGES.reportExpired } });

    const unknown = await new TestAgent(t.app).post('/v1/users/email_change/confirm', { token: 'nope' });
    expect(unknown.json()).toEqual({ errors: { token: EMAIL_CHANGE_MESSAGES.invalid } });
    const empty = await new TestAgent(t.app).post('/v1/users/email_change/confirm', {});
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(['token']);
  });

  it('limits the changes (and resends) a user asks for to EMAIL_CHANGES_PER_HOUR an hour', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('new.agent');
    const ask = (n: number) => agent.patch('/v1/users/update_profile', { first_name: 'Robin', last_name: 'Ellis', email: `robin${n}@newmail.example.com` });
    for (let n = 1; n < EMAIL_CHANGES_PER_HOUR; n++) expect((await ask(n)).statusCode).toBe(200);
    expect((await agent.post('/v1/users/email_change/resend')).statusCode).toBe(200);
    const refused = await ask(99);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors.base).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    // the last change asked for is the one pending; the earlier ones were replaced
    expect((await agent.get('/v1/users/email_change')).json().data.new_email).toBe(`robin${EMAIL_CHANGES_PER_HOUR - 1}@newmail.example.com`);
  });

  it('the user can withdraw a pending change; its link then no longer works', async () => {
    const newEmail = 'jordan.lee@newmail.example.com';
    const { agent } = await askChange('buadmin', newEmail);
    const confirmation = await mailTo(t, newEmail, 'Confirm your new e-mail address');
    expect((await agent.delete('/v1/users/email_change')).statusCode).toBe(204);
    expect((await agent.get('/v1/users/email_change')).json()).toEqual({ data: null });
    expect((await agent.delete('/v1/users/email_change')).statusCode).toBe(404);
    const refused = await new TestAgent(t.app).post('/v1/users/email_change/confirm', { token: tokenOf(confirmation.text, 'confirm') });
    expect(refused.json()).toEqual({ errors: { token: EMAIL_CHANGE_MESSAGES.cancelled } });
  });

  it('“this was not me” cancels the change, ends every session, API key and the API token, and asks for a new password', async () => {
    const oldEmail = seedEmail('field');
    const newEmail = 'attacker@evil.example.com';
    const owner = new TestAgent(t.app, '10.20.0.1');
    await owner.signIn('field');
    const key = (await owner.post('/v1/api_keys', { name: 'Lead vendor', scopes: ['contacts:read', 'contacts:write'] })).json().key as string;
    const token = (await owner.patch('/v1/users/refresh_api_token')).json().api_token as string;
    const bearer = (value: string) => new TestAgent(t.app).get('/v1/contacts/workers_status', { authorization: `Bearer ${value}` });
    expect((await bearer(key)).statusCode).toBe(200);

    const { agent: attacker } = await askChange('field', newEmail);
    const notice = await mailTo(t, oldEmail, 'Your e-mail address is being changed');
    const confirmation = await mailTo(t, newEmail, 'Confirm your new e-mail address');

    const reported = await new TestAgent(t.app).post('/v1/users/email_change/not_me', { token: tokenOf(notice.text, 'not-me') });
    expect(reported.statusCode).toBe(200);
    expect(reported.json()).toEqual({ email: oldEmail, frozen: false });

    expect((await owner.get('/v1/users/me')).statusCode).toBe(401);
    expect((await attacker.get('/v1/users/me')).statusCode).toBe(401);
    expect((await bearer(key)).statusCode).toBe(401);
    expect((await bearer(token)).statusCode).toBe(401);
    const refused = await new TestAgent(t.app).post('/v1/users/email_change/confirm', { token: tokenOf(confirmation.text, 'confirm') });
    expect(refused.json()).toEqual({ errors: { token: EMAIL_CHANGE_MESSAGES.cancelled } });

    // signing in again lands on the forced password change
    const back = new TestAgent(t.app);
    await back.signIn('field');
    expect((await back.get('/v1/users/me')).json()).toMatchObject({ email: oldEmail, 'change_password?': true });
    expect((await back.get('/v1/api_keys')).json()).toEqual({ errors: { user: 'Access denied!', gate: 'password' } });
    expect((await back.get('/v1/users/email_change')).json()).toEqual({ data: null });
    const user = await t.ctx.usersRepository.findByEmail(oldEmail);
    expect(user).toMatchObject({ apiTokenDigest: null, changePassword: true });
    expect(await t.ctx.apiKeys.list(user!.id)).toEqual([]);
    const events = (await t.ctx.audit.list({ userId: user!.id })).map((entry) => entry.event);
    expect(events).toContain('email_change_reported');

    // the link works once: a second use is refused and changes nothing more
    const second = await new TestAgent(t.app).post('/v1/users/email_change/not_me', { token: tokenOf(notice.text, 'not-me') });
    expect(second.statusCode).toBe(422);
    expect(second.json()).toEqual({ errors: { token: EMAIL_CHANGE_MESSAGES.reportUsed } });
    expect((await back.get('/v1/users/me')).statusCode).toBe(200);
  });

  it('the “not me” link works for 72 hours: one used later is refused', async () => {
    const oldEmail = seedEmail('admin');
    await askChange('admin', 'late.report@newmail.example.com');
    const notice = await mailTo(t, oldEmail, 'Your e-mail address is being changed');
    const user = await t.ctx.usersRepository.findByEmail(oldEmail);
    const [row] = await t.ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, user!.id));
    expect(row!.cancelExpiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(72 * 3_600_000);
    expect(row!.cancelExpiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(71 * 3_600_000);
    // 72 hours and a second after it was sent
    await t.ctx.db
      .update(emailChanges)
      .set({ createdAt: new Date(Date.now() - 72 * 3_600_000 - 1000), cancelExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.id, row!.id));
    const late = await new TestAgent(t.app).post('/v1/users/email_change/not_me', { token: tokenOf(notice.text, 'not-me') });
    expect(late.statusCode).toBe(422);
    expect(late.json()).toEqual({ errors: { token: EMAIL_CHANGE_MESSAGES.reportExpired } });
    expect(EMAIL_CHANGE_MESSAGES.reportExpired).toContain('it works for 72 hours');
    expect(await signInStatus(oldEmail)).toBe(200);
  });

  it('“this was not me” after the change was confirmed holds the account: the old mailbox alone gets no way in; the password puts the old address back, once', async () => {
    const oldEmail = seedEmail('manager');
    const newEmail = 'attacker2@evil.example.com';
    const owner = new TestAgent(t.app, '10.20.0.7');
    await owner.signIn('manager');
    const key = (await owner.post('/v1/api_keys', { name: 'Mailer', scopes: ['contacts:read'] })).json().key as string;
    await askChange('manager', newEmail);
    const notice = await mailTo(t, oldEmail, 'Your e-mail address is being changed');
    const confirmation = await mailTo(t, newEmail, 'Confirm your new e-mail address');
    await new TestAgent(t.app).post('/v1/users/email_change/confirm', { token: tokenOf(confirmation.text, 'confirm') });
    expect(await signInStatus(newEmail)).toBe(200);
    const notMe = tokenOf(notice.text, 'not-me');

    const reported = await new TestAgent(t.app).post('/v1/users/email_change/not_me', { token: notMe });
    expect(reported.statusCode).toBe(200);
    expect(reported.json()).toEqual({ email: newEmail, frozen: true });
    // held: every session and key ended, and neither address signs in or gets a reset link
    expect((await owner.get('/v1/users/me')).statusCode).toBe(401);
    expect((await new TestAgent(t.app).get('/v1/contacts/workers_status', { authorization: `Bearer ${key}` })).statusCode).toBe(401);
    expect(await signInStatus(newEmail)).toBe(401);
    expect(await signInStatus(oldEmail)).toBe(401);
    const user = await t.ctx.usersRepository.findById((await t.ctx.usersRepository.findByEmail(newEmail))!.id);
    expect(user).toMatchObject({ email: newEmail, active: false, changePassword: true, apiTokenDigest: null });
    for (const address of [oldEmail, newEmail]) {
      expect((await new TestAgent(t.app).post('/v1/users/reset_password_instructions', { email: address })).statusCode).toBe(200);
    }
    expect((await t.ctx.outbox.latest(oldEmail, 20)).map((mail) => mail.subject)).not.toContain('Reset your password');
    expect((await t.ctx.outbox.latest(newEmail, 20)).map((mail) => mail.subject)).not.toContain('Reset your password');
    // the link alone, again, restores nothing
    const again = await new TestAgent(t.app).post('/v1/users/email_change/not_me', { token: notMe });
    expect(again.json()).toEqual({ errors: { token: EMAIL_CHANGE_MESSAGES.reportUsed } });
    expect(await signInStatus(oldEmail)).toBe(401);

    // putting the old address back needs the account's password (wrong ones count as failed sign-ins)
    const restore = (body: Record<string, unknown>) => new TestAgent(t.app, '10.20.0.8').post('/v1/users/email_change/restore', { token: notMe, ...body });
    expect((await restore({})).json()).toEqual({ errors: { password: 'Password is required' } });
    const wrong = await restore({ password: 'not the password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ errors: { password: 'Password is wrong' } });
    const events = (await t.ctx.audit.list({ userId: user!.id })).map((entry) => [entry.event, entry.details]);
    expect(events).toContainEqual(['sign_in_failed', { reason: 'email_restore_wrong_password' }]);
    const restored = await restore({ password: DEMO_PASSWORD });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({ email: oldEmail });
    expect(await signInStatus(newEmail)).toBe(401);
    const back = new TestAgent(t.app);
    await back.signIn('manager');
    expect((await back.get('/v1/users/me')).json()).toMatchObject({ email: oldEmail, 'change_password?': true });
    expect((await restore({ password: DEMO_PASSWORD })).json()).toEqual({ errors: { token: EMAIL_CHANGE_MESSAGES.restored } });
    expect((await t.ctx.audit.list({ userId: user!.id })).map((entry) => entry.event)).toContain('email_change_restored');
  });

  it('a user with a second factor puts the old address back with a code in place of the password', async () => {
    const oldEmail = seedEmail('secure.agent');
    const newEmail = 'attacker3@evil.example.com';
    const agent = new TestAgent(t.app, '10.20.0.9');
    await agent.post('/v1/sessions', { email: oldEmail, password: DEMO_PASSWORD });
    expect((await agent.post('/v1/sessions', { otp_code: currentTotp(DEMO_TOTP_SECRET) })).statusCode).toBe(200);
    const me = (await agent.get('/v1/users/me')).json();
    await agent.patch('/v1/users/update_profile', { first_name: me.profile.first_name, last_name: me.profile.last_name, email: newEmail });
    const notice = await mailTo(t, oldEmail, 'Your e-mail address is being changed');
    const confirmation = await mailTo(t, newEmail, 'Confirm your new e-mail address');
    await new TestAgent(t.app).post('/v1/users/email_change/confirm', { token: tokenOf(confirmation.text, 'confirm') });
    const notMe = tokenOf(notice.text, 'not-me');
    expect((await new TestAgent(t.app).post('/v1/users/email_change/not_me', { token: notMe })).json()).toEqual({ email: newEmail, frozen: true });
    const restored = await new TestAgent(t.app, '10.20.0.10').post('/v1/users/email_change/restore', {
      token: notMe,
      otp_code: currentTotp(DEMO_TOTP_SECRET, Date.now() + 30_000),
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({ email: oldEmail });
    expect((await t.ctx.usersRepository.findByEmail(oldEmail))?.active).toBe(true);
  });

  it('a “not me” link of a change that was never confirmed cannot restore anything', async () => {
    const oldEmail = seedEmail('unpaid.agent');
    await askChange('unpaid.agent', 'never.confirmed@newmail.example.com');
    const notice = await mailTo(t, oldEmail, 'Your e-mail address is being changed');
    const notMe = tokenOf(notice.text, 'not-me');
    expect((await new TestAgent(t.app).post('/v1/users/email_change/not_me', { token: notMe })).json()).toEqual({ email: oldEmail, frozen: false });
    const refused = await new TestAgent(t.app).post('/v1/users/email_change/restore', { token: notMe, password: DEMO_PASSWORD });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { token: EMAIL_CHANGE_MESSAGES.notHeld } });
  });

  it('the “not me” link of a deactivated account changes nothing, so a hold can never make it active again', async () => {
    const oldEmail = seedEmail('basic', EVERGREEN_DEMO.domainName);
    const agent = new TestAgent(t.app, { host: 'evergreen.localhost' });
    await agent.signIn(oldEmail);
    const me = (await agent.get('/v1/users/me')).json();
    const newEmail = 'rowan.finch@elsewhere.example.com';
    await agent.patch('/v1/users/update_profile', { first_name: me.profile.first_name, last_name: me.profile.last_name, email: newEmail });
    const notice = await mailTo(t, oldEmail, 'Your e-mail address is being changed');
    const confirmation = await mailTo(t, newEmail, 'Confirm your new e-mail address');
    await new TestAgent(t.app).post('/v1/users/email_change/confirm', { token: tokenOf(confirmation.text, 'confirm') });
    await t.ctx.usersRepository.update(me.id, { active: false });
    const notMe = tokenOf(notice.text, 'not-me');
    const reported = await new TestAgent(t.app).post('/v1/users/email_change/not_me', { token: notMe });
    expect(reported.json()).toEqual({ errors: { token: EMAIL_CHANGE_MESSAGES.invalid } });
    const restored = await new TestAgent(t.app).post('/v1/users/email_change/restore', { token: notMe, password: DEMO_PASSWORD });
    expect(restored.json()).toEqual({ errors: { token: EMAIL_CHANGE_MESSAGES.notHeld } });
    expect(await t.ctx.usersRepository.findById(me.id)).toMatchObject({ active: false, email: newEmail });
  });
});

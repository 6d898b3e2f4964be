import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedEmail } from '../../db/seed';
import { currentTotp } from '../../lib/totp';
import { mailTo, mailsTo, noticesQueued } from '../../test/mail';
import { createTestApp, TestAgent, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.ctx.jobs.startWorkers();
});
afterAll(() => t.close());

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const userId = async (key: string) => (await t.ctx.usersRepository.findByEmail(seedEmail(key)))!.id;
const auditKinds = async (id: number) =>
  (await t.ctx.audit.list({ userId: id })).filter((entry) => entry.event === 'account_notice_sent').map((entry) => (entry.details as { kind: string }).kind);

describe('account notices', () => {
  it('a password change is announced to the account’s address, in its brand, and audited', async () => {
    const agent = new TestAgent(t.app, '198.51.100.7');
    await agent.signIn('agent');
    const id = await userId('agent');
    const res = await agent.patch(`/v1/users/${id}/update_password`, { current_password: DEMO_PASSWORD, password: 'Quilted-Meadow-Kettle-9', password_confirmation: 'Quilted-Meadow-Kettle-9' });
    expect(res.statusCode).toBe(200);
    const mail = await mailTo(t, seedEmail('agent'), 'Your password was changed');
    expect(mail.subject).toBe('Harbor Agent: Your password was changed');
    expect(mail.text).toMatch(/^Hello Jamie,/);
    expect(mail.text).toContain('at 198.51.100.7');
    // the time in the user's zone (pst)
    expect(mail.text).toMatch(/\(PST\)/);
    expect(mail.text).toContain('reset your password now at http://localhost:3000/reset-password');
    expect(mail.text).toMatch(/— Harbor Agent$/);
    await expect.poll(() => auditKinds(id)).toContain('password_changed');
  });

  it('a password reset is announced', async () => {
    const anonymous = new TestAgent(t.app);
    await anonymous.post('/v1/users/reset_password_instructions', { email: seedEmail('subadmin') });
    const link = await mailTo(t, seedEmail('subadmin'), 'Reset your password');
    const token = link.text.match(/reset_password_token=([\w-]+)/)![1]!;
    const reset = await anonymous.post('/v1/users/reset_password_by_token', { reset_password_token: token, password: 'Copper-Meadow-Lantern-4', password_confirmation: 'Copper-Meadow-Lantern-4' });
    expect(reset.statusCode).toBe(200);
    const mail = await mailTo(t, seedEmail('subadmin'), 'Your password was reset');
    expect(mail.text).toContain('Every session was signed out');
  });

  it('two-factor turned off is announced', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('telemarketer');
    const { otp_secret } = (await agent.post('/v1/two_factor/generate_qr')).json();
    await agent.post('/v1/two_factor/enable', { otp_code: currentTotp(otp_secret) });
    const off = await agent.post('/v1/two_factor/disable', { otp_code: currentTotp(otp_secret, Date.now() + 30_000) });
    expect(off.statusCode).toBe(200);
    const mail = await mailTo(t, seedEmail('telemarketer'), 'Two-factor authentication was turned off');
    expect(mail.text).toContain('Signing in now needs only your password');
  });

  it('a new API key is announced and audited', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('district');
    expect((await agent.post('/v1/api_keys', { name: 'Lead vendor', scopes: ['contacts:write'] })).statusCode).toBe(200);
    const mail = await mailTo(t, seedEmail('district'), 'A new API key was created');
    expect(mail.text).toContain('named “Lead vendor”');
    expect(mail.text).toContain('http://localhost:3000/account/profile?tab=security');
    const events = (await t.ctx.audit.list({ userId: await userId('district') })).map((entry) => [entry.event, entry.details]);
    expect(events).toContainEqual(['api_key_created', { name: 'Lead vendor' }]);
  });

  it('a sign-in from a device not seen before is announced; the first sign-in and known devices are not', async () => {
    const id = await userId('buadmin');
    const signIn = (ip: string, userAgent: string) =>
      new TestAgent(t.app, ip).request('POST', '/v1/sessions', { body: { email: seedEmail('buadmin'), password: DEMO_PASSWORD }, headers: { 'user-agent': userAgent } });
    // the first sign-in ever: nothing to compare with
    expect((await signIn('203.0.113.10', FIREFOX)).statusCode).toBe(200);
    // the same browser in the same /24: known
    expect((await signIn('203.0.113.99', FIREFOX)).statusCode).toBe(200);
    expect(await noticesQueued(t, 'new_device_sign_in', id)).toBe(0);

    // another network
    await signIn('192.0.2.44', FIREFOX);
    expect(await noticesQueued(t, 'new_device_sign_in', id)).toBe(1);
    const [mail] = await mailsTo(t, seedEmail('buadmin'), 'Sign-in from a new device');
    expect(mail!.text).toContain('Firefox on Linux, network 192.0.2.0/24 (address 192.0.2.44)');
    // another browser on a known network
    await signIn('203.0.113.10', CHROME);
    expect(await noticesQueued(t, 'new_device_sign_in', id)).toBe(2);
    await mailsTo(t, seedEmail('buadmin'), 'Sign-in from a new device', 2);
    // both are known now
    await signIn('192.0.2.45', FIREFOX);
    await signIn('203.0.113.11', CHROME);
    expect(await noticesQueued(t, 'new_device_sign_in', id)).toBe(2);
    // a wrong password is no sign-in
    await new TestAgent(t.app, '100.64.0.1').post('/v1/sessions', { email: seedEmail('buadmin'), password: 'wrong-password-1' });
    expect(await noticesQueued(t, 'new_device_sign_in', id)).toBe(2);
  });

  it('a brand’s notices carry its name and its public address', async () => {
    const email = seedEmail('agent', 'keystone-demo');
    const agent = new TestAgent(t.app, { host: 'keystone.localhost:3000' });
    await agent.signIn(email);
    await agent.post('/v1/api_keys', { name: 'Keystone key', scopes: ['contacts:read'] });
    const mail = await mailTo(t, email, 'A new API key was created');
    expect(mail.subject).toMatch(/^Keystone/);
    expect(mail.text).toContain('http://keystone.localhost:3000/account/profile?tab=security');
  });
});

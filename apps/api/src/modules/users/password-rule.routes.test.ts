import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import argon2 from 'argon2';
import { PASSWORD_RULE_VERSION } from '@crm/password-rule';
import { DEMO_PASSWORD, KEYSTONE_DEMO, SEED_COMPANIES, seedEmail } from '../../db/seed';
import { hashPassword } from '../../lib/passwords';
import { createTestApp, TestAgent, type TestApp } from '../../test/test-app';
import { passwordVerdict } from './password-policy';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TERMS_VERSION: '1' });
});
afterAll(() => t.close());

const SHORT = 'Password must be at least 12 characters.';
const COMMON = 'This is a commonly used password. Add more words that are less common.';
const PERSONAL = "Don't use your name, e-mail, brand or company in your password.";

/** The password rule's answers, literally: the length rule, then zxcvbn's warning and suggestions. */
const refusals = (email: string): [string, string][] => [
  ['password1', `${SHORT} ${COMMON}`],
  ['12345678a', `${SHORT} ${COMMON}`],
  ['aaaaaaa1', `${SHORT} Repeated characters like "aaa" are easy to guess. Add more words that are less common. Avoid repeated words and characters.`],
  // Harbor is the user's brand (and company): its name with a year is guessable for this account.
  ['harbor2026!', `${SHORT} ${PERSONAL}`],
  [email, PERSONAL],
  ['x'.repeat(129), 'Password must be at most 128 characters.'],
];

const body = (password: string, current = DEMO_PASSWORD) => ({ current_password: current, password, password_confirmation: password });

async function userId(key: string, domain?: string): Promise<number> {
  return (await t.ctx.usersRepository.findByEmail(seedEmail(key, domain)))!.id;
}

async function resetToken(email: string): Promise<string> {
  await new TestAgent(t.app).post('/v1/users/reset_password_instructions', { email });
  const [mail] = await t.ctx.outbox.latest(email, 1);
  return mail!.text.match(/reset_password_token=([\w-]+)/)![1]!;
}

describe('the password rule on PATCH /v1/users/{id}/update_password', () => {
  it("refuses common passwords, the brand's name, the user's own e-mail and 129 characters with the rule's feedback; a passphrase passes", async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('agent');
    const id = await userId('agent');
    for (const [password, message] of refusals(seedEmail('agent'))) {
      const res = await agent.patch(`/v1/users/${id}/update_password`, body(password));
      expect({ password, status: res.statusCode, body: res.json() }).toEqual({ password, status: 422, body: { errors: { password: message } } });
    }
    // A wrong current password and a refused new one are answered together.
    const both = await agent.patch(`/v1/users/${id}/update_password`, body('password1', 'not-the-password'));
    expect(both.json()).toEqual({ errors: { current_password: 'Current password is incorrect', password: `${SHORT} ${COMMON}` } });

    const passphrase = 'quiet otter maps river'; // 22 characters, no digit, no capital: no composition rules
    const ok = await agent.patch(`/v1/users/${id}/update_password`, body(passphrase));
    expect(ok.statusCode).toBe(200);
    expect((await new TestAgent(t.app).post('/v1/sessions', { email: seedEmail('agent'), password: passphrase })).statusCode).toBe(200);
  });

  it("uses the account's own words: harbor2026! is refused for a Harbor user on its words, for a Keystone user on its length only", async () => {
    const email = seedEmail('agent', KEYSTONE_DEMO.domainName);
    const keystone = new TestAgent(t.app, { host: 'keystone.localhost' });
    await keystone.signIn(email);
    const res = await keystone.patch(`/v1/users/${await userId('agent', KEYSTONE_DEMO.domainName)}/update_password`, body('harbor2026!'));
    expect(res.json()).toEqual({ errors: { password: SHORT } });
  });
});

describe("the account's own words (NIST SP 800-63B context-specific words) on every path that sets a password", () => {
  // Robin Ellis is new.agent@harbor-demo.example, of Harbor Demo Agency, held at the first sign-in change.
  const robinsWords = ['RobinEllis2026!', 'robin.ellis.harbor', 'HarborAgent2026!', 'Ellis-Lantern-Tide', 'quiet new-agent otter'];

  it('the first sign-in change refuses the name, the e-mail, the brand and the company, saying why', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('new.agent');
    expect((await agent.get('/v1/users/me')).json()['change_password?']).toBe(true);
    const id = await userId('new.agent');
    for (const password of robinsWords) {
      const res = await agent.patch(`/v1/users/${id}/update_password`, body(password));
      expect({ password, status: res.statusCode, body: res.json() }).toEqual({ password, status: 422, body: { errors: { password: PERSONAL } } });
    }
    // The same words are no one else's: Sam Rivera (subadmin@harbor-demo.example) may use Robin's name.
    const sam = new TestAgent(t.app);
    await sam.signIn('subadmin');
    const other = await sam.patch(`/v1/users/${await userId('subadmin')}/update_password`, body('RobinEllis2026!'));
    expect(other.statusCode).toBe(200);
    await t.ctx.usersRepository.update(await userId('subadmin'), { passwordHash: await hashPassword(DEMO_PASSWORD), passwordRuleVersion: null });
  });

  it('a reset refuses them too', async () => {
    const email = seedEmail('new.agent');
    const token = await resetToken(email);
    for (const password of robinsWords) {
      const res = await new TestAgent(t.app).post('/v1/users/reset_password_by_token', { reset_password_token: token, password, password_confirmation: password });
      expect({ password, status: res.statusCode, body: res.json() }).toEqual({ password, status: 422, body: { errors: { password: PERSONAL } } });
    }
  });

  it('a password that passed the previous version of the rule is checked again at sign-in and held at the forced change', async () => {
    const id = await userId('telemarketer');
    // Taylor Brooks chose "TaylorBrooks2026!" when only zxcvbn's score counted (version 1).
    await t.ctx.usersRepository.update(id, { passwordHash: await hashPassword('TaylorBrooks2026!'), passwordRuleVersion: 1, changePassword: false });
    expect(PASSWORD_RULE_VERSION).toBeGreaterThan(1);
    const agent = new TestAgent(t.app);
    await agent.signIn('telemarketer', 'TaylorBrooks2026!');
    expect((await agent.get('/v1/users/me')).json()['change_password?']).toBe(true);
    await t.ctx.usersRepository.update(id, { passwordHash: await hashPassword(DEMO_PASSWORD), passwordRuleVersion: null, changePassword: false });
  });
});

describe('the password rule on POST /v1/users/reset_password_by_token', () => {
  it('refuses the same passwords with the same feedback and leaves the link usable; a passphrase passes', async () => {
    const email = seedEmail('telemarketer');
    const token = await resetToken(email);
    const anonymous = new TestAgent(t.app);
    for (const [password, message] of refusals(email)) {
      const res = await anonymous.post('/v1/users/reset_password_by_token', { reset_password_token: token, password, password_confirmation: password });
      expect({ password, status: res.statusCode, body: res.json() }).toEqual({ password, status: 422, body: { errors: { password: message } } });
    }
    const passphrase = 'copper meadow signal lamp';
    const ok = await anonymous.post('/v1/users/reset_password_by_token', { reset_password_token: token, password: passphrase, password_confirmation: passphrase });
    expect(ok.statusCode).toBe(200);
    expect((await t.ctx.usersRepository.findByEmail(email))!.passwordRuleVersion).toBe(PASSWORD_RULE_VERSION);
    expect((await anonymous.post('/v1/sessions', { email, password: passphrase })).statusCode).toBe(200);
  });
});

describe('NFKC', () => {
  it('a password set with full-width letters signs in with its normalised form, and as typed', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('district');
    const fullWidth = 'ｃｏｐｐｅｒ ｍｅａｄｏｗ ｒｉｖｅｒ';
    const res = await agent.patch(`/v1/users/${await userId('district')}/update_password`, body(fullWidth));
    expect(res.statusCode).toBe(200);
    for (const password of ['copper meadow river', fullWidth]) {
      expect((await new TestAgent(t.app).post('/v1/sessions', { email: seedEmail('district'), password })).statusCode).toBe(200);
    }
    const user = await t.ctx.usersRepository.findByEmail(seedEmail('district'));
    expect(await argon2.verify(user!.passwordHash!, 'copper meadow river')).toBe(true); // the NFKC form is what is hashed
  });

  it('a hash made before normalisation (of the raw text) still signs in with the raw text', async () => {
    const raw = 'ｌａｎｔｅｒｎ ｏｒｃｈａｒｄ ｔｉｄｅ';
    await t.ctx.usersRepository.update(await userId('field'), { passwordHash: await argon2.hash(raw, { type: argon2.argon2id }) });
    expect((await new TestAgent(t.app).post('/v1/sessions', { email: seedEmail('field'), password: raw })).statusCode).toBe(200);
    expect((await new TestAgent(t.app).post('/v1/sessions', { email: seedEmail('field'), password: 'lantern orchard tidy' })).statusCode).toBe(401);
  });
});

describe('a password that fails the rule at sign-in', () => {
  it('sends the user to the forced change (a gate held across requests and sessions) until a new password is chosen', async () => {
    const id = await userId('manager');
    // Set under the old rule (8 characters with a letter and a digit), refused by the new one.
    await t.ctx.usersRepository.update(id, { passwordHash: await hashPassword('password1') });
    const agent = new TestAgent(t.app);
    await agent.signIn('manager', 'password1');
    expect((await agent.get('/v1/users/me')).json()['change_password?']).toBe(true);
    expect((await agent.get('/v1/api_keys')).json().errors).toMatchObject({ user: 'Access denied!', gate: 'password' });
    expect((await t.ctx.usersRepository.findByEmail(seedEmail('manager')))!.changePassword).toBe(true);
    const [signIn] = await t.ctx.audit.list({ userId: id, event: 'sign_in' });
    expect(signIn!.details).toMatchObject({ method: 'password', weak_password: true });

    // Another session of the same user is held too: the flag is stored.
    const other = new TestAgent(t.app);
    await other.signIn('manager', 'password1');
    expect((await other.get('/v1/api_keys')).statusCode).toBe(403);

    const changed = await agent.patch(`/v1/users/${id}/update_password`, body('amber kettle window frost', 'password1'));
    expect(changed.json()['change_password?']).toBe(false);
    // a password chosen through the rule records the rule's version: sign-ins do not check it again
    expect((await t.ctx.usersRepository.findById(id))!.passwordRuleVersion).toBe(PASSWORD_RULE_VERSION);
    expect((await agent.get('/v1/api_keys')).statusCode).toBe(200);
    const again = new TestAgent(t.app);
    await again.signIn('manager', 'amber kettle window frost');
    expect((await again.get('/v1/users/me')).json()['change_password?']).toBe(false);
  });

  it('a user with two-factor is held from the password step on', async () => {
    const id = await userId('secure.agent');
    await t.ctx.usersRepository.update(id, { passwordHash: await hashPassword('password1') });
    const step1 = await new TestAgent(t.app).post('/v1/sessions', { email: seedEmail('secure.agent'), password: 'password1' });
    expect(step1.statusCode).toBe(200);
    expect((await t.ctx.usersRepository.findByEmail(seedEmail('secure.agent')))!.changePassword).toBe(true);
  });

  it('the demo password passes the rule for every seeded user (the demo logins are never held)', async () => {
    for (const company of SEED_COMPANIES) {
      for (const u of company.users) {
        const row = (await t.ctx.usersRepository.findByEmail(seedEmail(u.key, company.domainName)))!;
        expect({ email: row.email, ...(await passwordVerdict(t.ctx.usersRepository, row, DEMO_PASSWORD)) }).toMatchObject({ email: row.email, ok: true });
      }
    }
  });

  it('a password is checked once for each version of the rule, not at every sign-in', async () => {
    const id = await userId('buadmin');
    await new TestAgent(t.app).signIn('buadmin');
    expect((await t.ctx.usersRepository.findById(id))!.passwordRuleVersion).toBe(PASSWORD_RULE_VERSION);
    // a password recorded as passing this version of the rule is not checked again (this one would be refused)
    await t.ctx.usersRepository.update(id, { passwordHash: await hashPassword('password1'), passwordRuleVersion: PASSWORD_RULE_VERSION });
    const again = new TestAgent(t.app);
    await again.signIn('buadmin', 'password1');
    expect((await again.get('/v1/users/me')).json()['change_password?']).toBe(false);
    // a new version of the rule checks it again at the next sign-in
    await t.ctx.usersRepository.update(id, { passwordRuleVersion: PASSWORD_RULE_VERSION - 1 });
    const afterRuleChange = new TestAgent(t.app);
    await afterRuleChange.signIn('buadmin', 'password1');
    expect((await afterRuleChange.get('/v1/users/me')).json()['change_password?']).toBe(true);
    // a password hash set without saying which version it passed is unchecked
    const reset = await t.ctx.usersRepository.update(id, { passwordHash: await hashPassword(DEMO_PASSWORD), changePassword: false });
    expect(reset.passwordRuleVersion).toBeNull();
  });

  it('a password that passes changes nothing', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('subadmin');
    expect((await agent.get('/v1/users/me')).json()['change_password?']).toBe(false);
  });
});

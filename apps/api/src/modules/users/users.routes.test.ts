import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUser } from '@crm/contract';
import { DEMO_PASSWORD, EVERGREEN_DEMO, KEYSTONE_DEMO, seedEmail } from '../../db/seed';
import { createTestApp, TestAgent, withKey, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TERMS_VERSION: '1' });
});
afterAll(() => t.close());

describe('GET /v1/users/me', () => {
  it('answers every field of the spec’s current user, profile and account flags', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('agent');
    const res = await agent.get('/v1/users/me');
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(currentUser.safeParse(me).success).toBe(true);
    for (const key of [
      'id', 'tos', 'updated_tos', 'username', 'admin', 'roles', 'email', 'timezone', 'c_1', 'two_fa_is_required?',
      'has_2fa_enabled?', 'last_otp_at', 'profile', 'signup', 'favorite_users', 'dashboard_info', 'available_phone_numbers',
      'api_keys', 'quick_filters', 'soa_requests', 'soa_requests_meta', 'soa_request', 'auth_ips', 'auth_ips_meta',
      'office_locations', 'office_locations_meta', 'company', 'webpage', 'dialer_subscription', 'dialer_subscription_type',
      'dialer_license', 'paid_user?', 'change_password?', 'company_sms_subscription', 'sms_subscription',
      'company_dialer_subscription', 'brand', 'features',
    ]) {
      expect(me, key).toHaveProperty([key]);
    }
    for (const key of ['first_name', 'last_name', 'personal_photo', 'logo', 'font_size', 'primary_color', 'background',
      'account_type', 'about_me', 'dialer_verified_phone_number', 'dialer_enabled', 'title']) {
      expect(me.profile, key).toHaveProperty([key]);
    }
    expect(me).toMatchObject({
      email: seedEmail('agent'),
      admin: false,
      roles: ['agent'],
      timezone: 'pst',
      brand: 'harbor',
      company: { name: 'Harbor Demo Agency', domain_name: 'harbor-demo' },
      upline: { name: 'Riley Patel' },
      profile: { first_name: 'Jamie', last_name: 'Carter', account_type: 'agent' },
    });
    expect(JSON.stringify(me)).not.toMatch(/password_hash|otp_secret|argon2/);
  });

  it('sub_admin is an admin', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('subadmin');
    expect((await agent.get('/v1/users/me')).json()).toMatchObject({ admin: true, roles: ['sub_admin'] });
  });

  it('needs a session', async () => {
    expect((await new TestAgent(t.app).get('/v1/users/me')).statusCode).toBe(401);
  });
});

describe('profile changes', () => {
  it('updates the time zone and refuses an unknown one', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('district');
    const ok = await agent.patch('/v1/users/update_timezone', { timezone: 'hst' });
    expect(ok.json().timezone).toBe('hst');
    const bad = await agent.patch('/v1/users/update_timezone', { timezone: 'utc' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['timezone']);
  });

  it('updates the profile; another user’s e-mail is refused beside the field', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('field');
    const ok = await agent.patch('/v1/users/update_profile', { first_name: 'Riley', last_name: 'Patel-Stone', email: seedEmail('field'), about_me: 'Medicare specialist' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().profile).toMatchObject({ last_name: 'Patel-Stone', about_me: 'Medicare specialist' });
    const taken = await agent.patch('/v1/users/update_profile', { first_name: 'Riley', last_name: 'P', email: seedEmail('admin') });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({ errors: { email: 'Email is already taken' } });
    const empty = await agent.patch('/v1/users/update_profile', { first_name: ' ', last_name: '', email: 'x' });
    expect(empty.json().errors).toEqual({ first_name: 'First name is required', last_name: 'Last name is required', email: 'Email is invalid' });
  });

  it('accept_tos accepts the current terms', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('telemarketer');
    const user = await t.ctx.usersRepository.findByEmail(seedEmail('telemarketer'));
    await t.ctx.usersRepository.update(user!.id, { tosAcceptedVersion: null });
    expect((await agent.get('/v1/users/me')).json()).toMatchObject({ tos: false });
    // terms not accepted: only what the redirect rules allow
    expect((await agent.get('/v1/api_keys')).statusCode).toBe(403);
    const res = await agent.patch('/v1/users/accept_tos');
    expect(res.json()).toMatchObject({ tos: true, updated_tos: false });
    expect((await agent.get('/v1/api_keys')).statusCode).toBe(200);
  });

  it('update_2fa chooses how codes arrive', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('manager');
    expect((await agent.patch('/v1/users/update_2fa', { otp_delivery: 'email' })).json().otp_delivery).toBe('email');
    expect((await agent.patch('/v1/users/update_2fa', { otp_delivery: 'fax' })).statusCode).toBe(422);
  });
});

describe('PATCH /v1/users/update_theme', () => {
  it('sets the user theme over the brand defaults; a field left out stays; null goes back to the brand default', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('telemarketer');
    const set = await agent.patch('/v1/users/update_theme', { primary_color: '#123abc', background: '#fafafa', font_size: 'large' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().profile).toMatchObject({ primary_color: '#123abc', background: '#fafafa', font_size: 'large' });
    const partial = await agent.patch('/v1/users/update_theme', { font_size: 'small' });
    expect(partial.json().profile).toMatchObject({ primary_color: '#123abc', background: '#fafafa', font_size: 'small' });
    const reset = await agent.patch('/v1/users/update_theme', { primary_color: null, background: null, font_size: null });
    expect(reset.json().profile).toMatchObject({ primary_color: null, background: null, font_size: null });
    const bad = await agent.patch('/v1/users/update_theme', { primary_color: 'red', font_size: 'huge' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['font_size', 'primary_color']);
    expect(bad.json().errors.primary_color).toBe('Must be a colour like #1a2b3c');
    expect((await new TestAgent(t.app).patch('/v1/users/update_theme', { font_size: 'small' })).statusCode).toBe(401);
  });
});

describe('agent title in update_profile', () => {
  const profile = (first: string, last: string, email: string) => ({ first_name: first, last_name: last, email });

  it("takes only the brand's titles: a Harbor agent cannot be a funeral director, an Evergreen agent can", async () => {
    const harbor = new TestAgent(t.app);
    await harbor.signIn('agent');
    const base = profile('Jamie', 'Carter', seedEmail('agent'));
    const ok = await harbor.patch('/v1/users/update_profile', { ...base, title: 'retirement_specialist' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().profile.title).toBe('retirement_specialist');
    const refused = await harbor.patch('/v1/users/update_profile', { ...base, title: 'funeral_director' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { title: 'Choose one of the titles your brand offers' } });
    expect((await harbor.patch('/v1/users/update_profile', { ...base, title: 'licensed_insurance_agent' })).statusCode).toBe(422);
    // left out: unchanged; null: cleared
    expect((await harbor.patch('/v1/users/update_profile', base)).json().profile.title).toBe('retirement_specialist');
    expect((await harbor.patch('/v1/users/update_profile', { ...base, title: null })).json().profile.title).toBeNull();

    const evergreenEmail = seedEmail('preneed', EVERGREEN_DEMO.domainName);
    const evergreen = new TestAgent(t.app, { host: 'evergreen.localhost' });
    await evergreen.signIn(evergreenEmail);
    expect((await evergreen.get('/v1/users/me')).json().profile.title).toBe('preneed_agent');
    const director = await evergreen.patch('/v1/users/update_profile', { ...profile('Harper', 'Vale', evergreenEmail), title: 'funeral_director' });
    expect(director.statusCode, director.body).toBe(200);
    expect(director.json().profile.title).toBe('funeral_director');

    const keystoneEmail = seedEmail('agent', KEYSTONE_DEMO.domainName);
    const keystone = new TestAgent(t.app, { host: 'keystone.localhost' });
    await keystone.signIn(keystoneEmail);
    const ks = await keystone.patch('/v1/users/update_profile', { ...profile('Parker', 'Holt', keystoneEmail), title: 'agency_sales_manager' });
    expect(ks.json().profile.title).toBe('agency_sales_manager');
  });
});

describe('PATCH /v1/users/{id}/update_password', () => {
  it('a forced password change allows only the exempt endpoints until the password is changed', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('new.agent');
    const me = (await agent.get('/v1/users/me')).json();
    expect(me['change_password?']).toBe(true);
    const blocked = await agent.get('/v1/api_keys');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().errors).toMatchObject({ user: 'Access denied!', gate: 'password' });

    const wrong = await agent.patch(`/v1/users/${me.id}/update_password`, {
      current_password: 'not-it-1', password: 'quiet otter maps river', password_confirmation: 'quiet otter maps river',
    });
    expect(wrong.json()).toEqual({ errors: { current_password: 'Current password is incorrect' } });
    const mismatch = await agent.patch(`/v1/users/${me.id}/update_password`, {
      current_password: DEMO_PASSWORD, password: 'quiet otter maps river', password_confirmation: 'quiet otter maps rivet',
    });
    expect(mismatch.json()).toEqual({ errors: { password_confirmation: 'Passwords do not match' } });
    const weak = await agent.patch(`/v1/users/${me.id}/update_password`, {
      current_password: DEMO_PASSWORD, password: 'short', password_confirmation: 'short',
    });
    expect(weak.json()).toEqual({ errors: { password: 'Password must be at least 12 characters. Single words are easy to guess. Add more words that are less common.' } });

    const other = new TestAgent(t.app);
    await other.signIn('new.agent');
    const ok = await agent.patch(`/v1/users/${me.id}/update_password`, {
      current_password: DEMO_PASSWORD, password: 'quiet otter maps river', password_confirmation: 'quiet otter maps river',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()['change_password?']).toBe(false);
    expect((await agent.get('/v1/api_keys')).statusCode).toBe(200);
    // other sessions of the user end
    expect((await other.get('/v1/users/me')).statusCode).toBe(401);
    expect((await new TestAgent(t.app).post('/v1/sessions', { email: seedEmail('new.agent'), password: 'quiet otter maps river' })).statusCode).toBe(200);
    const events = (await t.ctx.audit.list({ userId: me.id, event: 'password_changed' })).length;
    expect(events).toBe(1);
  });

  it('cannot change another user’s password', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('agent');
    const admin = await t.ctx.usersRepository.findByEmail(seedEmail('admin'));
    const res = await agent.patch(`/v1/users/${admin!.id}/update_password`, {
      current_password: DEMO_PASSWORD, password: 'hijack copper meadow lamp', password_confirmation: 'hijack copper meadow lamp',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('password reset through the outbox', () => {
  it('e-mails a link whose token sets a new password once', async () => {
    const anonymous = new TestAgent(t.app);
    const unknown = await anonymous.post('/v1/users/reset_password_instructions', { email: 'nobody@example.com' });
    expect(unknown.json()).toEqual({ ok: true });
    const res = await anonymous.post('/v1/users/reset_password_instructions', { email: seedEmail('subadmin') });
    expect(res.json()).toEqual({ ok: true });
    const [mail] = await t.ctx.outbox.latest(seedEmail('subadmin'), 1);
    expect(mail!.subject).toBe('Reset your password');
    const token = mail!.text.match(/reset_password_token=([\w-]+)/)![1]!;

    const bad = await anonymous.post('/v1/users/reset_password_by_token', { reset_password_token: 'nope', password: 'copper meadow signal lamp', password_confirmation: 'copper meadow signal lamp' });
    expect(bad.json()).toEqual({ errors: { reset_password_token: 'This reset link is invalid or has expired' } });
    const ok = await anonymous.post('/v1/users/reset_password_by_token', { reset_password_token: token, password: 'copper meadow signal lamp', password_confirmation: 'copper meadow signal lamp' });
    expect(ok.statusCode).toBe(200);
    expect((await anonymous.post('/v1/sessions', { email: seedEmail('subadmin'), password: 'copper meadow signal lamp' })).statusCode).toBe(200);
    const again = await anonymous.post('/v1/users/reset_password_by_token', { reset_password_token: token, password: 'copper meadow signal lamp two', password_confirmation: 'copper meadow signal lamp two' });
    expect(again.statusCode).toBe(422);
  });

  const askReset = (email: string, remoteAddress: string, host?: string) =>
    new TestAgent(t.app, { remoteAddress, ...(host && { host }) }).post('/v1/users/reset_password_instructions', { email });

  it('limits the e-mails per address asked for, from any client; an unknown address is answered the same', async () => {
    const max = t.env.PASSWORD_RESETS_PER_ACCOUNT;
    const answers: unknown[] = [];
    for (const address of [seedEmail('district'), 'nobody.here@example.com']) {
      const first = Date.now();
      for (let i = 0; i < max; i++) expect((await askReset(address, `10.8.${i}.1`)).json()).toEqual({ ok: true });
      const refused = await askReset(address.toUpperCase(), '10.8.99.1');
      expect(refused.statusCode).toBe(429);
      // an hour from the first request, less the (whole) seconds that have passed since
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(3600 - Math.ceil((Date.now() - first) / 1000) - 1);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      answers.push(refused.json());
    }
    // the same answer, but for the seconds that passed between the two
    const masked = answers.map((a) => JSON.stringify(a).replace(/\d+ seconds/, 'N seconds'));
    expect(masked).toEqual(Array(2).fill(JSON.stringify({ errors: { base: 'Too many attempts. Try again in N seconds.' } })));
    expect(await t.ctx.outbox.latest(seedEmail('district'), 10)).toHaveLength(max);
  });

  it('requests sent at once take their turns: no more pass than the limit allows', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => askReset(seedEmail('buadmin'), `10.8.50.${i}`)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array(t.env.PASSWORD_RESETS_PER_ACCOUNT).fill(200), ...Array(8 - t.env.PASSWORD_RESETS_PER_ACCOUNT).fill(429)]);
    expect(await t.ctx.outbox.latest(seedEmail('buadmin'), 10)).toHaveLength(t.env.PASSWORD_RESETS_PER_ACCOUNT);
  });

  it('limits the requests per client address, whatever the addresses', async () => {
    for (let i = 0; i < t.env.PASSWORD_RESETS_PER_IP; i++) {
      expect((await askReset(`someone${i}@example.com`, '10.8.100.1')).statusCode).toBe(200);
    }
    const refused = await askReset(seedEmail('field'), '10.8.100.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.ctx.outbox.latest(seedEmail('field'), 10)).toHaveLength(0);
    expect((await askReset(seedEmail('field'), '10.8.100.2')).statusCode).toBe(200);
    expect(await t.ctx.outbox.latest(seedEmail('field'), 10)).toHaveLength(1);
  });

  it('the link leads to the user’s brand, whichever host the request came to', async () => {
    const linkOf = async (email: string) => (await t.ctx.outbox.latest(email, 1))[0]!.text.match(/https?:\/\/\S+reset_password_token=[\w-]+/)![0];
    const keystoneAgent = seedEmail('agent', KEYSTONE_DEMO.domainName);
    await askReset(keystoneAgent, '10.8.200.1', 'localhost:3000');
    expect(await linkOf(keystoneAgent)).toMatch(/^http:\/\/keystone\.localhost:3000\/reset-password\?reset_password_token=/);
    const evergreenAdmin = seedEmail('admin', EVERGREEN_DEMO.domainName);
    await askReset(evergreenAdmin, '10.8.200.1', 'evil.example');
    expect(await linkOf(evergreenAdmin)).toMatch(/^http:\/\/evergreen\.localhost:3000\/reset-password\?/);
    // Harbor is the default brand: plain localhost serves it
    await askReset(seedEmail('telemarketer'), '10.8.200.1', 'keystone.localhost:3000');
    expect(await linkOf(seedEmail('telemarketer'))).toMatch(/^http:\/\/localhost:3000\/reset-password\?/);
  });

  it('the outbox can be read by a developer', async () => {
    const res = await new TestAgent(t.app).get(`/sandbox/outbox?to=${encodeURIComponent(seedEmail('subadmin'))}`);
    expect(res.json().data[0]).toMatchObject({ to: seedEmail('subadmin'), subject: 'Reset your password' });
  });
});

describe('personal API token', () => {
  it('shows only whether it exists; refresh shows it once and it authenticates API calls', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('buadmin');
    expect((await agent.get('/v1/users/show_api_token')).json()).toEqual({
      exists: false,
      prefix: null,
      created_at: null,
      scopes: ['contacts:read', 'contacts:write'],
    });
    const refreshed = (await agent.patch('/v1/users/refresh_api_token')).json();
    expect(refreshed.api_token).toMatch(/^crmu_/);
    expect((await agent.get('/v1/users/show_api_token')).json()).toMatchObject({ exists: true, prefix: refreshed.prefix });
    const viaToken = await withKey(t.app, refreshed.api_token, 'GET', '/v1/contacts/workers_status');
    expect(viaToken.statusCode).toBe(200);
    await agent.patch('/v1/users/refresh_api_token');
    const old = await withKey(t.app, refreshed.api_token, 'GET', '/v1/contacts/workers_status');
    expect(old.statusCode).toBe(401);
  });
});

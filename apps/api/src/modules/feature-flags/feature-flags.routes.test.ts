import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, FLAG_NAMES } from '@crm/contract';
import { buildApp } from '../../app';
import { DEMO_PASSWORD, EVERGREEN_DEMO, KEYSTONE_DEMO, seedEmail } from '../../db/seed';
import { route } from '../../plugins/routes';
import { createTestApp, TestAgent, type TestApp } from '../../test/test-app';

const keystone = (key: string) => seedEmail(key, KEYSTONE_DEMO.domainName);
const evergreen = (key: string) => seedEmail(key, EVERGREEN_DEMO.domainName);

let dev: TestApp;
let prod: TestApp;
beforeAll(async () => {
  [dev, prod] = await Promise.all([createTestApp(), createTestApp({ APP_ENV: 'production' })]);
});
afterAll(() => Promise.all([dev.close(), prod.close()]));

async function signedIn(t: TestApp, email: string, host?: string) {
  const agent = new TestAgent(t.app, { host });
  await agent.signIn(email);
  return agent;
}

describe('currentUser.features', () => {
  it('carries every flag as it resolves for the user: an Evergreen basic user has no SMS or dialer, a Harbor agent has both', async () => {
    const basic = await signedIn(dev, evergreen('basic'), 'evergreen.localhost');
    const me = (await basic.get('/v1/users/me')).json();
    expect(me.brand).toBe('evergreen');
    expect(Object.keys(me.features).sort()).toEqual([...FLAG_NAMES].sort());
    expect(me.features).toMatchObject({ sms: false, dialer: false, email_campaigns: false, workflow: false, reports: false, aftercare: true });

    const preneed = await signedIn(dev, evergreen('preneed'), 'evergreen.localhost');
    expect((await preneed.get('/v1/users/me')).json().features).toMatchObject({ sms: true, dialer: true, aftercare: true });

    const agent = await signedIn(dev, 'agent');
    const harbor = (await agent.get('/v1/users/me')).json();
    expect(harbor.brand).toBe('harbor');
    expect(harbor.features).toMatchObject({ sms: true, dialer: true, reports: false, aftercare: false, sso: true });
  });

  it('the sign-in answer carries them too', async () => {
    const res = await new TestAgent(dev.app, { host: 'keystone.localhost' }).post('/v1/sessions', { email: keystone('rm'), password: DEMO_PASSWORD });
    expect(res.json().user.features).toMatchObject({ reports: true, impersonate_bu_admin: true, transfer_log: true });
  });
});

describe('flag enforcement', () => {
  it('a public flagged endpoint (SSO) answers 403 when the flag is off for the brand: Harbor in production', async () => {
    const res = await new TestAgent(prod.app).post('/v1/sessions/sso', { redirect_uri: 'http://localhost:3000/api/auth/callback' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: { user: 'Access denied!' } });
    // in development the same call reaches the handler
    const devRes = await new TestAgent(dev.app).post('/v1/sessions/sso', { redirect_uri: 'https://evil.example/api/auth/callback' });
    expect(devRes.statusCode).toBe(422);
  });

  it('administrator overrides turn a flag on for their company; a role-specific override beats the company-wide one', async () => {
    const admin = await signedIn(prod, 'admin');
    const agent = await signedIn(prod, 'agent');
    const otherCompany = await signedIn(prod, keystone('agent'), 'keystone.localhost');
    expect((await agent.get('/v1/users/me')).json().features.sso).toBe(false);

    const on = await admin.put('/v1/admin/feature_flags', { feature_flags: [{ flag: 'sso', role: null, enabled: true }] });
    expect(on.statusCode, on.body).toBe(200);
    expect((await agent.get('/v1/users/me')).json().features.sso).toBe(true);
    expect((await admin.get('/v1/users/me')).json().features.sso).toBe(true);
    expect((await otherCompany.get('/v1/users/me')).json().features.sso).toBe(false);

    await admin.put('/v1/admin/feature_flags', { feature_flags: [{ flag: 'sso', role: 'agent', enabled: false }] });
    expect((await agent.get('/v1/users/me')).json().features.sso).toBe(false);
    expect((await admin.get('/v1/users/me')).json().features.sso).toBe(true);

    // enabled null removes an override
    await admin.put('/v1/admin/feature_flags', {
      feature_flags: [
        { flag: 'sso', role: 'agent', enabled: null },
        { flag: 'sso', role: null, enabled: null },
      ],
    });
    expect((await admin.get('/v1/admin/feature_flags')).json().data).toEqual([]);
    expect((await agent.get('/v1/users/me')).json().features.sso).toBe(false);
  });

  it('route() enforces endpoint.flag for signed-in users, by role and with overrides', async () => {
    const reportsPing = defineEndpoint({
      method: 'GET',
      path: '/v1/test/reports_ping',
      summary: 'test only',
      tag: 'test',
      access: 'user',
      flag: 'reports',
      response: z.object({ ok: z.literal(true) }),
    });
    const app = await buildApp(dev.ctx, { logger: false, serveWeb: false });
    route(app, dev.ctx, reportsPing, async () => ({ ok: true as const }));
    await app.ready();
    try {
      const agent = new TestAgent(app);
      await agent.signIn('field');
      const manager = new TestAgent(app);
      await manager.signIn('manager');
      const denied = await agent.get('/v1/test/reports_ping');
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toEqual({ errors: { user: 'Access denied!' } });
      expect((await manager.get('/v1/test/reports_ping')).statusCode).toBe(200);

      const admin = new TestAgent(app);
      await admin.signIn('admin');
      await admin.put('/v1/admin/feature_flags', { feature_flags: [{ flag: 'reports', role: 'field_manager', enabled: true }] });
      expect((await agent.get('/v1/test/reports_ping')).statusCode).toBe(200);
      await admin.put('/v1/admin/feature_flags', { feature_flags: [{ flag: 'reports', role: null, enabled: false }] });
      expect((await manager.get('/v1/test/reports_ping')).statusCode).toBe(403);
      expect((await agent.get('/v1/test/reports_ping')).statusCode).toBe(200);
      await admin.put('/v1/admin/feature_flags', {
        feature_flags: [
          { flag: 'reports', role: 'field_manager', enabled: null },
          { flag: 'reports', role: null, enabled: null },
        ],
      });
    } finally {
      await app.close();
    }
  });

  it('refuses to register an endpoint with an unknown flag', async () => {
    const app = await buildApp(dev.ctx, { logger: false, serveWeb: false });
    const bad = defineEndpoint({ method: 'GET', path: '/v1/test/bad', summary: 'x', tag: 'test', access: 'user', flag: 'nope', response: null });
    expect(() => route(app, dev.ctx, bad, async () => undefined)).toThrow(/unknown feature flag "nope"/);
    await app.close();
  });

  it('impersonating a business-unit admin needs impersonate_bu_admin', async () => {
    const admin = await signedIn(dev, 'admin');
    const buadmin = await dev.ctx.usersRepository.findByEmail(seedEmail('buadmin'));
    const manager = await dev.ctx.usersRepository.findByEmail(seedEmail('manager'));
    await admin.put('/v1/admin/feature_flags', { feature_flags: [{ flag: 'impersonate_bu_admin', role: 'admin', enabled: false }] });
    try {
      const impersonator = await signedIn(dev, 'admin');
      const refused = await impersonator.post(`/v1/admin/users/${buadmin!.id}/login`, { login_type: 'impersonate' });
      expect(refused.statusCode).toBe(403);
      expect((await impersonator.post(`/v1/admin/users/${manager!.id}/login`, { login_type: 'impersonate' })).statusCode).toBe(200);
    } finally {
      await admin.put('/v1/admin/feature_flags', { feature_flags: [{ flag: 'impersonate_bu_admin', role: 'admin', enabled: null }] });
    }
    const again = await signedIn(dev, 'admin');
    expect((await again.post(`/v1/admin/users/${buadmin!.id}/login`, { login_type: 'impersonate' })).statusCode).toBe(200);
  });
});

describe('GET/PUT /v1/admin/feature_flags', () => {
  it('lists the company overrides with who set them; other companies never see them', async () => {
    const admin = await signedIn(dev, 'subadmin');
    const put = await admin.put('/v1/admin/feature_flags', {
      feature_flags: [
        { flag: 'workflow', role: 'telemarketer', enabled: false },
        { flag: 'email_campaigns', enabled: false },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const list = (await admin.get('/v1/admin/feature_flags')).json();
    expect(list.data).toEqual([
      expect.objectContaining({ flag: 'email_campaigns', role: null, enabled: false, updated_by: { id: expect.any(Number), name: 'Sam Rivera' } }),
      expect.objectContaining({ flag: 'workflow', role: 'telemarketer', enabled: false }),
    ]);
    // setting the same override again updates it instead of adding one
    await admin.put('/v1/admin/feature_flags', { feature_flags: [{ flag: 'workflow', role: 'telemarketer', enabled: true }] });
    const again = (await admin.get('/v1/admin/feature_flags')).json().data;
    expect(again).toHaveLength(2);
    expect(again.find((o: { flag: string }) => o.flag === 'workflow').enabled).toBe(true);

    const kAdmin = await signedIn(dev, keystone('admin'), 'keystone.localhost');
    expect((await kAdmin.get('/v1/admin/feature_flags')).json().data).toEqual([]);
    expect((await dev.ctx.audit.list({ event: 'feature_flags_changed' })).length).toBeGreaterThan(0);

    await admin.put('/v1/admin/feature_flags', {
      feature_flags: [
        { flag: 'workflow', role: 'telemarketer', enabled: null },
        { flag: 'email_campaigns', role: null, enabled: null },
      ],
    });
  });

  it('refuses a role the brand does not offer (422 on that field), and unknown flags', async () => {
    const kAdmin = await signedIn(dev, keystone('admin'), 'keystone.localhost');
    const res = await kAdmin.put('/v1/admin/feature_flags', {
      feature_flags: [
        { flag: 'sms', role: 'agent', enabled: false },
        { flag: 'sms', role: 'sub_admin', enabled: true },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { 'feature_flags.1.role': 'Keystone Central does not offer the role "sub_admin"' } });
    // nothing was applied
    expect((await kAdmin.get('/v1/admin/feature_flags')).json().data).toEqual([]);

    const hAdmin = await signedIn(dev, 'admin');
    const basic = await hAdmin.put('/v1/admin/feature_flags', { feature_flags: [{ flag: 'sms', role: 'basic', enabled: true }] });
    expect(basic.json().errors).toEqual({ 'feature_flags.0.role': 'Harbor Agent does not offer the role "basic"' });
    const unknown = await hAdmin.put('/v1/admin/feature_flags', { feature_flags: [{ flag: 'teleport', role: null, enabled: true }] });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['feature_flags.0.flag']);
  });

  it('is for administrators only', async () => {
    const agent = await signedIn(dev, 'manager');
    for (const res of [
      await agent.get('/v1/admin/feature_flags'),
      await agent.put('/v1/admin/feature_flags', { feature_flags: [] }),
      await agent.get('/v1/admin/features'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ errors: { user: 'Access denied!' } });
    }
    const rm = await signedIn(dev, keystone('rm'), 'keystone.localhost');
    expect((await rm.get('/v1/admin/features')).statusCode).toBe(403);
    expect((await new TestAgent(dev.app).get('/v1/admin/feature_flags')).statusCode).toBe(401);
  });
});

describe('the previewed flag (spec part 1 §9 domain cookie)', () => {
  it('on a brand host: stored, answered by GET, and set as a readable cookie for the brand registrable domain', async () => {
    const admin = await signedIn(dev, 'admin', 'platform.harboragent.com');
    const res = await admin.put('/v1/admin/feature_flags', { active_feature_flag: 'dialer' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().active_feature_flag).toBe('dialer');
    const cookie = res.cookies.find((c) => c.name === 'crm_active_flag');
    expect(cookie).toMatchObject({ value: 'dialer', domain: '.harboragent.com', path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
    expect((await admin.get('/v1/admin/feature_flags')).json().active_feature_flag).toBe('dialer');

    const cleared = await admin.put('/v1/admin/feature_flags', { active_feature_flag: null });
    expect(cleared.json().active_feature_flag).toBeNull();
    const gone = cleared.cookies.find((c) => c.name === 'crm_active_flag');
    expect(gone?.domain).toBe('.harboragent.com');
    expect(gone?.value).toBe('');
  });

  it('on localhost the cookie has no Domain', async () => {
    const admin = await signedIn(dev, 'admin');
    const res = await admin.put('/v1/admin/feature_flags', { active_feature_flag: 'sms' });
    const cookie = res.cookies.find((c) => c.name === 'crm_active_flag');
    expect(cookie).toMatchObject({ value: 'sms', path: '/' });
    expect(cookie?.domain).toBeUndefined();
    expect(res.headers['set-cookie']).not.toMatch(/Domain=/i);
    await admin.put('/v1/admin/feature_flags', { active_feature_flag: null });
  });

  it('is refused in production', async () => {
    const admin = await signedIn(prod, 'admin', 'platform.harboragent.com');
    const res = await admin.put('/v1/admin/feature_flags', { active_feature_flag: 'sms' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('active_feature_flag');
    expect(res.cookies.find((c) => c.name === 'crm_active_flag')).toBeUndefined();
    expect((await admin.get('/v1/admin/feature_flags')).json().active_feature_flag).toBeNull();
  });
});

describe('GET /v1/admin/features', () => {
  it("shows the brand's rule for this environment and the state for each of the brand's roles", async () => {
    const admin = await signedIn(dev, evergreen('admin'), 'evergreen.localhost');
    await admin.put('/v1/admin/feature_flags', { feature_flags: [{ flag: 'sms', role: 'basic', enabled: true }] });
    const res = await admin.get('/v1/admin/features');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.environment).toBe('development');
    expect(body.data.map((f: { flag: string }) => f.flag)).toEqual([...FLAG_NAMES]);
    const sms = body.data.find((f: { flag: string }) => f.flag === 'sms');
    expect(sms.brand_rule).not.toContain('basic');
    expect(Object.keys(sms.by_role)).toEqual(['admin', 'sub_admin', 'bu_admin', 'manager', 'district_manager', 'field_manager', 'telemarketer', 'agent', 'basic']);
    expect(sms.by_role).toMatchObject({ basic: true, agent: true });
    const dialer = body.data.find((f: { flag: string }) => f.flag === 'dialer');
    expect(dialer.by_role.basic).toBe(false);

    const prodAdmin = await signedIn(prod, keystone('admin'), 'keystone.localhost');
    const prodBody = (await prodAdmin.get('/v1/admin/features')).json();
    expect(prodBody.environment).toBe('production');
    const sso = prodBody.data.find((f: { flag: string }) => f.flag === 'sso');
    expect(sso.brand_rule).toEqual([]);
    expect(Object.keys(sso.by_role)).not.toContain('sub_admin');
    expect(Object.keys(sso.by_role)).toContain('regional_manager');
  });
});

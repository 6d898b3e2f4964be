import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { DEMO_PASSWORD, EVERGREEN_DEMO, KEYSTONE_DEMO, seedEmail } from './db/seed';
import type { Env } from './env';
import { brandCookieDomain, brandOfHost, brandPublicUrl } from './plugins/brand';
import { createTestApp, TestAgent, type TestApp } from './test/test-app';

const keystone = (key: string) => seedEmail(key, KEYSTONE_DEMO.domainName);
const evergreen = (key: string) => seedEmail(key, EVERGREEN_DEMO.domainName);
const html = { accept: 'text/html' };

let t: TestApp;
/** Harbor and Keystone are built; Evergreen is not. */
let dist: string;
let web: FastifyInstance;

async function webApp(env: Partial<Env> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ ...t.ctx, env: { ...t.env, WEB_DIST: dist, ...env } }, { logger: false });
  await app.ready();
  return app;
}

beforeAll(async () => {
  t = await createTestApp();
  dist = mkdtempSync(join(tmpdir(), 'crm-brands-'));
  for (const [brand, name] of [['harbor', 'Harbor Agent'], ['keystone', 'Keystone Central']]) {
    mkdirSync(join(dist, `web-${brand}`, 'assets'), { recursive: true });
    writeFileSync(join(dist, `web-${brand}`, 'index.html'), `<!doctype html><title>${name}</title>`);
    writeFileSync(join(dist, `web-${brand}`, 'assets', 'app.js'), `console.log('${brand}')`);
  }
  web = await webApp();
});
afterAll(async () => {
  await web.close();
  await t.close();
});

describe('brandOfHost', () => {
  it.each([
    ['harboragent.com', 'harbor', null],
    ['www.harboragent.com', 'harbor', null],
    ['platform.harboragent.com', 'harbor', null],
    ['api.harboragent.com', 'harbor', null],
    ['HarborAgent.com.', 'harbor', null],
    ['keystonecentral.com', 'keystone', null],
    ['keystone.localhost', 'keystone', null],
    ['platform.evergreenpreneed.com', 'evergreen', null],
    ['evergreen.localhost', 'evergreen', null],
    ['acme.harboragent.com', 'harbor', 'acme'],
    ['acme.harbor.localhost', 'harbor', 'acme'],
    ['smith-family.evergreenpreneed.com', 'evergreen', 'smith-family'],
  ])('%s → %s (webpage %s)', (host, brand, webpage) => {
    expect(brandOfHost(host)).toEqual({ brand, webpageSubdomain: webpage });
  });

  it.each(['localhost', '127.0.0.1', '[::1]', 'example.com', 'a.b.harboragent.com', 'harboragent.com.evil.example', 'notharboragent.com'])(
    '%s belongs to no brand',
    (host) => {
      expect(brandOfHost(host)).toBeNull();
    },
  );

  it('the cookie domain is the brand registrable domain under the request host, none elsewhere', () => {
    expect(brandCookieDomain('platform.harboragent.com', 'harbor')).toBe('.harboragent.com');
    expect(brandCookieDomain('acme.harboragent.com', 'harbor')).toBe('.harboragent.com');
    expect(brandCookieDomain('harbor.localhost', 'harbor')).toBe('.harbor.localhost');
    expect(brandCookieDomain('localhost', 'harbor')).toBeUndefined();
    expect(brandCookieDomain('127.0.0.1', 'keystone')).toBeUndefined();
    // the dev override serves Keystone on Harbor's host: no Keystone domain to share
    expect(brandCookieDomain('harbor.localhost', 'keystone')).toBeUndefined();
  });
});

describe('brandPublicUrl (links in e-mails)', () => {
  it.each([
    // local: the default brand on PUBLIC_URL itself, the others on their .localhost names, same port
    ['http://localhost:3000', 'harbor', 'harbor', 'http://localhost:3000'],
    ['http://localhost:3000', 'harbor', 'keystone', 'http://keystone.localhost:3000'],
    ['http://localhost:3101', 'harbor', 'evergreen', 'http://evergreen.localhost:3101'],
    ['http://localhost:3000', 'keystone', 'keystone', 'http://localhost:3000'],
    ['http://localhost:3000', 'keystone', 'harbor', 'http://harbor.localhost:3000'],
    ['http://harbor.localhost:3000', 'harbor', 'keystone', 'http://keystone.localhost:3000'],
    ['http://harbor.localhost:3000', 'harbor', 'harbor', 'http://harbor.localhost:3000'],
    // deployed: PUBLIC_URL for its own brand, each other brand's own domain
    ['https://platform.harboragent.com', 'harbor', 'harbor', 'https://platform.harboragent.com'],
    ['https://platform.harboragent.com', 'harbor', 'keystone', 'https://keystonecentral.com'],
    ['https://crm.example.com', 'harbor', 'harbor', 'https://crm.example.com'],
    ['https://crm.example.com', 'harbor', 'evergreen', 'https://evergreenpreneed.com'],
  ] as const)('PUBLIC_URL %s (default %s): %s → %s', (publicUrl, defaultBrand, brand, expected) => {
    expect(brandPublicUrl({ PUBLIC_URL: publicUrl, DEFAULT_BRAND: defaultBrand }, brand)).toBe(expected);
  });
});

describe('one server, every brand', () => {
  const page = (app: FastifyInstance, host: string, url = '/contacts') =>
    app.inject({ method: 'GET', url, headers: { ...html, host } });

  it('serves each brand bundle on its hosts, with its own SPA fallback and immutable assets', async () => {
    const harbor = await page(web, 'harbor.localhost:3000');
    expect(harbor.statusCode).toBe(200);
    expect(harbor.body).toContain('Harbor Agent');
    expect(harbor.headers['cache-control']).toBe('no-cache');
    const kc = await page(web, 'platform.keystonecentral.com', '/account/profile?tab=password');
    expect(kc.statusCode).toBe(200);
    expect(kc.body).toContain('Keystone Central');

    const asset = await web.inject({ method: 'GET', url: '/assets/app.js', headers: { host: 'keystone.localhost' } });
    expect(asset.body).toBe("console.log('keystone')");
    expect(asset.headers['cache-control']).toContain('immutable');
    const harborAsset = await web.inject({ method: 'GET', url: '/assets/app.js', headers: { host: 'www.harboragent.com' } });
    expect(harborAsset.body).toBe("console.log('harbor')");

    const missing = await web.inject({ method: 'GET', url: '/assets/none.js', headers: { host: 'keystone.localhost' } });
    expect(missing.statusCode).toBe(404);
    const traversal = await web.inject({ method: 'GET', url: '/../web-harbor/index.html', headers: { host: 'keystone.localhost' } });
    expect(traversal.body).not.toContain('Harbor Agent');
  });

  it('serves the default brand on localhost, IP addresses and unknown hosts', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', 'crm.internal.example']) {
      expect((await page(web, host)).body, host).toContain('Harbor Agent');
    }
    const keystoneDefault = await webApp({ DEFAULT_BRAND: 'keystone' });
    expect((await page(keystoneDefault, 'localhost:3000')).body).toContain('Keystone Central');
    expect((await page(keystoneDefault, 'harbor.localhost')).body).toContain('Harbor Agent');
    await keystoneDefault.close();
  });

  it('a brand whose bundle is not built answers a 503 page saying how to build it', async () => {
    const res = await page(web, 'evergreen.localhost');
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('Evergreen Preneed web app is not built');
    expect(res.body).toContain('npx nx build web-evergreen');
    // the API still answers there
    expect((await web.inject({ method: 'GET', url: '/v1/health', headers: { host: 'evergreen.localhost' } })).statusCode).toBe(200);
  });

  it('outside production ?brand= switches the brand and the crm_brand cookie remembers it; ?brand= forgets it', async () => {
    const agent = new TestAgent(web);
    const switched = await agent.get('/contacts?brand=keystone', html);
    expect(switched.body).toContain('Keystone Central');
    expect(switched.cookies.find((c) => c.name === 'crm_brand')).toMatchObject({ value: 'keystone', path: '/' });
    expect((await agent.get('/contacts', html)).body).toContain('Keystone Central');
    expect((await agent.get('/contacts?brand=nonsense', html)).body).toContain('Keystone Central');
    const reset = await agent.get('/contacts?brand=', html);
    expect(reset.body).toContain('Harbor Agent');
    expect(agent.cookies.has('crm_brand')).toBe(false);
  });

  it('in production ?brand= and the cookie are ignored', async () => {
    const production = await webApp({ APP_ENV: 'production' });
    const res = await production.inject({ method: 'GET', url: '/contacts?brand=keystone', headers: { ...html, host: 'localhost' } });
    expect(res.body).toContain('Harbor Agent');
    expect(res.cookies.find((c) => c.name === 'crm_brand')).toBeUndefined();
    const cookie = await production.inject({ method: 'GET', url: '/contacts', headers: { ...html, host: 'localhost', cookie: 'crm_brand=keystone' } });
    expect(cookie.body).toContain('Harbor Agent');
    await production.close();
  });

  it('a company webpage host answers the public webpage entry: a clear 404 page, not the CRM', async () => {
    for (const host of ['acme.harboragent.com', 'acme.harbor.localhost:3000', 'smith.keystonecentral.com']) {
      const res = await page(web, host, '/');
      expect(res.statusCode, host).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('This page was not found');
      expect(res.body).not.toContain('<title>Harbor Agent</title>');
    }
    // api, platform and www are the product's own hosts
    expect((await page(web, 'api.harboragent.com')).body).toContain('<title>Harbor Agent</title>');
    // API calls still work on a webpage host (public webpages will call them)
    expect((await web.inject({ method: 'GET', url: '/v1/health', headers: { host: 'acme.harboragent.com' } })).json().status).toBe('ok');
  });

  it('API paths never fall back to the app', async () => {
    const res = await page(web, 'keystone.localhost', '/v1/unknown');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: { base: 'No route for GET /v1/unknown' } });
  });
});

describe('accounts belong to their brand', () => {
  it('signs in a Keystone user on a Keystone host only; elsewhere exactly like a wrong password', async () => {
    const onKeystone = new TestAgent(t.app, { host: 'keystone.localhost:3000' });
    const ok = await onKeystone.post('/v1/sessions', { email: keystone('admin'), password: DEMO_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ brand: 'keystone', company: { name: 'Keystone Demo Brokerage' } });

    const wrongPassword = await new TestAgent(t.app, { host: 'keystone.localhost' }).post('/v1/sessions', {
      email: keystone('admin'),
      password: 'NotThePassword1',
    });
    for (const [host, email] of [
      ['harbor.localhost', keystone('admin')],
      ['localhost:3000', keystone('admin')],
      ['keystone.localhost', seedEmail('agent')],
      ['platform.keystonecentral.com', evergreen('admin')],
    ] as const) {
      const res = await new TestAgent(t.app, { host }).post('/v1/sessions', { email, password: DEMO_PASSWORD });
      expect(res.statusCode, `${email} on ${host}`).toBe(401);
      expect(res.json()).toEqual(wrongPassword.json());
      expect(res.json()).toEqual({ errors: { base: 'Invalid email or password' } });
    }
    const failures = await t.ctx.audit.list({ event: 'sign_in_failed' });
    expect(failures.some((f) => (f.details as { reason?: string }).reason === 'other_brand')).toBe(true);
  });

  it('on localhost in development the ?brand= override switches whose users may sign in', async () => {
    const agent = new TestAgent(t.app);
    await agent.get('/v1/health?brand=evergreen');
    const res = await agent.post('/v1/sessions', { email: evergreen('basic'), password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.brand).toBe('evergreen');
  });

  it('a session cookie used on another brand host answers 401', async () => {
    const onKeystone = new TestAgent(t.app, { host: 'keystone.localhost' });
    await onKeystone.signIn(keystone('rm'));
    expect((await onKeystone.get('/v1/users/me')).json()).toMatchObject({ email: keystone('rm'), brand: 'keystone' });
    const elsewhere = new TestAgent(t.app, { host: 'harbor.localhost' });
    for (const [name, value] of onKeystone.cookies) elsewhere.cookies.set(name, value);
    const res = await elsewhere.get('/v1/users/me');
    expect(res.statusCode).toBe(401);
    // the session itself still works on its own brand
    expect((await onKeystone.get('/v1/users/me')).statusCode).toBe(200);
  });

  it('single sign-on refuses an account of another brand like an unknown one', async () => {
    t.ctx.sso.setFetch(async (url, init) => {
      const target = new URL(url);
      const res = await t.app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: target.pathname + target.search,
        headers: Object.fromEntries(new Headers(init.headers as HeadersInit).entries()),
        payload: init.body ? String(init.body) : undefined,
      });
      return new Response(res.body, { status: res.statusCode, headers: res.headers as Record<string, string> });
    });
    async function callback(agent: TestAgent, email: string) {
      const start = await agent.post('/v1/sessions/sso', { redirect_uri: 'http://keystone.localhost:3000/api/auth/callback' });
      expect(start.statusCode, start.body).toBe(200);
      const authorizeUrl = new URL(start.json().authorization_url);
      const form = new URLSearchParams({ ...Object.fromEntries(authorizeUrl.searchParams), email });
      const redirect = await t.app.inject({
        method: 'POST',
        url: '/sandbox/oidc/authorize',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form.toString(),
      });
      const location = new URL(redirect.headers.location as string);
      return agent.post('/v1/sessions/sso', { code: location.searchParams.get('code'), state: location.searchParams.get('state') });
    }
    const foreign = await callback(new TestAgent(t.app, { host: 'keystone.localhost:3000' }), seedEmail('manager'));
    expect(foreign.statusCode).toBe(401);
    const unknown = await callback(new TestAgent(t.app, { host: 'keystone.localhost:3000' }), 'nobody@example.com');
    expect(foreign.json().errors.base.replace(seedEmail('manager'), 'X')).toBe(unknown.json().errors.base.replace('nobody@example.com', 'X'));
    const own = await callback(new TestAgent(t.app, { host: 'keystone.localhost:3000' }), keystone('agent'));
    expect(own.statusCode).toBe(200);
    expect(own.json().user).toMatchObject({ email: keystone('agent'), brand: 'keystone' });
  });
});

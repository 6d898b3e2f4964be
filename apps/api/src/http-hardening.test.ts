import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { DEMO_PASSWORD, KEYSTONE_DEMO, seedEmail } from './db/seed';
import { envSchema, type Env } from './env';
import { createTestApp, TestAgent, type TestApp } from './test/test-app';

const html = { accept: 'text/html' };
/** A built bundle's script: big enough to be worth compressing, with its pre-compressed copies and a source map. */
const SCRIPT = `console.log(${JSON.stringify('the harbor app '.repeat(400))});\n`;

let t: TestApp;
let dist: string;
const apps: FastifyInstance[] = [];

/** The app over the test database with other settings (the services keep the test app's). */
async function appWith(env: Partial<Env> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ ...t.ctx, env: { ...t.env, WEB_DIST: dist, ...env } }, { logger: false });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_MAX_FAILURES_PER_IP: '3', SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '50' });
  dist = mkdtempSync(join(tmpdir(), 'crm-http-'));
  for (const [brand, name] of [['harbor', 'Harbor Agent'], ['keystone', 'Keystone Central']] as const) {
    const assets = join(dist, `web-${brand}`, 'assets');
    mkdirSync(assets, { recursive: true });
    writeFileSync(join(dist, `web-${brand}`, 'index.html'), `<!doctype html><title>${name}</title><script type="module" src="/assets/app.js"></script>`);
    writeFileSync(join(assets, 'app.js'), SCRIPT);
    writeFileSync(join(assets, 'app.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(assets, 'app.js.gz'), gzipSync(SCRIPT));
    writeFileSync(join(assets, 'app.js.map'), '{"version":3,"sources":["src/main.tsx"],"mappings":""}');
    mkdirSync(join(dist, `web-${brand}`, '.vite'));
    writeFileSync(join(dist, `web-${brand}`, '.vite', 'manifest.json'), '{"index.html":{"file":"assets/app.js","src":"index.html"}}');
  }
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await t.close();
});

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Record<string, string[]> {
  expect(typeof header, 'content-security-policy').toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name as string, values]),
  );
}

function expectHardened(headers: Record<string, unknown>) {
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('microphone=(self)');
  for (const feature of ['camera', 'geolocation', 'payment', 'usb']) expect(headers['permissions-policy']).toContain(`${feature}=()`);
  expect(headers['strict-transport-security'], 'no HSTS over plain HTTP').toBeUndefined();
}

describe('security headers', () => {
  it('the app page: a policy for the brand apps, their analytics and the dialer; no framing; nosniff; referrer; permissions', async () => {
    const web = await appWith();
    const res = await web.inject({ method: 'GET', url: '/contacts', headers: { ...html, host: 'harbor.localhost:3000' } });
    expect(res.statusCode).toBe(200);
    expectHardened(res.headers);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'self'"]);
    // own scripts, Google's tag and Stripe.js only: no inline script, no eval
    expect(csp['script-src']).toEqual(["'self'", 'https://*.googletagmanager.com', 'https://js.stripe.com', 'https://*.js.stripe.com']);
    // frames: the product's own (the Stripe sandbox's bank page) and Stripe's card fields and 3-D Secure pages
    expect(csp['frame-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https://*.google-analytics.com']));
    // the realtime socket of the page's own host, analytics beacons, Twilio's signalling
    expect(csp['connect-src']).toEqual(
      expect.arrayContaining(["'self'", 'ws://harbor.localhost:3000', 'wss://harbor.localhost:3000', 'https://*.google-analytics.com', 'wss://*.twilio.com', 'https://api.stripe.com']),
    );
    expect(csp['media-src']).toEqual(expect.arrayContaining(["'self'", 'blob:', 'mediastream:', 'https://sdk.twilio.com']));
    expect(csp).not.toHaveProperty('upgrade-insecure-requests');
  });

  it('a host that is not a plain host name adds nothing to the policy', async () => {
    const web = await appWith();
    const res = await web.inject({ method: 'GET', url: '/', headers: { ...html, host: "evil.example;script-src *" } });
    expect(res.headers['content-security-policy']).not.toContain('evil');
    expect(directives(res.headers['content-security-policy'])['script-src']).toEqual(["'self'", 'https://*.googletagmanager.com', 'https://js.stripe.com', 'https://*.js.stripe.com']);
  });

  it("JSON answers: a policy that runs and loads nothing, never framed, nosniff, the pages' referrer policy; no page-only headers", async () => {
    for (const url of ['/v1/health', '/v1/users/me', '/v1/health?probe=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(directives(res.headers['content-security-policy']), url).toEqual({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-site');
      expect(res.headers['permissions-policy'], 'a JSON document uses no browser feature').toBeUndefined();
      expect(res.headers['strict-transport-security'], 'no HSTS over plain HTTP').toBeUndefined();
    }
  });

  it('the API reference keeps its own policy, never framed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/docs/' });
    expect(res.statusCode).toBe(200);
    expectHardened(res.headers);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['script-src']?.[0]).toBe("'self'");
    expect(csp).not.toHaveProperty('upgrade-insecure-requests');
    // its scripts load under that policy
    const initializer = await t.app.inject({ method: 'GET', url: '/v1/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
  });

  it('over HTTPS: HSTS, and insecure requests are upgraded', async () => {
    const web = await appWith({ PUBLIC_URL: 'https://platform.harboragent.com' });
    const page = await web.inject({ method: 'GET', url: '/', headers: { ...html, host: 'platform.harboragent.com' } });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(page.headers['content-security-policy'])).toHaveProperty('upgrade-insecure-requests');
    const docs = await web.inject({ method: 'GET', url: '/v1/docs/' });
    expect(docs.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const answer = await web.inject({ method: 'GET', url: '/v1/health', headers: { host: 'platform.harboragent.com' } });
    expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directives(docs.headers['content-security-policy'])).toHaveProperty('upgrade-insecure-requests');
  });
});

describe('compression', () => {
  const get = (app: FastifyInstance, url: string, encoding?: string) =>
    app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends a script pre-compressed as the browser accepts it: br, else gzip, else as it is', async () => {
    const web = await appWith();
    const br = await get(web, '/assets/app.js', 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await get(web, '/assets/app.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get(web, '/assets/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('compresses JSON as it is sent, from 1 KB on', async () => {
    const plain = await get(t.app, '/v1/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(t.app, '/v1/openapi.json', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    const gzip = await get(t.app, '/v1/openapi.json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    // a small answer is not worth it
    expect((await get(t.app, '/v1/health', 'br')).headers['content-encoding']).toBeUndefined();
  });

  it('compresses JSON at brotli quality 1 and gzip level 1 (the least CPU per answer, by measurement); a browser asking for gzip, deflate, br gets br', async () => {
    const plain = await get(t.app, '/v1/openapi.json');
    const br = await get(t.app, '/v1/openapi.json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.equals(brotliCompressSync(plain.rawPayload, { params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 1 } }))).toBe(true);
    const gzip = await get(t.app, '/v1/openapi.json', 'gzip');
    expect(gzip.rawPayload.subarray(10).equals(gzipSync(plain.rawPayload, { level: 1 }).subarray(10))).toBe(true); // past the header (its OS byte)
  });

  it('streams an export as it is, never compressed on the way', async () => {
    const agent = new TestAgent(t.app, '10.4.0.1');
    await agent.signIn('agent');
    const res = await agent.request('PATCH', '/v1/export.csv', { body: { all: true }, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
  });
});

describe('build files', () => {
  it("the build's manifest (it names the source files) is not served", async () => {
    const web = await appWith();
    expect((await web.inject({ method: 'GET', url: '/.vite/manifest.json' })).statusCode).toBe(404);
    expect((await web.inject({ method: 'GET', url: '/%2Evite/manifest.json' })).statusCode).toBe(404);
    expect((await web.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
  });
});

describe('source maps', () => {
  it('are not served in production', async () => {
    const production = await appWith({ APP_ENV: 'production' });
    expect((await production.inject({ method: 'GET', url: '/assets/app.js.map' })).statusCode).toBe(404);
    expect((await production.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    // a development server still serves a map a local build wrote
    const development = await appWith();
    expect((await development.inject({ method: 'GET', url: '/assets/app.js.map' })).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  const parse = (value?: string) => envSchema.parse({ ...(value !== undefined && { TRUST_PROXY: value }) }).TRUST_PROXY;

  it('is off by default; takes a hop count or proxies by address and range; never "trust everyone"', () => {
    expect(parse()).toBe(false);
    expect(parse('false')).toBe(false);
    expect(parse('0')).toBe(false);
    expect(parse('1')).toBe(1);
    expect(parse('10.0.0.0/8, 192.0.2.7,2001:db8::/32')).toEqual(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32']);
    expect(parse('loopback')).toEqual(['loopback']);
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/9']) {
      expect(() => parse(bad), bad).toThrow(/hop count or the proxies' addresses or CIDR ranges/);
    }
  });

  async function failSignIn(app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) {
    const agent = new TestAgent(app, remoteAddress);
    return agent.request('POST', '/v1/sessions', { body: { email: seedEmail('field'), password: 'not-the-password-1' }, headers });
  }

  it('off: a forged X-Forwarded-For neither escapes the per-address sign-in limit nor reaches the audit log', async () => {
    const max = t.env.SIGN_IN_MAX_FAILURES_PER_IP;
    for (let i = 0; i < max; i++) {
      expect((await failSignIn(t.app, '198.51.100.7', { 'x-forwarded-for': `203.0.113.${i + 1}` })).statusCode).toBe(401);
    }
    const blocked = await failSignIn(t.app, '198.51.100.7', { 'x-forwarded-for': '203.0.113.200' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const field = await t.ctx.usersRepository.findByEmail(seedEmail('field'));
    const failures = await t.ctx.audit.list({ userId: field!.id, event: 'sign_in_failed' });
    expect(failures.length).toBeGreaterThanOrEqual(max);
    expect(failures.every((f) => f.ip === '198.51.100.7')).toBe(true);
  });

  it('naming the proxy: the address it forwards counts, and a client that is not the proxy still cannot claim one', async () => {
    const behindProxy = await appWith({ TRUST_PROXY: ['10.0.0.0/8'] });
    expect((await failSignIn(behindProxy, '10.1.2.3', { 'x-forwarded-for': '192.0.2.55' })).statusCode).toBe(401);
    expect((await failSignIn(behindProxy, '198.51.100.8', { 'x-forwarded-for': '192.0.2.56' })).statusCode).toBe(401);
    const oneHop = await appWith({ TRUST_PROXY: 1 });
    // one proxy in front: the address it saw (the last one), whatever the client put before it
    expect((await failSignIn(oneHop, '10.9.9.9', { 'x-forwarded-for': '203.0.113.66, 192.0.2.57' })).statusCode).toBe(401);
    const field = await t.ctx.usersRepository.findByEmail(seedEmail('field'));
    const ips = (await t.ctx.audit.list({ userId: field!.id, event: 'sign_in_failed' })).slice(-3).map((f) => f.ip);
    expect(ips).toEqual(['192.0.2.55', '198.51.100.8', '192.0.2.57']);
  });

  it('off: a forged X-Forwarded-Host does not pick another brand; from a named proxy it does', async () => {
    const page = (app: FastifyInstance, options: Partial<InjectOptions> = {}) =>
      app.inject({ method: 'GET', url: '/', headers: { ...html, host: 'localhost:3000', 'x-forwarded-host': 'keystone.localhost' }, ...options });
    const web = await appWith();
    expect((await page(web)).body).toContain('Harbor Agent');
    const keystoneUser = { email: seedEmail('agent', KEYSTONE_DEMO.domainName), password: DEMO_PASSWORD };
    const signIn = await new TestAgent(web, { host: 'localhost:3000' }).request('POST', '/v1/sessions', {
      body: keystoneUser,
      headers: { 'x-forwarded-host': 'keystone.localhost' },
    });
    expect(signIn.statusCode, 'a Keystone account on Harbor’s host').toBe(401);

    const behindProxy = await appWith({ TRUST_PROXY: ['loopback'] });
    expect((await page(behindProxy, { remoteAddress: '127.0.0.1' })).body).toContain('Keystone Central');
    expect((await page(behindProxy, { remoteAddress: '198.51.100.9' })).body).toContain('Harbor Agent');
  });
});

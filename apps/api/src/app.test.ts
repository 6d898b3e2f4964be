import { once } from 'node:events';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, toRoutePath } from '@crm/contract';
import { buildApp } from './app';
import { seedEmail } from './db/seed';
import { createTestApp, TestAgent, type TestApp } from './test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /v1/health', () => {
  it('reports the database and the system version', async () => {
    const res = await new TestAgent(t.app).get('/v1/health');
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', jobs: 'none', version: '0.2.37' });
  });

  it('sets no cookie: monitors and load balancers ask it, never a page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});

describe('the CSRF cookie', () => {
  it('is set, readable by the page, on the first request of any other kind (a page, the current user)', async () => {
    for (const url of ['/v1/users/me', '/contacts']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csrf = res.cookies.find((c) => c.name === 'crm_csrf');
      expect(csrf?.value.length, url).toBeGreaterThan(20);
      expect(csrf?.httpOnly).toBeFalsy();
    }
  });
});

describe('closing', () => {
  it("ends a connection that has sent no request yet at once (Node would hold the close until that connection's 60 s headers time-out)", async () => {
    const app = await buildApp(t.ctx, { logger: false, serveWeb: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const answered = await fetch(`http://127.0.0.1:${port}/v1/health`); // a kept-alive connection that has been answered
    expect(answered.status).toBe(200);
    // Node's own time-outs off: only the close can end the silent connection (else this test times out)
    app.server.headersTimeout = 0;
    app.server.requestTimeout = 0;
    const silent = connect(port, '127.0.0.1');
    await once(silent, 'connect');
    let heard = '';
    silent.on('data', (chunk: Buffer) => (heard += chunk.toString()));
    const ended = once(silent, 'close');
    await app.close();
    await ended;
    expect(heard).toBe(''); // ended, not answered (a headers time-out answers 408 first)
  });
});

describe('OpenAPI', () => {
  it('/v1/openapi.json lists every endpoint of the contract', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const endpoint of Object.values(endpoints)) {
      const path = toRoutePath(endpoint.path).replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[endpoint.method.toLowerCase()], `${endpoint.method} ${endpoint.path}`).toBeDefined();
    }
  });

  it("shows each operation's scope and which need recent authentication", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(doc.paths['/v1/contacts'].post).toMatchObject({ 'x-scope': 'contacts:write', security: [{ session: [] }, { apiKey: [] }] });
    expect(doc.paths['/v1/contacts'].patch['x-scope']).toBe('contacts:read');
    expect(doc.paths['/v1/api_keys'].post).toMatchObject({ 'x-recent-auth': true, security: [{ session: [] }] });
    expect(doc.paths['/v1/api_keys'].post).not.toHaveProperty('x-scope');
    expect(doc.paths['/v1/api_keys'].post.description).toContain('Needs recent authentication');
    expect(doc.paths['/v1/users/update_profile'].patch['x-recent-auth']).toEqual({ when_changing: 'email' });
    expect(doc.paths['/v1/sessions/reauthenticate'].post).not.toHaveProperty('x-scope');
  });

  it('/v1/docs is a readable reference page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe('errors', () => {
  it('404 for an unknown API route, with a JSON body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: { base: 'No route for GET /v1/nothing-here' } });
  });

  it('a failure inside a handler answers 500 without internals', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('agent');
    const broken = { ...t.ctx, users: { ...t.ctx.users, present: () => Promise.reject(new Error('secret internals: relation "x"')) } };
    const app = await buildApp(broken, { logger: false, serveWeb: false });
    const res = await app.inject({ method: 'GET', url: '/v1/users/me', headers: { cookie: `crm_session=${agent.cookies.get('crm_session')}` } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret internals');
    expect(res.json()).toEqual({ errors: { base: 'Something went wrong on our side. Please try again.' } });
    await app.close();
  });
});

describe('request logs', () => {
  const logged = async (level: 'info' | 'debug') => {
    const lines: Record<string, unknown>[] = [];
    const app = await buildApp({ ...t.ctx, env: { ...t.env, LOG_LEVEL: level } }, { serveWeb: false, logStream: { write: (line) => void lines.push(JSON.parse(line)) } });
    await app.inject({ method: 'GET', url: '/v1/health' });
    await app.inject({ method: 'GET', url: '/v1/nothing-here?x=1' });
    await app.close();
    return lines.filter((line) => line.method !== undefined);
  };

  it('at debug, one line per request with method, route, status, time and request id', async () => {
    const lines = await logged('debug');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ method: 'GET', route: '/v1/health', status: 200, msg: 'request' });
    expect(lines[1]).toMatchObject({ method: 'GET', route: '/v1/nothing-here', status: 404 });
    for (const line of lines) {
      expect(typeof line.ms).toBe('number');
      expect(line.reqId).toBeTruthy();
    }
  });

  it('at info (the default), fast successful requests write nothing', async () => {
    expect(await logged('info')).toEqual([]);
  });

  it('at info, a failed request (5xx) writes one error line', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('agent');
    const lines: Record<string, unknown>[] = [];
    const broken = { ...t.ctx, env: { ...t.env, LOG_LEVEL: 'info' as const }, users: { ...t.ctx.users, present: () => Promise.reject(new Error('boom')) } };
    const app = await buildApp(broken, { serveWeb: false, logStream: { write: (line) => void lines.push(JSON.parse(line)) } });
    await app.inject({ method: 'GET', url: '/v1/users/me', headers: { cookie: `crm_session=${agent.cookies.get('crm_session')}` } });
    await app.inject({ method: 'GET', url: '/v1/health' });
    await app.close();
    const requestLines = lines.filter((line) => line.method !== undefined);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ level: 50, method: 'GET', route: '/v1/users/me', status: 500, msg: 'request failed' });
  });
});

describe('the web app', () => {
  it('serves each brand app by host with an SPA fallback, and never for API paths', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'crm-web-'));
    for (const [brand, name] of [['harbor', 'Harbor Agent'], ['keystone', 'Keystone Central']]) {
      mkdirSync(join(dist, `web-${brand}`, 'assets'), { recursive: true });
      writeFileSync(join(dist, `web-${brand}`, 'index.html'), `<!doctype html><title>${name}</title>`);
      writeFileSync(join(dist, `web-${brand}`, 'assets', 'app.js'), `console.log('${brand}')`);
    }
    const app = await buildApp({ ...t.ctx, env: { ...t.env, WEB_DIST: dist } }, { logger: false });
    const page = await app.inject({ method: 'GET', url: '/account/profile?tab=password', headers: { accept: 'text/html' } });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.body).toContain('Harbor Agent');
    const keystone = await app.inject({ method: 'GET', url: '/account/profile?tab=password', headers: { accept: 'text/html', host: 'keystone.localhost:3000' } });
    expect(keystone.statusCode, keystone.body).toBe(200);
    expect(keystone.body).toContain('Keystone Central');
    const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.body).toBe("console.log('harbor')");
    const keystoneAsset = await app.inject({ method: 'GET', url: '/assets/app.js', headers: { host: 'keystone.localhost' } });
    expect(keystoneAsset.headers['cache-control']).toContain('immutable');
    expect(keystoneAsset.body).toBe("console.log('keystone')");
    const api = await app.inject({ method: 'GET', url: '/v1/unknown', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    await app.close();
  });
});

describe('single sign-on with the sandbox issuer', () => {
  // the issuer's discovery, keys and token requests go to the sandbox routes of this app
  beforeAll(() => {
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
  });

  it('answers the issuer address, and the callback code signs the user in', async () => {
    const agent = new TestAgent(t.app);
    const start = await agent.post('/v1/sessions/sso', { redirect_uri: 'http://localhost:3000/api/auth/callback' });
    expect(start.statusCode).toBe(200);
    const authorizeUrl = new URL(start.json().authorization_url);
    expect(authorizeUrl.pathname).toBe('/sandbox/oidc/authorize');
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');

    // the sandbox issuer's page, then its form post, as a browser would
    const page = await t.app.inject({ method: 'GET', url: authorizeUrl.pathname + authorizeUrl.search });
    expect(page.body).toContain('Sandbox identity provider');
    const form = new URLSearchParams({ ...Object.fromEntries(authorizeUrl.searchParams), email: seedEmail('manager') });
    const redirect = await t.app.inject({
      method: 'POST',
      url: '/sandbox/oidc/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(redirect.statusCode).toBe(302);
    const callback = new URL(redirect.headers.location as string);
    expect(callback.pathname).toBe('/api/auth/callback');

    const done = await agent.post('/v1/sessions/sso', { code: callback.searchParams.get('code'), state: callback.searchParams.get('state') });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ otp_required: false, user: { email: seedEmail('manager') } });
    expect((await agent.get('/v1/users/me')).json().email).toBe(seedEmail('manager'));

    // a replayed callback is refused
    const replay = await new TestAgent(t.app).post('/v1/sessions/sso', { code: callback.searchParams.get('code'), state: callback.searchParams.get('state') });
    expect(replay.statusCode).toBe(401);
  });

  it('refuses a return address on another site', async () => {
    const res = await new TestAgent(t.app).post('/v1/sessions/sso', { redirect_uri: 'https://evil.example/api/auth/callback' });
    expect(res.json()).toEqual({ errors: { redirect_uri: 'This return address is not allowed' } });
  });

  /** The sandbox issuer's login as `email` for an authorization address: the callback's code and state. */
  async function loginAtIssuer(authorizationUrl: string, email: string) {
    const url = new URL(authorizationUrl);
    const form = new URLSearchParams({ ...Object.fromEntries(url.searchParams), email });
    const redirect = await t.app.inject({
      method: 'POST',
      url: '/sandbox/oidc/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    const callback = new URL(redirect.headers.location as string);
    return { code: callback.searchParams.get('code'), state: callback.searchParams.get('state') };
  }

  it('re-authenticates a session at the issuer with a fresh login (prompt=login, max_age=0), only as the same user', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('district');
    const me = (await agent.get('/v1/users/me')).json();
    await t.ctx.db.execute(`update sessions set reauthenticated_at = now() - interval '1 hour' where user_id = ${me.id}` as never);
    expect((await agent.post('/v1/api_keys', { name: 'SSO', scopes: ['contacts:read'] })).json().errors.reauth).toBe('required');

    const start = async () => {
      const res = await agent.post('/v1/sessions/reauthenticate', { redirect_uri: 'http://localhost:3000/api/auth/callback/reauth' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().authorization_url as string;
    };
    const first = await start();
    expect(new URL(first).searchParams.get('prompt')).toBe('login');
    expect(new URL(first).searchParams.get('max_age')).toBe('0');

    // someone else at the issuer: refused
    const other = await agent.post('/v1/sessions/reauthenticate', await loginAtIssuer(first, seedEmail('field')));
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.base).toBe('Single sign-on did not confirm it is you. Sign in there as yourself and try again.');

    // a re-authentication's state does not sign anyone in
    const stolen = await loginAtIssuer(await start(), seedEmail('district'));
    expect((await new TestAgent(t.app).post('/v1/sessions/sso', stolen)).statusCode).toBe(401);

    const done = await agent.post('/v1/sessions/reauthenticate', await loginAtIssuer(await start(), seedEmail('district')));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().reauthenticated_at).toEqual(expect.any(String));
    expect((await agent.post('/v1/api_keys', { name: 'SSO', scopes: ['contacts:read'] })).statusCode).toBe(200);
    const events = await t.ctx.audit.list({ userId: me.id, event: 'reauthenticated' });
    expect(events.at(-1)?.details).toMatchObject({ method: 'sso' });
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { createContext } from './context';
import { seedEmail } from './db/seed';
import { envSchema, isProduction, isSandboxAllowed, loadEnv, type Env } from './env';
import { sandboxRoutesOf, type SandboxRoute } from './vendors/kit/sandbox-guard';
import { listenForSandbox, paymentMethodFor, unpaidAgent } from './test/stripe-sandbox';
import { createTestApp, TestAgent, type TestApp } from './test/test-app';

const NODE_ENVS = ['development', 'test', 'production'] as const;
const APP_ENVS = ['development', 'stage', 'demo', 'production'] as const;
const COMBINATIONS = NODE_ENVS.flatMap((nodeEnv) => APP_ENVS.map((appEnv) => ({ nodeEnv, appEnv })));
const SECRET = 'a-secret-of-this-test-that-is-long-enough';

let t: TestApp;
/** Every sandbox route of a development app, where every sandbox is on (the sandbox guard records them). */
let sandboxRoutes: readonly SandboxRoute[];
const built: FastifyInstance[] = [];

/** The app of one combination, built over the test database (bypassing loadEnv, as a tool or a test could). */
async function appFor(nodeEnv: string, appEnv: string): Promise<FastifyInstance> {
  const env: Env = { ...envSchema.parse({ NODE_ENV: nodeEnv, APP_ENV: appEnv, LOG_LEVEL: 'silent' }), APP_SECRET: SECRET, STORAGE_DIR: t.env.STORAGE_DIR, DATABASE_URL: t.env.DATABASE_URL };
  const app = await buildApp(createContext(env, t.ctx.db), { logger: false, serveWeb: false });
  await app.ready();
  built.push(app);
  return app;
}

/** A request for a route with its parameters filled in (`:id` -> `x`, `*` -> `x`). */
function requestOf(route: SandboxRoute): InjectOptions {
  const url = route.url.replace(/:[^/]+/g, 'x').replace(/\*/g, 'x');
  const form = route.method !== 'GET' && route.method !== 'HEAD' && route.method !== 'DELETE';
  return {
    method: route.method as InjectOptions['method'],
    url,
    ...(form && { payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
  };
}

const noRoute = (request: InjectOptions) => ({ errors: { base: `No route for ${request.method} ${request.url as string}` } });

beforeAll(async () => {
  t = await createTestApp();
  // HEAD routes are Fastify's copies of the GET ones (no body to tell "no route" by): their GET is asked
  sandboxRoutes = sandboxRoutesOf(t.app).filter((route) => route.method !== 'HEAD');
});

afterAll(async () => {
  for (const app of built) await app.close();
  await t?.close();
});

describe('the production rule', () => {
  it('is production when NODE_ENV or APP_ENV says production; a sandbox is allowed only elsewhere', () => {
    for (const { nodeEnv, appEnv } of COMBINATIONS) {
      const production = nodeEnv === 'production' || appEnv === 'production';
      expect(isProduction({ NODE_ENV: nodeEnv, APP_ENV: appEnv }), `${nodeEnv}/${appEnv}`).toBe(production);
      expect(isSandboxAllowed({ NODE_ENV: nodeEnv, APP_ENV: appEnv }), `${nodeEnv}/${appEnv}`).toBe(!production);
    }
  });

  it('the server refuses to start when exactly one of NODE_ENV and APP_ENV says production', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'crm-production-rule-'));
    for (const { nodeEnv, appEnv } of COMBINATIONS) {
      const source = { NODE_ENV: nodeEnv, APP_ENV: appEnv, APP_SECRET: SECRET, DATA_DIR: dataDir };
      if ((nodeEnv === 'production') !== (appEnv === 'production')) {
        expect(() => loadEnv(source), `${nodeEnv}/${appEnv}`).toThrow(
          `Invalid environment:\n  NODE_ENV and APP_ENV disagree (NODE_ENV=${nodeEnv}, APP_ENV=${appEnv}): ` +
            'production is NODE_ENV=production and APP_ENV=production together; stage, demo and development run with NODE_ENV development or test',
        );
      } else {
        expect(loadEnv(source), `${nodeEnv}/${appEnv}`).toMatchObject({ NODE_ENV: nodeEnv, APP_ENV: appEnv });
      }
    }
    // the finding's setting: NODE_ENV=production with APP_ENV left at its default
    expect(() => loadEnv({ NODE_ENV: 'production', APP_SECRET: SECRET, DATA_DIR: dataDir })).toThrow('NODE_ENV and APP_ENV disagree (NODE_ENV=production, APP_ENV=development)');
  });

  it('the development app registers every sandbox: the SSO issuer, the outbox, Stripe, Twilio and its sandbox phone', () => {
    const urls = sandboxRoutes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /sandbox/oidc/authorize',
        'POST /sandbox/oidc/token',
        'GET /sandbox/outbox',
        'POST /sandbox/stripe/v1/payment_methods',
        'POST /sandbox/twilio/2010-04-01/Accounts/:account/Messages.json',
        'GET /sandbox/twilio/lookups/v2/PhoneNumbers/:number',
        'GET /sandbox/phone',
        'POST /sandbox/phone/messages',
      ]),
    );
    expect(sandboxRoutes.every((r) => r.url.startsWith('/sandbox/'))).toBe(true);
  });

  it.each(COMBINATIONS)('NODE_ENV=$nodeEnv APP_ENV=$appEnv: every /sandbox path is served only where the rule allows', async ({ nodeEnv, appEnv }) => {
    const app = await appFor(nodeEnv, appEnv);
    const production = nodeEnv === 'production' || appEnv === 'production';
    expect(sandboxRoutesOf(app).length === 0).toBe(production);
    expect(sandboxRoutes.length).toBeGreaterThan(10);
    for (const route of sandboxRoutes) {
      const request = requestOf(route);
      const res = await app.inject(request);
      const label = `${route.method} ${route.url}`;
      const absent = res.statusCode === 404 && res.body === JSON.stringify(noRoute(request));
      if (production) {
        expect(res.statusCode, label).toBe(404);
        expect(res.json(), label).toEqual(noRoute(request));
      } else if (route.url.startsWith('/sandbox/oidc')) {
        // anyone could sign in as anyone through it: development only
        expect(absent, label).toBe(appEnv !== 'development');
      } else if (route.url === '/sandbox/outbox') {
        expect(absent, label).toBe(false);
        // outside development it held reset and e-mail-change links: an administrator's session only
        expect(res.statusCode, label).toBe(appEnv === 'development' ? 200 : 401);
      } else {
        expect(absent, label).toBe(false);
      }
    }
  });

  it('with NODE_ENV=production and APP_ENV at its default, the sandbox issuer does not sign anyone in', async () => {
    const app = await appFor('production', 'development');
    const authorize = await app.inject({
      method: 'POST',
      url: '/sandbox/oidc/authorize',
      payload: new URLSearchParams({ email: seedEmail('admin'), client_id: 'crm-web', redirect_uri: 'http://localhost:3000/api/auth/callback', code_challenge: 'x', state: 's' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(authorize.statusCode).toBe(404);
    const sso = await new TestAgent(app).post('/v1/sessions/sso', { redirect_uri: 'http://localhost:3000/api/auth/callback' });
    expect(sso.statusCode).toBe(503);
    expect(sso.json()).toEqual({ errors: { base: 'Single sign-on is not configured: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET' } });
    // the login page asks before it shows the button: off here, on in development (the sandbox issuer)
    expect((await app.inject({ method: 'GET', url: '/v1/sessions/sso' })).json()).toEqual({
      enabled: false,
      unavailable: 'Single sign-on is not configured: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET',
    });
    expect((await t.app.inject({ method: 'GET', url: '/v1/sessions/sso' })).json()).toEqual({ enabled: true, unavailable: null });
  });

  it('on stage and demo the outbox needs an administrator of the brand: 401 without a session, 403 for an agent, 200 for an administrator', async () => {
    for (const appEnv of ['stage', 'demo']) {
      const app = await appFor('test', appEnv);
      expect((await app.inject({ method: 'GET', url: '/sandbox/outbox' })).json()).toEqual({ errors: { base: 'Sign in as an administrator to read the outbox' } });
      const agent = new TestAgent(app);
      await agent.signIn('agent');
      const refused = await agent.get('/sandbox/outbox');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ errors: { user: 'Access denied!' } });
      const admin = new TestAgent(app);
      await admin.signIn('admin');
      const read = await admin.get('/sandbox/outbox');
      expect(read.statusCode).toBe(200);
      expect(read.json().data).toEqual(expect.any(Array));
    }
  });
});

describe("production without a vendor's settings: its features are off and say which setting is missing", () => {
  it('card payments: connect_card answers 503 naming STRIPE_SECRET_KEY and keeps the saved card; accounts/info says payments are unavailable', async () => {
    await listenForSandbox(t);
    const { agent, email } = await unpaidAgent(t);
    const saved = await agent.post('/v1/accounts/connect_card', { payment_method_id: await paymentMethodFor(t, '4242424242424242') });
    expect(saved.statusCode).toBe(200);
    const card = saved.json().data.payment_infos;
    expect(card).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242' })]);

    const production = new TestAgent(await appFor('production', 'production'));
    await production.signIn(email);
    const refused = await production.post('/v1/accounts/connect_card', { payment_method_id: 'pm_1NotSavedAnywhere' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ errors: { base: 'Card payments are not configured: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET' } });
    const info = (await production.get('/v1/accounts/info')).json().data;
    expect(info.payment_infos).toEqual(card);
    expect(info.payments).toEqual({
      provider: 'stripe',
      mode: 'off',
      publishable_key: '',
      stripe_js_url: null,
      unavailable: 'Card payments are not configured: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
    });
    // and in development the same account's payments are the sandbox's
    expect((await agent.get('/v1/accounts/info')).json().data.payments).toMatchObject({ mode: 'sandbox', unavailable: null });
  });

  it('e-mail: a reset request answers 503 naming SMTP_URL, for a known and an unknown address alike', async () => {
    const production = new TestAgent(await appFor('production', 'production'));
    for (const address of [seedEmail('agent'), 'nobody@harbor-demo.example']) {
      const res = await production.post('/v1/users/reset_password_instructions', { email: address });
      expect(res.statusCode, address).toBe(503);
      expect(res.json(), address).toEqual({ errors: { base: 'E-mail is not configured: set SMTP_URL' } });
    }
  });
});

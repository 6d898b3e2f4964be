import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { createContext, type AppContext } from '../context';
import { connect } from '../db/database';
import { DEMO_PASSWORD, seedEmail } from '../db/seed';
import { envSchema, type Env } from '../env';
import { databaseUrl, onServer } from './demo-database';

export type TestApp = { app: FastifyInstance; ctx: AppContext; env: Env; close: () => Promise<void> };

/**
 * A fresh database with migrations and the demo seed (a copy of the run's template, see
 * global-setup.ts), and the app built on it (no listening socket).
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  /** Providers to use instead of the configured ones (createContext's overrides). */
  providers: Parameters<typeof createContext>[2] = {},
): Promise<TestApp> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `crm_test_${randomBytes(6).toString('hex')}`;
  await onServer(adminUrl, `create database ${name} template ${inject('templateDatabase')}`);
  // Uploaded files go to a folder of this test app's own, removed on close.
  const storageDir = await mkdtemp(join(tmpdir(), 'crm-test-storage-'));
  const env: Env = {
    // a test file signs its users in from one address many times; sign-in-limits.test.ts sets the limits it tests
    ...envSchema.parse({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl(adminUrl, name), SIGN_INS_PER_IP: '100000', SIGN_INS_PER_ACCOUNT: '100000', ...overrides }),
    // the template's: its seeded secrets are sealed with it
    APP_SECRET: inject('templateAppSecret'),
    STORAGE_DIR: storageDir,
  };
  const database = connect(env.DATABASE_URL as string, env);
  const ctx = createContext(env, database.db, providers);
  const app = await buildApp(ctx, { logger: false, serveWeb: false });
  await app.ready();
  return {
    app,
    ctx,
    env,
    close: async () => {
      await app.close();
      await database.close();
      await onServer(adminUrl, `drop database if exists ${name} with (force)`);
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type TestAgentOptions = {
  remoteAddress?: string;
  /** The Host header every request carries (a brand's host such as keystone.localhost); inject's default is localhost:80. */
  host?: string;
};

/**
 * A browser-like client over inject: keeps cookies, sends the CSRF header on changes (unless told
 * not to), and can sign in as a seeded user. Give a host to talk to one brand's host.
 */
export class TestAgent {
  readonly cookies = new Map<string, string>();
  private readonly remoteAddress: string;
  readonly host: string | undefined;
  constructor(
    private readonly app: FastifyInstance,
    options: string | TestAgentOptions = {},
  ) {
    const resolved = typeof options === 'string' ? { remoteAddress: options } : options;
    this.remoteAddress = resolved.remoteAddress ?? '127.0.0.1';
    this.host = resolved.host;
  }

  async request(method: Method, url: string, options: { body?: unknown; csrf?: boolean; headers?: Record<string, string> } = {}) {
    if (!this.cookies.has('crm_csrf') && method !== 'GET') await this.request('GET', '/v1/users/me'); // as the app's first call, it sets the CSRF cookie
    const headers: Record<string, string> = { ...(this.host && { host: this.host }), ...options.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && options.csrf !== false) headers['x-csrf-token'] = this.cookies.get('crm_csrf') ?? '';
    const injectOptions: InjectOptions = { method, url, headers, remoteAddress: this.remoteAddress };
    if (options.body !== undefined) injectOptions.payload = options.body as InjectOptions['payload'];
    const response = await this.app.inject(injectOptions);
    this.store(response);
    return response;
  }

  private store(response: LightMyRequestResponse) {
    for (const cookie of response.cookies) {
      const expired = cookie.maxAge === 0 || (cookie.expires && new Date(cookie.expires).getTime() < Date.now());
      if (expired || cookie.value === '') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, { headers });
  post = (url: string, body?: unknown, options: { csrf?: boolean } = {}) => this.request('POST', url, { body, ...options });
  patch = (url: string, body?: unknown) => this.request('PATCH', url, { body });
  put = (url: string, body?: unknown) => this.request('PUT', url, { body });
  delete = (url: string) => this.request('DELETE', url);

  /** Signs in as a seeded Harbor user by key (`agent`), or as anyone by e-mail address. */
  async signIn(key: string, password = DEMO_PASSWORD) {
    const response = await this.post('/v1/sessions', { email: key.includes('@') ? key : seedEmail(key), password });
    if (response.statusCode !== 200) throw new Error(`sign-in as ${key} failed: ${response.statusCode} ${response.body}`);
    return response;
  }
}

/** A request with an API key or user token as `Authorization: Bearer` (no cookie, no CSRF header). */
export function withKey(app: FastifyInstance, key: string, method: Method, url: string, body?: unknown, host?: string) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}`, ...(host && { host }) },
    ...(body !== undefined && { payload: body as InjectOptions['payload'] }),
  });
}

/** A new API key of the signed-in agent with the given scopes (default: contacts:read and contacts:write); its secret. */
export async function createKey(
  agent: TestAgent,
  scopes: string[] = ['contacts:read', 'contacts:write'],
  extra: Record<string, unknown> = {},
): Promise<{ key: string; id: number }> {
  const res = await agent.post('/v1/api_keys', { name: `Key ${scopes.join(' ')}`.slice(0, 80), scopes, ...extra });
  if (res.statusCode !== 200) throw new Error(`key creation failed: ${res.statusCode} ${res.body}`);
  return { key: res.json().key, id: res.json().data.id };
}

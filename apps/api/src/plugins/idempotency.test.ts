import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../test/cable-client';
import { signInCast, type Cast } from '../test/contact-fixtures';
import { lockContacts } from '../test/stalled-database';
import { endpoints, type Endpoint } from '@crm/contract';
import { z } from 'zod';
import { DEMO_PASSWORD, seedEmail } from '../db/seed';
import { currentTotp } from '../lib/totp';
import { createTestApp, TestAgent, type TestApp } from '../test/test-app';
import { NOT_REPLAYED_TO_IMPERSONATION, SECRET_NOT_REPLAYED } from './idempotency';

let t: TestApp;
let as: Cast;
beforeAll(async () => {
  t = await createTestApp({ DB_STATEMENT_TIMEOUT_MS: '1500' });
  as = await signInCast(t);
});
afterAll(() => t.close());

const create = (agent: TestAgent, key: string, body: object) => agent.request('POST', '/v1/contacts', { body, headers: { 'idempotency-key': key } });
const claimed = async (key: string) =>
  (await t.ctx.db.execute(sql`select 1 from idempotency_keys where key = ${key} and state = 'running'`)).rows.length === 1;
const countNamed = async (lastName: string) =>
  Number((await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from contacts where last_name = ${lastName}`)).rows[0]?.n);

describe('Idempotency-Key on POSTs that create', () => {
  it('a repeat within 24 h gets the first answer and creates nothing; a different body with the key is 422', async () => {
    const body = { first_name: 'Ida', last_name: 'Once' };
    const first = await create(as.agent, 'create-ida-1', body);
    expect(first.statusCode, first.body).toBe(200);
    const again = await create(as.agent, 'create-ida-1', body);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await countNamed('Once')).toBe(1);

    const other = await create(as.agent, 'create-ida-1', { first_name: 'Ida', last_name: 'Twice' });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ errors: { idempotency_key: 'This Idempotency-Key was already used with a different request' } });
    expect(await countNamed('Twice')).toBe(0);
  });

  it("keys are the caller's own: another user's request with the same key runs and never sees the first answer", async () => {
    const mine = await create(as.agent, 'shared-key', { first_name: 'Mia', last_name: 'Mine' });
    const theirs = await create(as.manager, 'shared-key', { first_name: 'Mia', last_name: 'Mine' });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
  });

  it('a request refused by validation keeps no answer: the corrected request with the same key runs', async () => {
    const bad = await create(as.agent, 'fix-me', { first_name: 'Ned', last_name: 'Fixed', category: 'nonsense' });
    expect(bad.statusCode).toBe(422);
    const fixed = await create(as.agent, 'fix-me', { first_name: 'Ned', last_name: 'Fixed', category: 'lead' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(await countNamed('Fixed')).toBe(1);
  });

  it('a repeat while the first runs is 409; a first that failed (503, database stalled) lets the key go, and the retry creates once', async () => {
    const body = { first_name: 'Sal', last_name: 'Stalled' };
    const lock = await lockContacts(t.env.DATABASE_URL);
    try {
      const firstTry = create(as.agent, 'stalled', body);
      // the first holds the key while it waits on the lock
      await eventually(async () => expect(await claimed('stalled')).toBe(true));
      const repeat = await create(as.agent, 'stalled', body);
      expect(repeat.statusCode, repeat.body).toBe(409);
      expect(repeat.headers['retry-after']).toBe('1');
      const failed = await firstTry;
      expect(failed.statusCode).toBe(503);
      await lock.release();
      const retried = await create(as.agent, 'stalled', body);
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.headers['idempotent-replayed']).toBeUndefined();
      expect((await create(as.agent, 'stalled', body)).headers['idempotent-replayed']).toBe('true');
      expect(await countNamed('Stalled')).toBe(1);
    } finally {
      await lock.release();
    }
  });

  it('an unusable key is 422', async () => {
    const res = await create(as.agent, 'x'.repeat(256), { first_name: 'Kay', last_name: 'Long' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { idempotency_key: 'Idempotency-Key must be 1 to 255 visible characters' } });
  });
});

describe('Idempotency-Key and answers that carry a secret, and impersonation', () => {
  /** Fields of an answer that are secrets shown once. */
  const SECRET_FIELDS = ['key', 'api_token', 'otp_secret', 'recovery_codes', 'secret', 'token'];
  const topFields = (schema: Endpoint['response']) => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);

  it('every endpoint whose answer has a secret field is marked secretAnswer in the contract', () => {
    const withSecrets = Object.entries(endpoints as Record<string, Endpoint>)
      .filter(([, endpoint]) => topFields(endpoint.response).some((field) => SECRET_FIELDS.includes(field)))
      .map(([name, endpoint]) => [name, Boolean(endpoint.secretAnswer)]);
    expect(withSecrets.length).toBeGreaterThanOrEqual(5);
    expect(withSecrets.filter(([, marked]) => !marked)).toEqual([]);
  });

  /** A signed-in user with two-factor on (recovery codes need a current code). */
  async function enrolled(key: string, ip: string) {
    const agent = new TestAgent(t.app, ip);
    await agent.signIn(key);
    const { otp_secret } = (await agent.post('/v1/two_factor/generate_qr')).json();
    expect((await agent.post('/v1/two_factor/enable', { otp_code: currentTotp(otp_secret) })).statusCode).toBe(200);
    return { agent, secret: otp_secret as string };
  }
  const secretCases: { what: string; key: string; field: string; looks: RegExp; request: () => Promise<{ agent: TestAgent; method: 'POST' | 'PATCH'; url: string; body: object }> }[] = [
    {
      what: 'a new API key',
      key: 'key-once-1',
      field: 'key',
      looks: /^crm_/,
      request: async () => {
        const agent = new TestAgent(t.app, '10.30.0.1');
        await agent.signIn('telemarketer');
        return { agent, method: 'POST', url: '/v1/api_keys', body: { name: 'Once only', scopes: ['contacts:read'] } };
      },
    },
    {
      what: 'a new personal API token',
      key: 'token-once-1',
      field: 'api_token',
      looks: /^crmu_/,
      request: async () => {
        const agent = new TestAgent(t.app, '10.30.0.3');
        await agent.signIn('field');
        return { agent, method: 'PATCH', url: '/v1/users/refresh_api_token', body: { scopes: ['contacts:read'] } };
      },
    },
    {
      what: 'new recovery codes',
      key: 'codes-once-1',
      field: 'recovery_codes',
      looks: /./,
      request: async () => {
        const { agent, secret } = await enrolled('district', '10.30.0.4');
        return { agent, method: 'POST', url: '/v1/two_factor/recovery_codes', body: { otp_code: currentTotp(secret, Date.now() + 30_000) } };
      },
    },
  ];

  it.each(secretCases)('a repeat of $what answers 409 that it was done and its secret is shown once; the secret is never stored', async ({ key, field, looks, request }) => {
    const { agent, method, url, body } = await request();
    const send = () => agent.request(method, url, { body, headers: { 'idempotency-key': key } });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const secret = first.json()[field] as string | string[];
    const secrets = Array.isArray(secret) ? secret : [secret];
    expect(secrets.length).toBeGreaterThan(0);
    for (const one of secrets) expect(one).toMatch(looks);
    const again = await send();
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual({ errors: { idempotency_key: SECRET_NOT_REPLAYED } });
    for (const one of secrets) expect(again.body).not.toContain(one);
    const stored = await t.ctx.db.execute<{ response_body: string | null; state: string }>(sql`select response_body, state from idempotency_keys where key = ${key}`);
    expect(stored.rows).toEqual([{ response_body: null, state: 'done' }]);
  });

  it('the repeated API key request made one key', async () => {
    expect(SECRET_NOT_REPLAYED).toMatch(/^This request was already done with this Idempotency-Key: what it created exists\. Its secret was shown only once/);
    const owner = new TestAgent(t.app, '10.30.0.1');
    await owner.signIn('telemarketer');
    const keys = (await owner.get('/v1/api_keys')).json().data as { name: string }[];
    expect(keys.filter((k) => k.name === 'Once only')).toHaveLength(1);
  });

  it('a session opened as another user never gets a stored answer: not the user’s, not its own', async () => {
    const body = { first_name: 'Imre', last_name: 'Impersonated' };
    const mine = await create(as.agent, 'imp-key-1', body);
    expect(mine.statusCode, mine.body).toBe(200);
    const impersonator = new TestAgent(t.app, '10.30.0.2');
    await impersonator.post('/v1/sessions', { email: seedEmail('admin'), password: DEMO_PASSWORD });
    const target = await t.ctx.usersRepository.findByEmail(seedEmail('agent'));
    const started = await impersonator.post(`/v1/admin/users/${target!.id}/login`, { login_type: 'impersonate' });
    expect(started.statusCode, started.body).toBe(200);
    expect((await impersonator.get('/v1/users/me')).json().email).toBe(seedEmail('agent'));
    // the user's key does not reach the user's answer: the impersonating session's request runs on its own
    const theirs = await create(impersonator, 'imp-key-1', body);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
    // and its own repeat is refused, not replayed, and creates nothing
    const repeat = await create(impersonator, 'imp-key-1', body);
    expect(repeat.statusCode).toBe(409);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toEqual({ errors: { idempotency_key: NOT_REPLAYED_TO_IMPERSONATION } });
    expect(await countNamed('Impersonated')).toBe(2);
    // the user's own repeat still gets the user's answer
    const own = await create(as.agent, 'imp-key-1', body);
    expect(own.headers['idempotent-replayed']).toBe('true');
    expect(own.json()).toEqual(mine.json());
  });
});

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedEmail } from './seed';
import { IdentityCache, parseIdentityChange, type IdentityFeed } from './identity-changes';
import { createTestApp, TestAgent, type TestApp } from '../test/test-app';

let t: TestApp;
/** Another process's connection: its changes reach this process only through PostgreSQL's announcements. */
let elsewhere: pg.Client;
const statements: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  elsewhere = new pg.Client({ connectionString: t.env.DATABASE_URL as string });
  await elsewhere.connect();
  const pool = t.ctx.db.$client;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: unknown }).query = (...args: unknown[]) => {
    const config = args[0] as string | { name?: string; text?: string };
    statements.push(typeof config === 'string' ? config : (config.name ?? config.text ?? ''));
    return query(...args);
  };
});
afterAll(async () => {
  await elsewhere.end();
  await t.close();
});

async function signedIn(key: string): Promise<TestAgent> {
  const agent = new TestAgent(t.app);
  await agent.signIn(key);
  await expect.poll(() => t.ctx.identityChanges.live(), { timeout: 10_000 }).toBe(true);
  await agent.get('/v1/users/me'); // now kept
  return agent;
}

const userId = async (key: string) => (await t.ctx.usersRepository.findByEmail(seedEmail(key)))?.id as number;

describe('callers kept in memory', () => {
  it('a kept caller is not read again: users/me asks the database for neither the session, the relations nor the product states', async () => {
    const agent = await signedIn('agent');
    statements.length = 0;
    const me = await agent.get('/v1/users/me');
    expect(me.statusCode).toBe(200);
    expect(statements).toEqual([]);
  });

  it("this process's own change is seen by its very next request: a new name, a session signed out", async () => {
    const agent = await signedIn('manager');
    const cookie = agent.cookies.get('crm_session') as string;
    const renamed = await agent.patch('/v1/users/update_profile', { first_name: 'Renamed', last_name: 'Manager', email: seedEmail('manager') });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await agent.get('/v1/users/me')).json().profile.first_name).toBe('Renamed');

    expect((await agent.delete('/v1/sessions')).statusCode).toBeLessThan(300);
    const stale = await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: { cookie: `crm_session=${cookie}` } });
    expect(stale.statusCode).toBe(401);
  });

  it("another process's changes are heard: a role given, then the account switched off", async () => {
    const agent = await signedIn('telemarketer');
    const id = await userId('telemarketer');
    await elsewhere.query(`insert into user_roles (user_id, role_id) select $1, id from roles where name = 'field_manager'`, [id]);
    await expect.poll(async () => (await agent.get('/v1/users/me')).json().roles, { timeout: 10_000 }).toContain('field_manager');

    await elsewhere.query('update users set active = false where id = $1', [id]);
    await expect.poll(async () => (await agent.get('/v1/users/me')).statusCode, { timeout: 10_000 }).toBe(401);
    await elsewhere.query('update users set active = true where id = $1', [id]);
  });

  it('a user renamed elsewhere is renamed in the "Current user" of those who show them (their downline)', async () => {
    const agent = await signedIn('agent');
    const upline = (await agent.get('/v1/users/me')).json().upline as { id: number; name: string } | null;
    expect(upline).not.toBeNull();
    await elsewhere.query(`update users set last_name = 'Elsewhere' where id = $1`, [upline?.id]);
    await expect.poll(async () => (await agent.get('/v1/users/me')).json().upline.name, { timeout: 10_000 }).toMatch(/Elsewhere$/);
  });

  it("a flag override made elsewhere reaches the company's users", async () => {
    const agent = await signedIn('field');
    const before = (await agent.get('/v1/users/me')).json().features as Record<string, boolean>;
    const company = (await agent.get('/v1/users/me')).json().company.id as number;
    await elsewhere.query(`insert into feature_flag_overrides (company_id, flag, role, enabled) values ($1, 'reports', null, $2)`, [company, !before.reports]);
    await expect.poll(async () => (await agent.get('/v1/users/me')).json().features.reports, { timeout: 10_000 }).toBe(!before.reports);
    await elsewhere.query(`delete from feature_flag_overrides where company_id = $1 and flag = 'reports'`, [company]);
  });

  it("another process's changes to licences, usage and subscriptions are heard; a subscription cancelled at its period's end stops then", async () => {
    const agent = await signedIn('buadmin');
    const id = await userId('buadmin');
    const dialerOf = async () => {
      const me = (await agent.get('/v1/users/me')).json();
      return { sub: me.dialer_subscription as { active: boolean; current_usage: number } | null, license: me.dialer_license as { allocation: number } | null };
    };
    expect((await dialerOf()).sub).toBeNull();
    const { rows } = await elsewhere.query<{ company_id: number }>('select company_id from users where id = $1', [id]);
    const company = rows[0]?.company_id as number;
    const plan = await elsewhere.query<{ id: number }>(
      `insert into product_plans (company_id, product, name, price_cents, units_per_license) values ($1, 'dialer', 'Heard elsewhere', 1000, 500) returning id`,
      [company],
    );
    // ends in 15 s (room for the reads below on a busy machine) and is cancelled at its end: only the clock changes it then
    const subscription = await elsewhere.query<{ id: number }>(
      `insert into product_subscriptions (company_id, product, type, owner_id, plan_id, status, current_period_start, current_period_end, cancel_at_period_end)
       values ($1, 'dialer', 'manager', $2, $3, 'active', now() - interval '1 day', now() + interval '15 seconds', true) returning id`,
      [company, id, plan.rows[0]?.id],
    );
    const subscriptionId = subscription.rows[0]?.id as number;
    await elsewhere.query(`insert into product_licenses (company_id, subscription_id, user_id, allocation, paid) values ($1, $2, $3, 300, true)`, [company, subscriptionId, id]);
    await expect.poll(async () => (await dialerOf()).license?.allocation, { timeout: 10_000 }).toBe(300);
    expect((await dialerOf()).sub).toEqual({ active: true, current_usage: 0 });

    await elsewhere.query(
      `insert into usage_rollups (user_id, kind, period, company_id, units, events) values ($1, 'call_minutes', date_trunc('month', now() at time zone 'utc')::date, $2, 42, 1)`,
      [id, company],
    );
    await expect.poll(async () => (await dialerOf()).sub?.current_usage, { timeout: 10_000 }).toBe(42);
    await elsewhere.query('update product_licenses set allocation = 400 where user_id = $1', [id]);
    await expect.poll(async () => (await dialerOf()).license?.allocation, { timeout: 10_000 }).toBe(400);

    // nothing is written when the period ends: the kept state expires with it
    await expect.poll(async () => (await dialerOf()).sub?.active, { timeout: 40_000 }).toBe(false);

    await elsewhere.query(`update product_subscriptions set current_period_end = now() + interval '30 days', cancel_at_period_end = false where id = $1`, [subscriptionId]);
    await expect.poll(async () => (await dialerOf()).sub?.active, { timeout: 10_000 }).toBe(true);
    await elsewhere.query('delete from product_licenses where user_id = $1', [id]);
    await elsewhere.query('delete from usage_rollups where user_id = $1', [id]);
    await elsewhere.query('delete from product_subscriptions where id = $1', [subscriptionId]);
    await expect.poll(async () => (await dialerOf()).sub, { timeout: 10_000 }).toBeNull();
  }, 120_000);

  it('while the listener is lost nothing is kept (a change then is read at once), and it comes back by itself', async () => {
    const agent = await signedIn('district');
    const id = await userId('district');
    await elsewhere.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'crm identity listener' and datname = current_database()`);
    await expect.poll(() => t.ctx.identityChanges.live(), { timeout: 10_000 }).toBe(false);
    // No announcement can reach this process now; without the listener it reads the database.
    await elsewhere.query(`update users set first_name = 'Unheard' where id = $1`, [id]);
    expect((await agent.get('/v1/users/me')).json().profile.first_name).toBe('Unheard');
    await expect.poll(() => t.ctx.identityChanges.live(), { timeout: 15_000 }).toBe(true);
    statements.length = 0;
    await agent.get('/v1/users/me');
    await agent.get('/v1/users/me');
    expect(statements.filter((s) => s === 'session_with_access')).toHaveLength(1); // kept again after one read
  });
});

describe('IdentityCache', () => {
  const feed = (state: { generation: number; live: boolean }): IdentityFeed => ({ live: () => state.live, generation: () => state.generation });
  const owner = (value: { user: number; company: number }) => ({ userId: value.user, companyId: value.company });

  it('keeps a value until a change names its user or company; "all" drops everything', async () => {
    const cache = new IdentityCache<{ user: number; company: number }>(feed({ generation: 0, live: true }), 10);
    let loads = 0;
    const load = (user: number, company: number) => async () => ({ user, company, n: ++loads });
    await cache.get('a', load(1, 7), owner);
    await cache.get('b', load(2, 7), owner);
    await cache.get('c', load(3, 8), owner);
    expect(await cache.get('a', load(1, 7), owner)).toMatchObject({ n: 1 });
    cache.forget({ user: 1 });
    expect(await cache.get('a', load(1, 7), owner)).toMatchObject({ n: 4 });
    cache.forget({ company: 7 });
    expect(cache.size).toBe(1);
    cache.forget('all');
    expect(cache.size).toBe(0);
  });

  it('keeps nothing that loaded while a change arrived (it may have read the row before the change committed)', async () => {
    const state = { generation: 0, live: true };
    const cache = new IdentityCache<{ user: number; company: number }>(feed(state), 10);
    await cache.get('a', async () => {
      state.generation += 1; // a change heard while the row was being read
      return { user: 1, company: 1 };
    }, owner);
    expect(cache.size).toBe(0);
  });

  it('keeps nothing while the feed is down, and at most `max` values (the least recently used go first)', async () => {
    const state = { generation: 0, live: false };
    const cache = new IdentityCache<{ user: number; company: number }>(feed(state), 2);
    await cache.get('a', async () => ({ user: 1, company: 1 }), owner);
    expect(cache.size).toBe(0);
    state.live = true;
    await cache.get('a', async () => ({ user: 1, company: 1 }), owner);
    await cache.get('b', async () => ({ user: 2, company: 1 }), owner);
    await cache.get('a', async () => ({ user: 1, company: 1 }), owner); // a used last
    await cache.get('c', async () => ({ user: 3, company: 1 }), owner);
    let reloaded = false;
    await cache.get('b', async () => ((reloaded = true), { user: 2, company: 1 }), owner);
    expect(reloaded).toBe(true);
  });

  it('keeps a value only until the time it holds to (a value read with the clock)', async () => {
    const cache = new IdentityCache<{ user: number; company: number; until: number }>(feed({ generation: 0, live: true }), 10);
    let loads = 0;
    const load = (until: number) => async () => ((loads += 1), { user: 1, company: 1, until });
    const untilOf = (value: { until: number }) => value.until;
    await cache.get('held', load(Date.now() + 60_000), owner, untilOf);
    await cache.get('held', load(Date.now() + 60_000), owner, untilOf);
    expect(loads).toBe(1);
    await cache.get('over', load(Date.now() - 1), owner, untilOf);
    await cache.get('over', load(Date.now() + 60_000), owner, untilOf);
    expect(loads).toBe(3);
    await cache.get('over', load(Date.now() + 60_000), owner, untilOf);
    expect(loads).toBe(3);
  });

  it('freezes what it keeps: a request cannot change the value the next one gets', async () => {
    const cache = new IdentityCache<{ user: number; company: number; roles: string[] }>(feed({ generation: 0, live: true }), 10);
    const value = await cache.get('a', async () => ({ user: 1, company: 1, roles: ['agent'] }), owner);
    expect(() => value.roles.push('admin')).toThrow(TypeError);
  });

  it('reads announcements: a user, a company, else everything', () => {
    expect(parseIdentityChange('user:12')).toEqual({ user: 12 });
    expect(parseIdentityChange('company:3')).toEqual({ company: 3 });
    expect(parseIdentityChange('all')).toBe('all');
    expect(parseIdentityChange('user:x')).toBe('all');
  });
});

import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabaseProbe, pingDatabase } from '../modules/health/health.repository';
import { createTestApp, TestAgent, type TestApp } from '../test/test-app';
import { lockContacts } from '../test/stalled-database';
import { connect } from './database';

const limits = { DB_CONNECT_TIMEOUT_MS: 1_000, DB_STATEMENT_TIMEOUT_MS: 500, DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: 1_000 };

describe('a database that does not answer', () => {
  let t: TestApp;
  let agent: TestAgent;
  beforeAll(async () => {
    // the request's own time-out far away: a 503 here can only come from the statement's time-out
    t = await createTestApp({ DB_STATEMENT_TIMEOUT_MS: '500', REQUEST_TIMEOUT_MS: '600000' });
    agent = new TestAgent(t.app);
    await agent.signIn('agent');
  });
  afterAll(() => t.close());

  it('a request whose statement outlasts the time-out answers 503 with Retry-After, and the same request works once the database is free', async () => {
    const lock = await lockContacts(t.env.DATABASE_URL);
    try {
      const res = await agent.patch('/v1/contacts', { contacts_scope: { page: 1, limit: 25 } });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ errors: { base: 'The service is briefly unavailable. Please try again in a few seconds.' } });
      await lock.release();
      expect((await agent.patch('/v1/contacts', { contacts_scope: { page: 1, limit: 25 } })).statusCode).toBe(200);
    } finally {
      await lock.release();
    }
  });

  it('a transaction left idle is ended by PostgreSQL, freeing its locks', async () => {
    const handle = connect(t.env.DATABASE_URL as string, limits);
    try {
      const client = await handle.pool.connect();
      client.on('error', () => undefined);
      await client.query('begin; select 1');
      const ended = await new Promise<Error>((resolve) => {
        client.once('error', resolve);
      });
      expect(String(ended)).toMatch(/idle-in-transaction timeout/);
      client.release(true);
    } finally {
      await handle.close();
    }
  });
});

describe('a request held longer than REQUEST_TIMEOUT_MS (its database work not timed out: a frozen server)', () => {
  let t: TestApp;
  let agent: TestAgent;
  beforeAll(async () => {
    t = await createTestApp({ REQUEST_TIMEOUT_MS: '700', DB_STATEMENT_TIMEOUT_MS: '60000' });
    agent = new TestAgent(t.app);
    await agent.signIn('agent');
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After at the time-out, and the held work ends on its own once the database answers', async () => {
    const lock = await lockContacts(t.env.DATABASE_URL);
    try {
      const started = performance.now();
      const res = await agent.patch('/v1/contacts', { contacts_scope: { page: 1, limit: 25 } });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ errors: { base: 'The service is briefly unavailable. Please try again in a few seconds.' } });
      expect(performance.now() - started).toBeGreaterThanOrEqual(650);
    } finally {
      await lock.release();
    }
    expect((await agent.patch('/v1/contacts', { contacts_scope: { page: 1, limit: 25 } })).statusCode).toBe(200);
  });
});

describe('health ping', () => {
  let blackHole: Server;
  const sockets: Socket[] = [];
  let port = 0;
  beforeAll(async () => {
    // accepts connections and never answers, as a frozen (SIGSTOPped) server does
    blackHole = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    port = (blackHole.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => blackHole.close(resolve));
  });

  it('says slow within its wait when the server accepts but does not answer', async () => {
    const handle = connect(`postgres://crm:crm@127.0.0.1:${port}/crm`, { ...limits, DB_CONNECT_TIMEOUT_MS: 10_000 });
    try {
      // the server never answers and the connection's own time-out is 10 s away: 'slow' is the ping's wait
      expect(await pingDatabase(handle.db, 300)).toBe('slow');
    } finally {
      void handle.close();
    }
  });

  it('is asked once for requests that come together or within its freshness, and again after it', async () => {
    const t = await createTestApp();
    try {
      const execute = vi.spyOn(t.ctx.db, 'execute');
      const probe = createDatabaseProbe(t.ctx.db, { waitMs: 1_500, freshMs: 1_000 });
      expect(await Promise.all([probe(), probe(), probe()])).toEqual(['ok', 'ok', 'ok']);
      expect(await probe()).toBe('ok');
      expect(execute).toHaveBeenCalledTimes(1);
      await expect.poll(async () => (await probe(), execute.mock.calls.length), { interval: 50, timeout: 10_000 }).toBe(2);
    } finally {
      await t.close();
    }
  });

  it('says down when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const free = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const handle = connect(`postgres://crm:crm@127.0.0.1:${free}/crm`, limits);
    try {
      expect(await pingDatabase(handle.db, 1_500)).toBe('down');
    } finally {
      await handle.close();
    }
  });
});

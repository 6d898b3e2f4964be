import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestAgent, type TestApp } from '../test/test-app';
import { connect } from './database';
import { createStatementCache } from './statement-cache';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The statements this connection keeps prepared (PostgreSQL's own view of them). */
async function preparedOn(client: pg.ClientBase): Promise<{ name: string; statement: string }[]> {
  return (await client.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements order by name')).rows;
}

async function withClient<T>(cache: { attach: (client: pg.ClientBase) => void }, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: t.env.DATABASE_URL as string });
  await client.connect();
  cache.attach(client);
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

describe('statements prepared once they repeat', () => {
  it('a statement is prepared on its third run and answers for the values of each run', async () => {
    const text = 'select $1::int * 2 as doubled';
    await withClient(createStatementCache({ runsBeforePreparing: 3 }), async (client) => {
      expect((await client.query(text, [1])).rows).toEqual([{ doubled: 2 }]);
      expect((await client.query({ text, values: [2] })).rows).toEqual([{ doubled: 4 }]);
      expect(await preparedOn(client)).toEqual([]);
      expect((await client.query(text, [3])).rows).toEqual([{ doubled: 6 }]);
      const prepared = await preparedOn(client);
      expect(prepared).toHaveLength(1);
      expect(prepared[0]?.name).toMatch(/^s_[\w-]{27}$/);
      expect(prepared[0]?.statement).toBe(text);
      expect((await client.query({ text, values: [21], rowMode: 'array' })).rows).toEqual([[42]]);
      expect(await preparedOn(client)).toHaveLength(1);
    });
  });

  it('runs are counted for the process: a connection prepares a statement that others ran before', async () => {
    const cache = createStatementCache({ runsBeforePreparing: 3 });
    const text = 'select $1::text as echoed';
    await withClient(cache, async (first) => {
      await first.query(text, ['a']);
      await first.query(text, ['b']);
    });
    await withClient(cache, async (second) => {
      expect((await second.query(text, ['c'])).rows).toEqual([{ echoed: 'c' }]);
      expect((await preparedOn(second)).map((p) => p.statement)).toEqual([text]);
    });
  });

  it('prepares no statement without values, nor one that has a name already, and at most the connection limit', async () => {
    await withClient(createStatementCache({ runsBeforePreparing: 1, perConnection: 2 }), async (client) => {
      for (let i = 0; i < 3; i += 1) await client.query('select 1 as one');
      await client.query({ name: 'mine', text: 'select $1::int as given', values: [7] });
      expect((await preparedOn(client)).map((p) => p.name)).toEqual(['mine']);
      for (const n of [1, 2, 3, 4]) expect((await client.query(`select $1::int + ${n} as sum`, [n])).rows).toEqual([{ sum: 2 * n }]);
      expect((await preparedOn(client)).filter((p) => p.name.startsWith('s_'))).toHaveLength(2);
    });
  });

  it('a failed run leaves the statement usable, and a statement prepared inside a transaction that rolls back stays prepared', async () => {
    const text = 'select 10 / $1::int as quotient';
    await withClient(createStatementCache({ runsBeforePreparing: 1 }), async (client) => {
      await client.query('begin');
      expect((await client.query(text, [5])).rows).toEqual([{ quotient: 2 }]);
      await client.query('rollback');
      await expect(client.query(text, [0])).rejects.toThrow(/division by zero/);
      expect((await client.query(text, [2])).rows).toEqual([{ quotient: 5 }]);
      expect(await preparedOn(client)).toHaveLength(1);
    });
  });

  it('the API prepares its repeated statements (DB_PREPARE_AFTER_RUNS), and with 0 prepares none', async () => {
    const agent = new TestAgent(t.app);
    await agent.signIn('agent');
    for (let i = 0; i < 4; i += 1) expect((await agent.patch('/v1/contacts', { contacts_scope: { limit: 25 } })).statusCode).toBe(200);
    // every connection the pool holds (whichever ran a statement for the third time prepared it)
    const pool = t.ctx.db.$client;
    const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
    try {
      const names = (await Promise.all(clients.map(preparedOn))).flat().map((p) => p.name);
      expect(names.some((name) => name.startsWith('s_'))).toBe(true);
    } finally {
      for (const client of clients) client.release();
    }

    const unprepared = connect(t.env.DATABASE_URL as string, {
      DB_CONNECT_TIMEOUT_MS: 1_000,
      DB_STATEMENT_TIMEOUT_MS: 1_000,
      DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: 1_000,
      DB_PREPARE_AFTER_RUNS: 0,
    });
    try {
      const client = await unprepared.pool.connect();
      try {
        for (let i = 0; i < 4; i += 1) await client.query('select $1::int as n', [i]);
        expect(await preparedOn(client)).toEqual([]);
      } finally {
        client.release();
      }
    } finally {
      await unprepared.close();
    }
  });
});

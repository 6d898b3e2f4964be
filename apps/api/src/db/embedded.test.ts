import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totalmem } from 'node:os';
import { createServer } from 'node:net';
import { sharedBuffersMb, startEmbeddedPostgres } from './embedded';

// A folder under the project's data/ (its parents are enterable by the postgres user when run as root).
mkdirSync(join(process.cwd(), 'data'), { recursive: true });
const dir = mkdtempSync(join(process.cwd(), 'data', 'embedded-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A port nothing listens on now (the benchmarks' database may hold a fixed one). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
let port = 0;
beforeAll(async () => {
  port = await freePort();
});

async function query(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ one: number }>('select 1 as one');
  await client.end();
  return rows[0]!.one;
}

async function sharedBuffers(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ value: string }>(`select current_setting('shared_buffers') as value`);
  await client.end();
  return rows[0]!.value;
}

describe('embedded PostgreSQL', () => {
  it('takes a quarter of the machine\'s memory for its page cache, between 128 MB and 1 GB', () => {
    const gib = 1024 ** 3;
    expect(sharedBuffersMb(24 * gib)).toBe(1024);
    expect(sharedBuffersMb(2 * gib)).toBe(512);
    expect(sharedBuffersMb(gib / 4)).toBe(128);
  });

  it('starts, reuses its cluster, recovers from a stale postmaster.pid and refuses a folder in use', async () => {
    const log: string[] = [];
    const first = await startEmbeddedPostgres(dir, port, (m) => log.push(m));
    expect(await query(first.url('postgres'))).toBe(1);
    expect(log.some((m) => m.startsWith('Creating an embedded PostgreSQL cluster'))).toBe(true);
    // its page cache follows the machine's memory (a quarter, 128 MB to 1 GB)
    const mb = sharedBuffersMb(totalmem());
    expect(await sharedBuffers(first.url('postgres'))).toBe(mb % 1024 === 0 ? `${mb / 1024}GB` : `${mb}MB`);

    // a second start while the first still runs is refused with a clear message
    await expect(startEmbeddedPostgres(dir, port + 1, () => undefined)).rejects.toThrow(/already running \(pid \d+\)/);

    const pidFile = join(dir, 'pg', 'postmaster.pid');
    const contents = readFileSync(pidFile, 'utf8');
    await first.stop();
    // a run killed without cleaning up leaves its pid file behind, naming a process that is gone
    writeFileSync(pidFile, contents.replace(/^\d+/, '999999'));
    const again: string[] = [];
    const second = await startEmbeddedPostgres(dir, port, (m) => again.push(m));
    expect(again.some((m) => m.includes('Removing a stale postmaster.pid'))).toBe(true);
    expect(again.some((m) => m.startsWith('Creating'))).toBe(false);
    expect(await query(second.url('postgres'))).toBe(1);
    await second.stop();
  }, 60_000);

  it('stops a server left running by a killed run of the product, then starts afresh', async () => {
    const first = await startEmbeddedPostgres(dir, port, () => undefined);
    const postmaster = Number(readFileSync(join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    // the owner was killed (kill -9 of the API): its pid names no process any more, the server runs on
    writeFileSync(join(dir, 'owner.pid'), '999999 1');
    const log: string[] = [];
    const second = await startEmbeddedPostgres(dir, port, (m) => log.push(m));
    expect(log).toContain(`Stopping the embedded PostgreSQL (pid ${postmaster}) left running by an earlier run that was killed`);
    expect(await query(second.url('postgres'))).toBe(1);
    await second.stop();
    await first.stop(); // its process handle is gone already: a no-op
  }, 90_000);

  it('starts its server again when it dies, and gives up after repeated failures', async () => {
    const log: string[] = [];
    let gaveUp: Error | undefined;
    const server = await startEmbeddedPostgres(dir, port, (m) => log.push(m), {
      checkEveryMs: 100,
      maxRestarts: 2,
      onGiveUp: (error) => (gaveUp = error),
    });
    const pidOf = () => Number(readFileSync(join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pidOf(), 'SIGKILL');
    await expect.poll(() => server.state(), { timeout: 5_000 }).toBe('restarting');
    await expect.poll(() => server.state(), { timeout: 30_000, interval: 200 }).toBe('running');
    expect(await query(server.url('postgres'))).toBe(1);

    // killed again while another program took its port: every restart fails, and it is given up
    process.kill(pidOf(), 'SIGKILL');
    await expect.poll(() => server.state(), { timeout: 5_000 }).toBe('restarting');
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    try {
      await expect.poll(() => gaveUp?.message, { timeout: 30_000, interval: 200 }).toMatch(/could not be started again after 2 attempts/);
    } finally {
      squatter.close();
    }
    expect(log.some((m) => m.includes('did not start again (attempt 1 of 2)'))).toBe(true);
    await server.stop();
  }, 90_000);
});

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { totalmem } from 'node:os';
import { sharedBuffersMb, startEmbeddedPostgres } from './embedded';

// A folder under the project's data/ (its parents are enterable by the postgres user when run as root).
mkdirSync(join(process.cwd(), 'data'), { recursive: true });
const dir = mkdtempSync(join(process.cwd(), 'data', 'embedded-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
    const first = await startEmbeddedPostgres(dir, 54379, (m) => log.push(m));
    expect(await query(first.url('postgres'))).toBe(1);
    expect(log.some((m) => m.startsWith('Creating an embedded PostgreSQL cluster'))).toBe(true);
    // its page cache follows the machine's memory (a quarter, 128 MB to 1 GB)
    const mb = sharedBuffersMb(totalmem());
    expect(await sharedBuffers(first.url('postgres'))).toBe(mb % 1024 === 0 ? `${mb / 1024}GB` : `${mb}MB`);

    // a second start while the first still runs is refused with a clear message
    await expect(startEmbeddedPostgres(dir, 54380, () => undefined)).rejects.toThrow(/already running \(pid \d+\)/);

    const pidFile = join(dir, 'pg', 'postmaster.pid');
    const contents = readFileSync(pidFile, 'utf8');
    await first.stop();
    // a run killed without cleaning up leaves its pid file behind, naming a process that is gone
    writeFileSync(pidFile, contents.replace(/^\d+/, '999999'));
    const again: string[] = [];
    const second = await startEmbeddedPostgres(dir, 54379, (m) => again.push(m));
    expect(again.some((m) => m.includes('Removing a stale postmaster.pid'))).toBe(true);
    expect(again.some((m) => m.startsWith('Creating'))).toBe(false);
    expect(await query(second.url('postgres'))).toBe(1);
    await second.stop();
  }, 60_000);
});

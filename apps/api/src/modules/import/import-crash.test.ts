import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactEmails, contacts, importAttempts } from '../../db/schema';
import { eventually } from '../../test/cable-client';
import { signInCast, type Cast } from '../../test/contact-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { IMPORT_BATCH_ROWS } from './import.job';

let t: TestApp;
let as: Cast;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  // workers beat every second and count as gone after 3 silent seconds
  t = await createTestApp({ JOB_WORKER_STALE_SECONDS: '3' });
  as = await signInCast(t);
});
afterAll(async () => {
  for (const w of workers) w.kill('SIGKILL');
  await t.close();
});

/** `npm run worker` as its own process on the test database and storage. */
function startWorker(): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/worker.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: t.env.DATABASE_URL,
      STORAGE_DIR: t.env.STORAGE_DIR,
      JOB_WORKER_STALE_SECONDS: '3',
      APP_SECRET: randomBytes(32).toString('base64url'),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'crm-worker-')),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  workers.push(child);
  return { child, output: () => output };
}

const ROWS = 40_000;

describe('an import whose worker is killed mid-way', () => {
  it('goes on in another worker after the crash, and every row that imports is in exactly once', async () => {
    // each row a distinct e-mail; every tenth row has a bad phone (imported with a warning); one in a
    // hundred has nothing to identify a person; one in a thousand repeats the row 999 rows before it,
    // so that wherever the kill lands, repeats on both sides of the checkpoint are told after the resume
    const line = (i: number) =>
      i % 100 === 55 ? ',,12345,' : `Crash${i},Tester,${i % 10 === 9 ? '12345' : `1555${String(1_000_000 + i)}`},crash${i}@example.com`;
    const repeats = (i: number) => i % 1000 === 998 && i > 999;
    const lines = Array.from({ length: ROWS }, (_, i) => (repeats(i) ? line(i - 999) : line(i)));
    const csv = `first name,last name,phone,email\n${lines.join('\n')}\n`;
    const data = new FormData();
    data.append('fields', JSON.stringify(['first_name', 'last_name', 'phone', 'email']));
    data.append('file', new Blob([csv]), 'crash.csv');
    const res = await as.agent.post('/v1/contacts/leads_uploader', data);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    const attempt = async () => (await t.ctx.db.select().from(importAttempts).where(eq(importAttempts.id, id)))[0]!;

    const first = startWorker();
    const atKill = await eventually(async () => {
      const a = await attempt();
      expect(a.processedRows, first.output()).toBeGreaterThanOrEqual(IMPORT_BATCH_ROWS);
      return a;
    }, 60_000);
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    const killed = await attempt();
    expect(killed.status).toBe('processing');
    expect(killed.processedRows).toBeLessThan(ROWS);
    expect(killed.processedRows).toBeGreaterThanOrEqual(atKill.processedRows);

    const second = startWorker();
    const done = await eventually(async () => {
      const a = await attempt();
      expect(a.status, second.output()).toBe('completed');
      return a;
    }, 90_000);
    second.child.kill('SIGTERM');

    const refused = ROWS / 100 + (ROWS / 1000 - 1);
    const good = ROWS - refused;
    expect(done).toMatchObject({ processedRows: ROWS, importedCount: good, warningCount: ROWS / 10, errorCount: refused, skippedCount: 0 });
    const [counts] = await t.ctx.db
      .select({
        contacts: sql<number>`count(*)::int`,
        rows: sql<number>`count(distinct ${contacts.importRow})::int`,
        names: sql<number>`count(distinct ${contacts.firstName})::int`,
      })
      .from(contacts)
      .where(eq(contacts.importAttemptId, id));
    expect(counts).toEqual({ contacts: good, rows: good, names: good });
    const [emails] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct ${contactEmails.email})::int` })
      .from(contactEmails)
      .innerJoin(contacts, eq(contacts.id, contactEmails.contactId))
      .where(eq(contacts.importAttemptId, id));
    expect(emails).toEqual({ n: good, distinct: good });
  }, 180_000);
});

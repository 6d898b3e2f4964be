import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportAttempt } from '@crm/contract';
import { contacts } from '../../db/schema';
import { seedEmail } from '../../db/seed';
import { eventually } from '../../test/cable-client';
import { signIn, type SignedIn } from '../../test/contact-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Cells PostgreSQL cannot store (NUL) or that are no one's text (other control characters): the
 * import keeps every lead it can. (A file holds no lone surrogate: UTF-8 cannot encode one.)
 */
let t: TestApp;
let agent: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  agent = await signIn(t, seedEmail('agent'));
  await t.ctx.jobs.startWorkers();
});
afterAll(() => t.close());

const CSV = 'First Name,Last Name,Email,Notes\u0000\r\nAnn\u0000a,Lee,ann@example.com,call\u0001 back\r\nBob,Ray,bob@example.com,fine\u001b\r\nCleo,Moss,cleo@example.com,ok\r\n';

function form(fields: Record<string, unknown>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, JSON.stringify(value));
  data.append('file', new Blob([CSV], { type: 'text/csv' }), 'leads.csv');
  return data;
}

describe('an import file with NUL and other control characters in its cells', () => {
  it('previews it, removing those characters with a warning per cell', async () => {
    const res = await agent.post('/v1/contacts/validate_import', form({}));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.headers).toEqual(['First Name', 'Last Name', 'Email', 'Notes']);
    expect(data.preview.map((p: { values: string[] }) => p.values)).toEqual([
      ['Anna', 'Lee', 'ann@example.com', 'call back'],
      ['Bob', 'Ray', 'bob@example.com', 'fine'],
      ['Cleo', 'Moss', 'cleo@example.com', 'ok'],
    ]);
    expect(data.preview.map((p: { outcome: string }) => p.outcome)).toEqual(['imports_with_warnings', 'imports_with_warnings', 'imports']);
    expect(data.problems.map((p: { row: number; column: string; reason: string }) => [p.row, p.column, p.reason])).toEqual([
      [2, 'First Name', "First Name 'Anna' had control characters or broken text, which were removed"],
      [2, 'Notes', "Notes 'call back' had control characters or broken text, which were removed"],
      [3, 'Notes', "Notes 'fine' had control characters or broken text, which were removed"],
    ]);
  });

  it('imports every row, the cells cleaned', async () => {
    const res = await agent.post('/v1/contacts/import', form({ fields: ['first_name', 'last_name', 'email', 'note'] }));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    const attempt = await eventually(async () => {
      const found = ((await agent.get('/v1/contacts/import_attempts?limit=100')).json().data as ImportAttempt[]).find((a) => a.id === id);
      expect(found?.status).toMatch(/completed|failed/);
      return found as ImportAttempt;
    }, 60_000);
    expect(attempt.status).toBe('completed');
    expect([attempt.imported_count, attempt.warning_count, attempt.error_count]).toEqual([3, 2, 0]);
    const made = await t.ctx.db.select({ first: contacts.firstName, last: contacts.lastName }).from(contacts).where(eq(contacts.importAttemptId, id));
    expect(made.map((c) => `${c.first} ${c.last}`).sort()).toEqual(['Anna Lee', 'Bob Ray', 'Cleo Moss']);
    // the error file lists the two rows with their warnings
    const errors = await agent.get(`/v1/contacts/import_attempts/${id}/errors.csv`);
    expect(errors.statusCode).toBe(200);
    expect(errors.body).toContain("had control characters or broken text, which were removed");
  });
});

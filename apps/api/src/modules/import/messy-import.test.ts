import { parse } from 'csv-parse/sync';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportAttempt, ImportValidation } from '@crm/contract';
import { contactEmails, contactNotes, contactPhones, contacts } from '../../db/schema';
import { csvLine, safeCell } from '../export/export-writers';
import { eventually } from '../../test/cable-client';
import { signInCast, type Cast } from '../../test/contact-fixtures';
import { MESSY_HEADERS, messyCounts, messyLeads, type MessyRow } from '../../test/messy-leads';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let as: Cast;

beforeAll(async () => {
  t = await createTestApp();
  as = await signInCast(t);
  await t.ctx.jobs.startWorkers();
});
afterAll(() => t.close());

/** Harbor's person-name rule, written out here: letters of any script with their marks, digits, spaces and ' ’ - . */
const HARBOR_KEEPS = (name: string) => /^(?:\p{L}\p{M}*|[\p{Nd} '’.-])*$/u.test(name);
const ROWS = 2_000;
const messy = messyLeads({ rows: ROWS, nameAllowed: HARBOR_KEEPS, category: 'prospect' });

function form(fields: Record<string, unknown>, file?: { name: string; text: string }): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  if (file) data.append('file', new Blob([file.text]), file.name);
  return data;
}

async function waitDone(id: number): Promise<ImportAttempt> {
  return eventually(async () => {
    const attempt = ((await as.agent.get('/v1/contacts/import_attempts?limit=100')).json().data as ImportAttempt[]).find((a) => a.id === id);
    expect(attempt?.status).toMatch(/completed|failed/);
    return attempt as ImportAttempt;
  }, 60_000);
}

/** What the problems of a row must say: each left-out value by column and value, and the refusal. */
function expectedProblems(r: MessyRow) {
  const refusal =
    r.refusal === null ? []
    : 'nothing' in r.refusal ? [{ column: '', value: '', severity: 'refusal', reason: 'Nothing to identify the person by: no name, and no valid phone or e-mail' }]
    : [{ column: '', value: '', severity: 'refusal', reason: `Repeats row ${r.refusal.repeats}` }];
  // a repeat is refused for that alone: its values are the earlier row's
  const warnings = r.refusal && 'repeats' in r.refusal ? [] : r.dropped.map((d) => ({ column: d.column, value: d.value, severity: 'warning' }));
  return [...refusal, ...warnings];
}

let validation: ImportValidation;
let attempt: ImportAttempt;

describe('a messy lead list (issue 12): every row with a name or one valid phone or e-mail imports', () => {
  it('validate_import proposes the Type column as the category and numbers, judges and explains every checked row', async () => {
    const res = await as.agent.post('/v1/contacts/validate_import', form({}, { name: 'messy.csv', text: messy.csv }));
    expect(res.statusCode, res.body).toBe(200);
    validation = res.json().data;
    expect(validation.headers).toEqual(MESSY_HEADERS);
    expect(validation.proposed_fields).toEqual([null, 'first_name', 'last_name', 'phone', 'email', 'date_of_birth', 'state', 'category', 'note']);
    const checked = messy.rows.slice(0, validation.rows_checked);
    expect(validation.rows_checked).toBe(1_000);
    expect(validation.outcomes).toEqual({ ...messyCounts(checked), skipped: 0 });
    expect(validation.preview.map((p) => [p.row, p.outcome])).toEqual(checked.slice(0, 10).map((r) => [r.line, r.outcome]));

    // every problem of the checked rows (not the first 20), by the row number a spreadsheet shows
    const byRow = new Map<number, object[]>();
    for (const p of validation.problems) byRow.set(p.row, [...(byRow.get(p.row) ?? []), { column: p.column, value: p.value, severity: p.severity, ...(p.column ? {} : { reason: p.reason }) }]);
    expect(validation.problems.length).toBeGreaterThan(500);
    for (const r of checked) expect(byRow.get(r.line) ?? [], `row ${r.line}: ${r.cells.join(',')}`).toEqual(expect.arrayContaining(expectedProblems(r)));
    expect([...byRow.values()].flat()).toHaveLength(checked.reduce((n, r) => n + expectedProblems(r).length, 0));
  });

  it('says which formats are accepted, naming the column as the file does', () => {
    const reasonOf = (column: string, value: string) => validation.problems.find((p) => p.column === column && p.value === value)?.reason;
    expect(reasonOf('DOB', '31/31/1950')).toBe("DOB '31/31/1950' is not a date: use MM/DD/YYYY, YYYY-MM-DD or M/D/YY");
    expect(reasonOf('State', 'ZZ')).toBe("State 'ZZ' is not a US state: use a two-letter code (FL) or the state's name (Florida)");
    expect(reasonOf('Type', 'VIP')).toBe("Type 'VIP' is not a category: use Lead, Prospect or Client");
    expect(reasonOf('Cell Phone', '555-CALL-NOW')).toBe(
      "Cell Phone '555-CALL-NOW' is not a phone number: use 10 digits, or 11 starting with 1, in any punctuation ((555) 201-0001, 1-555-201-0001)",
    );
    const sixDigits = validation.problems.find((p) => p.column === 'Cell Phone' && /^\d{6}$/.test(p.value));
    expect(sixDigits?.reason).toBe(`Cell Phone '${sixDigits?.value}' is not a phone number: use 10 digits, or 11 starting with 1, in any punctuation ((555) 201-0001, 1-555-201-0001)`);
    const noDot = validation.problems.find((p) => p.column === 'E-mail Address' && p.value.endsWith('@localhost'));
    expect(noDot?.reason).toBe(`E-mail Address '${noDot?.value}' is not an e-mail address: use name@example.com`);
    expect(reasonOf('First Name', 'Joe*')).toBe("First Name 'Joe*' has characters that are not allowed here (*)");
  });

  it('imports them all in a job: exact counts, values left out, categories by row, notes in the Notes tab', async () => {
    const res = await as.agent.post(
      '/v1/contacts/import',
      form({ attachment_id: String(validation.file.id), fields: validation.proposed_fields, category: 'prospect' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    attempt = await waitDone(res.json().data.id);
    const expected = messyCounts(messy.rows);
    expect(attempt).toMatchObject({
      status: 'completed',
      processed_rows: ROWS,
      imported_count: expected.imports + expected.imports_with_warnings,
      warning_count: expected.imports_with_warnings,
      skipped_count: 0,
      error_count: expected.refused,
    });

    const made = await t.ctx.db
      .select({
        id: contacts.id,
        row: contacts.importRow,
        firstName: contacts.firstName,
        lastName: contacts.lastName,
        dateOfBirth: contacts.dateOfBirth,
        state: contacts.state,
        category: contacts.category,
        quickNote: contacts.note,
        // (the outer id spelt out: drizzle writes a column of the selected table without its table's name)
        phones: sql<string[]>`array(select number from ${contactPhones} p where p.contact_id = "contacts"."id" order by p.position)`,
        emails: sql<string[]>`array(select email::text from ${contactEmails} e where e.contact_id = "contacts"."id" order by e.position)`,
      })
      .from(contacts)
      .where(eq(contacts.importAttemptId, attempt.id))
      .orderBy(asc(contacts.importRow));
    const imported = messy.rows.filter((r) => r.outcome !== 'refused');
    expect(made.map((c) => c.row)).toEqual(imported.map((r) => r.line));
    expect(
      made.map((c) => ({ firstName: c.firstName, lastName: c.lastName, phones: c.phones, emails: c.emails, dateOfBirth: c.dateOfBirth, state: c.state, category: c.category, quickNote: c.quickNote })),
    ).toEqual(
      imported.map(({ kept: k }) => ({
        firstName: k.firstName,
        lastName: k.lastName,
        phones: k.phone ? [k.phone] : [],
        emails: k.email ? [k.email] : [],
        dateOfBirth: k.dateOfBirth,
        state: k.state,
        category: k.category ?? 'prospect',
        quickNote: null,
      })),
    );
    // the non-ASCII and apostrophe addresses are in as they are (lower case)
    const allEmails = made.flatMap((c) => c.emails);
    expect(allEmails.some((e) => e.startsWith('用户') && e.endsWith('@例子.广告'))).toBe(true);
    expect(allEmails.some((e) => /@exämple\.com$/.test(e))).toBe(true);
    expect(allEmails.some((e) => e.startsWith("o'brien"))).toBe(true);
    expect(allEmails.some((e) => e.startsWith('a+leads'))).toBe(true);

    // a Notes column is a note of the Notes tab, by the importing user, dated at the import
    const notes = await t.ctx.db
      .select({ row: contacts.importRow, body: contactNotes.body, authorId: contactNotes.authorId, createdAt: contactNotes.createdAt })
      .from(contactNotes)
      .innerJoin(contacts, eq(contacts.id, contactNotes.contactId))
      .where(eq(contacts.importAttemptId, attempt.id))
      .orderBy(asc(contacts.importRow));
    expect(notes.map((n) => [n.row, n.body])).toEqual(imported.filter((r) => r.kept.note).map((r) => [r.line, r.kept.note]));
    expect(new Set(notes.map((n) => n.authorId))).toEqual(new Set([as.agent.userId]));
    expect(notes.every((n) => Date.parse(attempt.created_at) - 1000 <= n.createdAt.getTime() && n.createdAt.getTime() <= Date.parse(attempt.finished_at as string))).toBe(true);
    const withNote = made.find((c) => c.row === imported.find((r) => r.kept.note)?.line);
    const tab = await as.agent.get(`/v1/contacts/${withNote?.id}/notes`);
    expect(tab.json().data).toEqual([expect.objectContaining({ body: imported.find((r) => r.kept.note)?.kept.note, author: expect.objectContaining({ id: as.agent.userId }) })]);
  }, 90_000);

  it('gives one error file to fix and import again: every warned, skipped or refused row with its columns, values and reasons', async () => {
    const res = await as.agent.get(`/v1/contacts/import_attempts/${attempt.id}/errors.csv`);
    expect(res.statusCode).toBe(200);
    const lines = parse(res.body.replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][];
    expect(lines[0]).toEqual(['Row', 'Outcome', 'Columns', 'Problems', 'Contact ID', ...MESSY_HEADERS]);
    const withProblems = messy.rows.filter((r) => r.outcome !== 'imports');
    expect(lines.slice(1).map((l) => [Number(l[0]), l[1], l[2]?.split('; ').filter(Boolean).sort(), l[4] !== '', l.slice(5)])).toEqual(
      withProblems.map((r) => [
        r.line,
        r.outcome === 'refused' ? 'refused' : 'imported with warnings',
        r.refusal && 'repeats' in r.refusal ? [] : [...new Set(r.dropped.map((d) => d.column))].sort(),
        // the contact a warned row made (a repeat: the one its earlier row made), to update when the fixed row is imported again
        r.outcome !== 'refused' || Boolean(r.refusal && 'repeats' in r.refusal),
        // as the file had them, behind the export's guard against formulas (+1 555 … starts with +)
        r.cells.map(safeCell),
      ]),
    );
    const dob = lines.find((l) => l[5 + MESSY_HEADERS.indexOf('DOB')] === '31/31/1950' && l[1] === 'imported with warnings');
    expect(dob?.[3]).toContain("DOB '31/31/1950' is not a date: use MM/DD/YYYY, YYYY-MM-DD or M/D/YY");
    const repeat = withProblems.find((r) => r.refusal && 'repeats' in r.refusal);
    expect(lines.find((l) => Number(l[0]) === repeat?.line)?.[3]).toBe(`Repeats row ${(repeat?.refusal as { repeats: number }).repeats}`);

    // imported again, the file's own columns are proposed as before, the report left out and the Contact ID column proposed as the contact to update
    const again = await as.agent.post('/v1/contacts/validate_import', form({}, { name: 'messy-errors.csv', text: res.body }));
    expect(again.json().data.proposed_fields).toEqual([null, null, null, null, 'contact_id', ...validation.proposed_fields]);
  });

  it('imports the error file again with the dates of birth fixed: every warned row (and every repeat) updates its contact, none makes a second one', async () => {
    const errors = (await as.agent.get(`/v1/contacts/import_attempts/${attempt.id}/errors.csv`)).body;
    const lines = parse(errors.replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][];
    const dob = (lines[0] as string[]).indexOf('DOB');
    const fixedRows = new Set(lines.filter((l) => l[1] === 'imported with warnings' && (l[2] ?? '').split('; ').includes('DOB')).map((l) => Number(l[4])));
    expect(fixedRows.size).toBeGreaterThan(100);
    const text = lines.map((l) => csvLine(fixedRows.has(Number(l[4])) && l[1] !== 'refused' ? l.map((v, c) => (c === dob ? '01/31/1950' : v)) : l)).join('');
    const checked = (await as.agent.post('/v1/contacts/validate_import', form({}, { name: 'messy-errors.csv', text }))).json().data as ImportValidation;
    const res = await as.agent.post('/v1/contacts/import', form({ attachment_id: String(checked.file.id), fields: checked.proposed_fields, category: 'prospect' }));
    expect(res.statusCode, res.body).toBe(200);
    const again = await waitDone(res.json().data.id);
    const nothing = messy.rows.filter((r) => r.refusal && 'nothing' in r.refusal).length;
    // each row updates its contact, or is refused: nothing to identify, or a repeat of a row before it in this file (the same contact, the same values)
    expect(again).toMatchObject({ status: 'completed', imported_count: 0, skipped_count: 0 });
    expect(again.updated_count + again.error_count).toBe(lines.length - 1);
    expect(again.updated_count).toBeGreaterThan(fixedRows.size);
    expect(again.error_count).toBeGreaterThanOrEqual(nothing);
    const refused = (await as.agent.get(`/v1/contacts/import_attempts/${again.id}/errors.csv`)).body;
    const reasons = (parse(refused.replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][]).filter((l) => l[1] === 'refused').map((l) => l[3]?.split('; ')[0]);
    expect(reasons.filter((r) => !r?.startsWith('Repeats row'))).toHaveLength(nothing);
    const [made] = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(contacts).where(inArray(contacts.importAttemptId, [attempt.id, again.id]));
    expect(made?.n).toBe(attempt.imported_count);
    const dates = await t.ctx.db.select({ dateOfBirth: contacts.dateOfBirth }).from(contacts).where(inArray(contacts.id, [...fixedRows]));
    expect(dates.map((d) => d.dateOfBirth)).toEqual([...fixedRows].map(() => '1950-01-31'));
  }, 90_000);

  it('finds the non-ASCII addresses again whatever their case (citext, lower() and its index)', async () => {
    const stored = messy.rows.filter((r) => r.outcome !== 'refused' && r.kept.email && /[^\p{ASCII}]/u.test(r.kept.email)).slice(0, 3);
    expect(stored).toHaveLength(3);
    const upper = stored.map((r) => (r.kept.email as string).toUpperCase());
    const [found] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contactEmails)
      .where(inArray(contactEmails.email, upper));
    expect(found?.n).toBe(3);
    const csv = `First,Email\n${upper.map((e, i) => `Again${i},${e}`).join('\n')}\n`;
    const res = await as.agent.post(
      '/v1/contacts/leads_uploader',
      form({ fields: ['first_name', 'email'], scrub_against: { phone: false, email: true, do_not_contact: false, updated_lead_tags: [] } }, { name: 'again.csv', text: csv }),
    );
    const done = await waitDone(res.json().data.id);
    expect(done).toMatchObject({ imported_count: 0, skipped_count: 3 });
    // the scrub's lookup (lower(email) = any(...)) can use the expression index for such addresses
    const plan = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain select 1 from ${contactEmails} where lower(email::text) = any(${sql.param(upper.map((e) => e.toLowerCase()))}::text[])`,
      );
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('contact_emails_lower_email_idx');
  });
});

import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportAttempt, ImportValidation } from '@crm/contract';
import { contactNotes, contacts, importAttempts, statuses } from '../../db/schema';
import { contactsImportStream } from '../../realtime/channels';
import { eventually } from '../../test/cable-client';
import { createContact, signInCast, type Cast } from '../../test/contact-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { csvLine } from '../export/export-writers';
import { IMPORT_BATCH_ROWS, SCRUB_REASONS } from './import.job';
import { createImportRepository, type ImportBatch } from './import.repository';

let t: TestApp;
let as: Cast;

beforeAll(async () => {
  t = await createTestApp();
  as = await signInCast(t);
  await t.ctx.jobs.startWorkers();
});
afterAll(() => t.close());

function form(fileName: string, content: string | Uint8Array<ArrayBuffer>, fields: Record<string, unknown> = {}): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  data.append('file', new Blob([content]), fileName);
  return data;
}

const fieldsForm = (fields: Record<string, unknown>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  return data;
};

const HEADER = 'First Name,Last Name,Phone,Email,DOB,State,Extra stuff\n';
const MAPPING = ['first_name', 'last_name', 'phone', 'email', 'date_of_birth', 'state', null];

async function waitDone(who: keyof Cast, id: number): Promise<ImportAttempt> {
  return eventually(async () => {
    const res = await as[who].get('/v1/contacts/import_attempts?limit=100&tab=mine');
    const attempt = (res.json().data as ImportAttempt[]).find((a) => a.id === id);
    expect(attempt?.status).toMatch(/completed|failed/);
    return attempt as ImportAttempt;
  }, 30_000);
}

const importedOf = (attemptId: number) =>
  t.ctx.db
    .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName, ownerId: contacts.ownerId, row: contacts.importRow, category: contacts.category })
    .from(contacts)
    .where(eq(contacts.importAttemptId, attemptId))
    .orderBy(contacts.importRow);

describe('POST /v1/contacts/validate_import', () => {
  it('reads the header, proposes a mapping, previews rows and reports row problems without importing anything', async () => {
    const csv =
      HEADER +
      'Ann,Archer,(555) 201-0001,ann.archer@example.com,01/15/1950,Florida,x\n' +
      ',Nofirst,5552010002,,1950-02-02,FL,\n' +
      'Bad,Phone,12345,bad.phone@example.com,,TX,\n' +
      'Bad,Mail,5552010004,not-an-email,13/45/1950,ZZ,\n';
    const before = (await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(contacts))[0]?.n;
    const res = await as.agent.post('/v1/contacts/validate_import', form('leads.csv', csv));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as ImportValidation;
    expect(data.headers).toEqual(['First Name', 'Last Name', 'Phone', 'Email', 'DOB', 'State', 'Extra stuff']);
    expect(data.proposed_fields).toEqual(MAPPING);
    expect(data.file).toMatchObject({ file_name: 'leads.csv', format: 'csv', encoding: 'utf-8' });
    // a row without a first name has a last name and a phone: it imports; bad values are left out with warnings
    expect(data.preview.map((p) => [p.row, p.outcome])).toEqual([
      [2, 'imports'],
      [3, 'imports'],
      [4, 'imports_with_warnings'],
      [5, 'imports_with_warnings'],
    ]);
    expect(data.preview[0]?.values[0]).toBe('Ann');
    expect(data.rows_checked).toBe(4);
    expect(data.outcomes).toEqual({ imports: 2, imports_with_warnings: 2, refused: 0, skipped: 0 });
    expect(data.mapping_problem).toBeNull();
    expect(data.problems).toEqual([
      { row: 4, column: 'Phone', value: '12345', severity: 'warning', reason: "Phone '12345' is not a phone number: use 10 digits, or 11 starting with 1, in any punctuation ((555) 201-0001, 1-555-201-0001)" },
      { row: 5, column: 'Email', value: 'not-an-email', severity: 'warning', reason: "Email 'not-an-email' is not an e-mail address: use name@example.com" },
      { row: 5, column: 'State', value: 'ZZ', severity: 'warning', reason: "State 'ZZ' is not a US state: use a two-letter code (FL) or the state's name (Florida)" },
      { row: 5, column: 'DOB', value: '13/45/1950', severity: 'warning', reason: "DOB '13/45/1950' is not a date: use MM/DD/YYYY, YYYY-MM-DD or M/D/YY" },
    ]);
    expect((await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(contacts))[0]?.n).toBe(before);

    // the stored file is checked again under another mapping, without sending it again
    const again = await as.agent.post('/v1/contacts/validate_import', fieldsForm({ attachment_id: String(data.file.id), fields: [null, null, null, null, 'date_of_birth', 'state', null] }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.mapping_problem).toBe('Map a column to a name, a phone or an e-mail');
    // another user cannot use it
    const theirs = await as.telemarketer.post('/v1/contacts/validate_import', fieldsForm({ attachment_id: String(data.file.id) }));
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().errors).toEqual({ attachment_id: 'The file is no longer there; upload it again' });
  });

  it('refuses what is not a CSV or workbook, an empty file, and a form without a file (422 beside "file")', async () => {
    const cases: [FormData, string][] = [
      [form('photo.png', 'x'), 'The file must be a CSV (.csv, .txt) or an Excel workbook (.xlsx)'],
      [form('empty.csv', ''), 'The file is empty'],
      [form('fake.xlsx', 'First,Last\n'), 'The file does not look like an Excel workbook (.xlsx)'],
      [fieldsForm({ fields: '[]' }), 'Choose a CSV or Excel (.xlsx) file'],
    ];
    for (const [body, message] of cases) {
      const res = await as.agent.post('/v1/contacts/validate_import', body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ file: message });
    }
  });

  it('reads semicolon-separated Windows-1252 files, UTF-16 files and workbooks', async () => {
    const latin = Buffer.from('Nombre;Apellido;Tel\u00e9fono\nJos\u00e9;Pe\u00f1a;5552010009\n', 'latin1');
    const res = await as.agent.post('/v1/contacts/validate_import', form('latin.csv', new Uint8Array(latin)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.file.encoding).toBe('windows-1252');
    expect(res.json().data.preview[0].values).toEqual(['José', 'Peña', '5552010009']);

    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('first,last\nZoë,Ørsted\n', 'utf16le')]);
    const u = await as.agent.post('/v1/contacts/validate_import', form('utf16.csv', new Uint8Array(utf16)));
    expect(u.json().data.file.encoding).toBe('utf-16le');
    expect(u.json().data.preview[0].values).toEqual(['Zoë', 'Ørsted']);
    expect(u.json().data.proposed_fields).toEqual(['first_name', 'last_name']);

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Leads');
    sheet.addRow(['Name', 'Mobile', 'Birthdate']);
    sheet.addRow(['Smith, Maria', '555-201-0010', new Date(Date.UTC(1951, 2, 4))]);
    const xlsx = new Uint8Array(await workbook.xlsx.writeBuffer());
    const x = await as.agent.post('/v1/contacts/validate_import', form('leads.xlsx', xlsx));
    expect(x.statusCode, x.body).toBe(200);
    expect(x.json().data.proposed_fields).toEqual(['full_name', 'phone', 'date_of_birth']);
    expect(x.json().data.preview[0].values).toEqual(['Smith, Maria', '555-201-0010', '1951-03-04']);
    expect(x.json().data.problems).toEqual([]);
  });
});

describe('importing (leads_uploader, clients_uploader, import) in a job', () => {
  it('imports every row that identifies a person (bad values left out with warnings), refuses the rest with row and reason, reports progress live, and offers the error file', async () => {
    const heard: ImportAttempt[] = [];
    const stop = await t.ctx.broadcaster.listen(contactsImportStream(as.agent.userId), (m) => heard.push((m as { attempt: ImportAttempt }).attempt));
    const csv =
      HEADER +
      'Greta,Importa,555-301-0001,greta@example.com,3/4/1948,Georgia,extra\n' +
      'Hank,Importa,,hank@example.com,,,\n' +
      'Bad,Importa,999,bad@example.com,,,\n' +
      'Ivy,Importa,5553010004,,,OH,"=cmd|\' /C calc\'!A0"\n' +
      ',,12,,,,nobody\n' +
      'Hank,Importa,,hank@example.com,,,\n';
    const res = await as.agent.post('/v1/contacts/leads_uploader', form('march leads.csv', csv, { fields: MAPPING, tags: [] }));
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json().data as ImportAttempt;
    expect(started).toMatchObject({ file_name: 'march leads.csv', category: 'lead', status: 'queued', owner: { id: as.agent.userId } });
    const done = await waitDone('agent', started.id);
    // the last message (completed) is broadcast right after the attempt is saved completed
    await eventually(() => expect(heard.at(-1)?.status).toBe('completed'));
    stop();
    expect(done).toMatchObject({ status: 'completed', progress: 100, processed_rows: 6, imported_count: 4, warning_count: 1, error_count: 2, skipped_count: 0 });
    const rows = await importedOf(started.id);
    expect(rows.map((r) => [r.firstName, r.row, r.category, r.ownerId])).toEqual([
      ['Greta', 2, 'lead', as.agent.userId],
      ['Hank', 3, 'lead', as.agent.userId],
      ['Bad', 4, 'lead', as.agent.userId],
      ['Ivy', 5, 'lead', as.agent.userId],
    ]);
    const bad = (await as.agent.get(`/v1/contacts/${rows[2]?.id}`)).json().data;
    expect(bad).toMatchObject({ phones: [], emails: [{ email: 'bad@example.com' }] });
    const greta = (await as.agent.get(`/v1/contacts/${rows[0]?.id}`)).json().data;
    expect(greta).toMatchObject({ date_of_birth: '1948-03-04', state: 'GA', phones: [{ number: '15553010001' }], emails: [{ email: 'greta@example.com' }] });
    // found by the list's search (search text written with the row)
    const found = await as.agent.patch('/v1/contacts', { contacts_scope: { q: '5553010001' } });
    expect(found.json().data.map((c: { id: number }) => c.id)).toEqual([rows[0]?.id]);
    // live: queued, processing ... completed, each the whole attempt
    expect(heard[0]).toMatchObject({ id: started.id, status: 'queued' });
    expect(heard.map((a) => a.status)).toContain('processing');
    expect(heard.at(-1)).toMatchObject({ id: started.id, status: 'completed', progress: 100, imported_count: 4, warning_count: 1, error_count: 2 });

    const errors = await as.agent.get(`/v1/contacts/import_attempts/${started.id}/errors.csv`);
    expect(errors.statusCode).toBe(200);
    expect(errors.headers['content-disposition']).toContain('march leads-errors.csv');
    expect(errors.body).toBe(
      '\uFEFFRow,Outcome,Columns,Problems,Contact ID,First Name,Last Name,Phone,Email,DOB,State,Extra stuff\n' +
        `4,imported with warnings,Phone,"Phone '999' is not a phone number: use 10 digits, or 11 starting with 1, in any punctuation ((555) 201-0001, 1-555-201-0001)",${rows.find((r) => r.firstName === 'Bad')?.id},Bad,Importa,999,bad@example.com,,,\n` +
        `6,refused,Phone,"Nothing to identify the person by: no name, and no valid phone or e-mail; Phone '12' is not a phone number: use 10 digits, or 11 starting with 1, in any punctuation ((555) 201-0001, 1-555-201-0001)",,,,12,,,,nobody\n` +
        `7,refused,,Repeats row 3,${rows.find((r) => r.firstName === 'Hank')?.id},Hank,Importa,,hank@example.com,,,\n`,
    );
  });

  it('scrubs against existing contacts, the do-not-contact list and earlier rows, tagging the matched leads', async () => {
    const existing = await createContact(as.agent, { first_name: 'Old', last_name: 'Scrubbed', phones: [{ number: '5554010001' }], emails: [{ email: 'old.scrub@example.com' }] });
    const [dnc] = await t.ctx.db.select({ id: statuses.id }).from(statuses).where(and(eq(statuses.companyId, as.agent.companyId), eq(statuses.title, 'Do Not Call')));
    await createContact(as.agent, { first_name: 'Never', last_name: 'Call', status_id: dnc!.id, phones: [{ number: '5554010002' }] });
    const tag = (await as.agent.post('/v1/tags', { name: 'Re-inquired', color: '#aa3300' })).json().data;
    const csv =
      HEADER +
      'Again,Scrubbed,555-401-0001,,,,\n' + // matches the existing contact's phone
      'Mail,Scrubbed,,OLD.SCRUB@example.com,,,\n' + // by e-mail, whatever the case
      'Dnc,Scrubbed,5554010002,,,,\n' + // the do-not-contact list
      'New,Scrubbed,5554010003,new.scrub@example.com,,,\n' +
      'Twin,Scrubbed,5554010009,new.scrub@example.com,,,\n'; // same e-mail as the row before
    // the preview, told the scrubbing the import will do, says what the import will do with each row
    const scrubbing = { phone: true, email: true, do_not_contact: true, updated_lead_tags: [tag.id] };
    const checked = await as.agent.post('/v1/contacts/validate_import', form('scrub.csv', csv, { fields: MAPPING, scrub_against: scrubbing }));
    expect(checked.statusCode, checked.body).toBe(200);
    const preview = checked.json().data as ImportValidation;
    expect(preview.preview.map((p) => [p.row, p.outcome])).toEqual([
      [2, 'skipped'],
      [3, 'skipped'],
      [4, 'skipped'],
      [5, 'imports'],
      [6, 'skipped'],
    ]);
    expect(preview.outcomes).toEqual({ imports: 1, imports_with_warnings: 0, refused: 0, skipped: 4 });
    expect(preview.skipped_rows).toEqual([2, 3, 4, 6]);
    expect(preview.problems.map((p) => [p.row, p.column, p.reason])).toEqual([
      [2, 'Phone', SCRUB_REASONS.phone],
      [3, 'Email', SCRUB_REASONS.email],
      [4, 'Phone / Email', SCRUB_REASONS.doNotContact],
      [6, 'Email', SCRUB_REASONS.sameEmail(5)],
    ]);
    // without scrubbing (the API's default) every one of these rows imports, as the import would
    const unscrubbed = (await as.agent.post('/v1/contacts/validate_import', form('scrub.csv', csv, { fields: MAPPING }))).json().data as ImportValidation;
    expect(unscrubbed.outcomes).toEqual({ imports: 5, imports_with_warnings: 0, refused: 0, skipped: 0 });
    const res = await as.agent.post(
      '/v1/contacts/clients_uploader',
      form('scrub.csv', csv, { fields: MAPPING, scrub_against: { phone: true, email: true, do_not_contact: true, updated_lead_tags: [tag.id] } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const done = await waitDone('agent', res.json().data.id);
    expect(done).toMatchObject({ status: 'completed', imported_count: 1, skipped_count: 4, error_count: 0, category: 'client' });
    expect((await importedOf(done.id)).map((r) => r.firstName)).toEqual(['New']);
    const file = (await as.agent.get(`/v1/contacts/import_attempts/${done.id}/errors.csv`)).body.split('\n').slice(1, -1);
    // the scrub names the file's own phone and e-mail columns
    expect(file.map((line) => line.split(',').slice(0, 4).join(','))).toEqual([
      `2,skipped,Phone,Phone: ${SCRUB_REASONS.phone}`,
      `3,skipped,Email,Email: ${SCRUB_REASONS.email}`,
      `4,skipped,Phone / Email,Phone / Email: ${SCRUB_REASONS.doNotContact}`,
      `6,skipped,Email,Email: ${SCRUB_REASONS.sameEmail(5)}`,
    ]);
    const old = (await as.agent.get(`/v1/contacts/${existing.id}`)).json().data;
    expect(old.tags.map((x: { name: string }) => x.name)).toEqual(['Re-inquired']);
  });

  it('tells a repeat of a row from an earlier batch as that row, not as an existing contact (and does not tag it)', async () => {
    const tag = (await as.agent.post('/v1/tags', { name: 'Seen again', color: '#aa0033' })).json().data;
    const rows = Array.from({ length: IMPORT_BATCH_ROWS + 3 }, (_, i) => `Batch${i},Crossa,,batch${i}@example.com`);
    rows.push('Repeat,Crossa,,batch0@example.com');
    const res = await as.agent.post(
      '/v1/contacts/leads_uploader',
      form('batches.csv', `first,last,phone,email\n${rows.join('\n')}\n`, {
        fields: ['first_name', 'last_name', 'phone', 'email'],
        scrub_against: { phone: true, email: true, do_not_contact: true, updated_lead_tags: [tag.id] },
      }),
    );
    const done = await waitDone('agent', res.json().data.id);
    expect(done).toMatchObject({ imported_count: IMPORT_BATCH_ROWS + 3, skipped_count: 1 });
    const file = (await as.agent.get(`/v1/contacts/import_attempts/${done.id}/errors.csv`)).body.split('\n');
    expect(file[1]).toBe(`${IMPORT_BATCH_ROWS + 5},skipped,email,email: ${SCRUB_REASONS.sameEmail(2)},,Repeat,Crossa,,batch0@example.com`);
    const first = (await importedOf(done.id))[0]!;
    expect((await as.agent.get(`/v1/contacts/${first.id}`)).json().data.tags).toEqual([]);
  }, 60_000);

  it('writes batches at once without one waiting on another: a later batch holding on for an earlier one while both bring a new city', async () => {
    const res = await as.agent.post('/v1/contacts/leads_uploader', form('two-at-once.csv', 'first,last\nSeed,Twofold\n', { fields: ['first_name', 'last_name'] }));
    const attempt = await waitDone('agent', res.json().data.id);
    const repository = createImportRepository(t.ctx.db);
    const city = `Newtown ${attempt.id}`;
    const batch = (row: number): ImportBatch => ({
      attemptId: attempt.id,
      companyId: as.agent.companyId,
      category: 'lead',
      authorId: as.agent.userId,
      tagIds: [],
      contacts: [
        { values: { firstName: `Twofold${row}`, lastName: 'Cities', city, timezone: 'est' }, category: null, phones: [], emails: [], notes: [], row, ownerId: as.agent.userId, warned: false },
      ],
      updates: [],
      problems: [],
      repeats: [],
      retag: { contactIds: [], tagIds: [] },
      skipped: 0,
      processedRows: row,
      readBytes: 0,
    });
    let landEarlier!: (written: boolean) => void;
    const earlierLanded = new Promise<boolean>((resolve) => (landEarlier = resolve));
    // the later batch writes its rows first, then waits for the earlier one to commit (it awaits the
    // promise it was given: a thenable that says when it is awaited)...
    let reachedWait!: () => void;
    const waiting = new Promise<void>((resolve) => (reachedWait = resolve));
    const gate = { then: (onLanded: (written: boolean) => unknown, onFailed: (error: unknown) => unknown) => (reachedWait(), earlierLanded.then(onLanded, onFailed)) };
    const later = repository.writeBatch(batch(11), gate as unknown as Promise<boolean>);
    await waiting;
    // ...which must not wait for it in turn (the contacts' trigger records the same new city)
    landEarlier(await repository.writeBatch(batch(10)));
    expect(await later).toBe(true);
    expect((await importedOf(attempt.id)).map((r) => r.firstName)).toEqual(['Seed', 'Twofold10', 'Twofold11']);
    const [after] = await t.ctx.db.select().from(importAttempts).where(eq(importAttempts.id, attempt.id));
    expect(after).toMatchObject({ processedRows: 11, importedCount: 3 });
  }, 20_000);

  it('deals rows to a pool of users in turn, tags them, and records the vendor and lead type', async () => {
    const tag = (await as.manager.post('/v1/tags', { name: 'Pool March', color: '#0033aa' })).json().data;
    const users = [as.agent.userId, as.field.userId];
    const csv = 'name,phone\nAl One,5555010001\nBo Two,5555010002\nCy Three,5555010003\n';
    const res = await as.manager.post(
      '/v1/contacts/import',
      form('pool.csv', csv, { fields: ['full_name', 'phone'], pool: users, tags: [tag.id], category: 'prospect', api_vendor_obj: { vendor_name: 'LeadCo' }, lead_type: 'Final expense' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ api_vendor: { vendor_name: 'LeadCo' }, lead_type: 'Final expense', category: 'prospect' });
    await waitDone('manager', res.json().data.id);
    const rows = await importedOf(res.json().data.id);
    expect(rows.map((r) => [r.firstName, r.lastName, r.ownerId, r.category])).toEqual([
      ['Al', 'One', users[0], 'prospect'],
      ['Bo', 'Two', users[1], 'prospect'],
      ['Cy', 'Three', users[0], 'prospect'],
    ]);
    const first = (await as.manager.get(`/v1/contacts/${rows[0]?.id}`)).json().data;
    expect(first.tags.map((x: { name: string }) => x.name)).toEqual(['Pool March']);
  });

  it('imports a file stored before (import_attachments, then attachments_leads_uploader)', async () => {
    const stored = await as.agent.post('/v1/contacts/import_attachments', form('later.csv', 'first,last\nLater,Stored\n'));
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json().data).toMatchObject({ file_name: 'later.csv', format: 'csv', encoding: 'utf-8' });
    const res = await as.agent.post('/v1/contacts/attachments_leads_uploader', fieldsForm({ attachment_id: String(stored.json().data.id), fields: ['first_name', 'last_name'] }));
    expect(res.statusCode, res.body).toBe(200);
    const done = await waitDone('agent', res.json().data.id);
    expect(done).toMatchObject({ status: 'completed', file_name: 'later.csv', imported_count: 1, category: 'lead' });
    expect((await importedOf(done.id)).map((r) => [r.firstName, r.lastName])).toEqual([['Later', 'Stored']]);
    // another user cannot import it
    const theirs = await as.telemarketer.post('/v1/contacts/attachments_leads_uploader', fieldsForm({ attachment_id: String(stored.json().data.id), fields: ['first_name', 'last_name'] }));
    expect(theirs.json().errors).toEqual({ attachment_id: 'The file is no longer there; upload it again' });
  });

  it('refuses a form with fields out of reach or out of shape, field by field', async () => {
    const csv = 'first,last\nA,B\n';
    const other = await as.agent.post('/v1/contacts/leads_uploader', form('a.csv', csv, { fields: ['first_name', 'last_name'], owner: String(as.manager.userId) }));
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual({ owner: 'Choose an owner' });
    const pool = await as.agent.post('/v1/contacts/leads_uploader', form('a.csv', csv, { fields: ['first_name', 'last_name'], pool: [as.field.userId] }));
    expect(pool.json().errors).toEqual({ pool: 'Choose users you manage' });
    const kTag = await as.kAgent.post('/v1/tags', { name: 'Keystone only', color: '#123456' });
    const tags = await as.agent.post('/v1/contacts/leads_uploader', form('a.csv', csv, { fields: ['first_name', 'last_name'], tags: [kTag.json().data.id] }));
    expect(tags.json().errors).toEqual({ tags: 'Choose tags of your company' });
    const mapping = await as.agent.post('/v1/contacts/leads_uploader', form('a.csv', csv, { fields: ['last_name', 'last_name'] }));
    expect(mapping.json().errors).toEqual({ fields: 'Last name is mapped to more than one column' });
    const json = await as.agent.post('/v1/contacts/leads_uploader', form('a.csv', csv, { fields: '[first_name' }));
    expect(json.json().errors).toEqual({ fields: 'Map the columns' });
    const short = await as.agent.post('/v1/contacts/leads_uploader', form('a.csv', csv, { fields: ['first_name'] }));
    expect(short.json().errors).toEqual({ fields: 'The file has 2 columns; map each of them (1 given)' });
    const noFile = await as.agent.post('/v1/contacts/attachments_leads_uploader', fieldsForm({ fields: ['first_name'] }));
    expect(noFile.json().errors).toEqual({ attachment_id: 'Choose a file' });
  });
});

describe('import attempts: list, reach, delete, retry', () => {
  it('lists the caller\'s attempts (mine) or their downline\'s too (all), filtered and paged', async () => {
    const mine = await as.agent.get('/v1/contacts/import_attempts?limit=2&page=1');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().meta).toMatchObject({ current_page: 1, limit: 2 });
    expect(mine.json().data.every((a: ImportAttempt) => a.user.id === as.agent.userId)).toBe(true);
    const all = (await as.manager.get('/v1/contacts/import_attempts?tab=all&limit=100')).json().data as ImportAttempt[];
    expect(new Set(all.map((a) => a.user.id))).toEqual(new Set([as.agent.userId, as.manager.userId]));
    const managerMine = (await as.manager.get('/v1/contacts/import_attempts?limit=100')).json().data as ImportAttempt[];
    expect(managerMine.every((a) => a.user.id === as.manager.userId)).toBe(true);
    const byName = (await as.manager.get('/v1/contacts/import_attempts?tab=all&filter_by=file_name&filter_value=scrub')).json().data;
    expect(byName.map((a: ImportAttempt) => a.file_name)).toEqual(['scrub.csv']);
    const byStatus = (await as.agent.get('/v1/contacts/import_attempts?filter_by=status&filter_value=failed')).json().data;
    expect(byStatus).toEqual([]);
    // an agent's "all" is their own; another agent sees none of them; bad queries are 422
    expect((await as.telemarketer.get('/v1/contacts/import_attempts?tab=all')).json().data).toEqual([]);
    expect((await as.agent.get('/v1/contacts/import_attempts?tab=everything')).statusCode).toBe(422);
  });

  it('lets no one outside the reach delete, retry or download another\'s attempt (404)', async () => {
    const [attempt] = (await as.agent.get('/v1/contacts/import_attempts?limit=1')).json().data as ImportAttempt[];
    for (const who of ['telemarketer', 'kAgent'] as const) {
      expect((await as[who].get(`/v1/contacts/import_attempts/${attempt!.id}/errors.csv`)).statusCode).toBe(404);
      expect((await as[who].post(`/v1/contacts/retry_failed_import_attempts/${attempt!.id}`)).statusCode).toBe(404);
      expect((await as[who].delete(`/v1/contacts/delete_import_attempts/${attempt!.id}`)).statusCode).toBe(404);
    }
  });

  it('retries only a failed attempt, going on from its checkpoint without making any contact twice', async () => {
    const lines = Array.from({ length: 30 }, (_, i) => `Retry${i},Again,555600${String(10000 + i).slice(1)},,,,`).join('\n');
    const res = await as.agent.post('/v1/contacts/leads_uploader', form('retry.csv', `${HEADER}${lines}\n`, { fields: MAPPING }));
    const done = await waitDone('agent', res.json().data.id);
    expect(done.imported_count).toBe(30);
    const notFailed = await as.agent.post(`/v1/contacts/retry_failed_import_attempts/${done.id}`);
    expect(notFailed.statusCode).toBe(422);
    expect(notFailed.json().errors).toEqual({ base: 'Only a failed import can be retried' });
    // as a run that died after its first rows: an older checkpoint, contacts of later rows already there
    await t.ctx.db.update(importAttempts).set({ status: 'failed', failure: 'The worker running it stopped', processedRows: 10, readBytes: 0, importedCount: 10 }).where(eq(importAttempts.id, done.id));
    const retried = await as.agent.post(`/v1/contacts/retry_failed_import_attempts/${done.id}`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toMatchObject({ status: 'queued', failure: null });
    const again = await waitDone('agent', done.id);
    expect(again).toMatchObject({ status: 'completed', processed_rows: 30, imported_count: 10 });
    const rows = await importedOf(done.id);
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((r) => r.row)).size).toBe(30);
  });

  it('deletes an attempt with its error rows and file, leaving its contacts', async () => {
    const res = await as.agent.post('/v1/contacts/leads_uploader', form('gone.csv', 'first\nGone\n', { fields: ['first_name'] }));
    const done = await waitDone('agent', res.json().data.id);
    expect((await as.agent.delete(`/v1/contacts/delete_import_attempts/${done.id}`)).statusCode).toBe(204);
    expect((await as.agent.get(`/v1/contacts/import_attempts/${done.id}/errors.csv`)).statusCode).toBe(404);
    expect(await importedOf(done.id)).toHaveLength(1);
  });
});

describe('import settings (saved mappings)', () => {
  it('saves by name (replacing one of the same name), lists the caller\'s own, deletes', async () => {
    const body = { name: 'Vendor A', headers: ['First', 'Phone'], fields: ['first_name', 'phone'] };
    const saved = await as.agent.post('/v1/import_settings', body);
    expect(saved.statusCode, saved.body).toBe(200);
    const replaced = await as.agent.post('/v1/import_settings', { ...body, name: 'vendor a', fields: ['first_name', null] });
    expect(replaced.json().data.id).toBe(saved.json().data.id);
    const list = (await as.agent.get('/v1/import_settings')).json().data;
    expect(list).toEqual([expect.objectContaining({ id: saved.json().data.id, headers: ['First', 'Phone'], fields: ['first_name', null] })]);
    expect((await as.telemarketer.get('/v1/import_settings')).json().data).toEqual([]);
    expect((await as.telemarketer.delete(`/v1/import_settings/${saved.json().data.id}`)).statusCode).toBe(404);
    const bad = await as.agent.post('/v1/import_settings', { name: '', headers: ['a'], fields: ['nope'] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({ name: 'Name is required', 'fields.0': 'Choose a field or leave the column out' });
    expect((await as.agent.delete(`/v1/import_settings/${saved.json().data.id}`)).statusCode).toBe(204);
    expect((await as.agent.get('/v1/import_settings')).json().data).toEqual([]);
  });
});


describe('an error file fixed and imported again (issue 12: a warned row "can be fixed and re-imported")', () => {
  /** The error file as rows of cells (the byte-order mark dropped). */
  const errorRows = async (attemptId: number): Promise<string[][]> => {
    const res = await as.agent.get(`/v1/contacts/import_attempts/${attemptId}/errors.csv`);
    expect(res.statusCode).toBe(200);
    return parse(res.body.replace(/^\uFEFF/, ''), { relax_column_count: true }) as string[][];
  };
  const refixed = (lastName: string) =>
    t.ctx.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.lastName, lastName), isNull(contacts.deletedAt)));

  it('updates the contact each warned row made: its empty fields filled with the fixed values, nothing the agent entered since overwritten, no second contact', async () => {
    const csv =
      HEADER +
      'Rita,Refix,555-501-0001,rita.refix@example.com,31/31/1950,ZZ,keep me\n' + // DOB and State left out
      'Sam,Refix,5555010002,,02/02/1952,FL,\n' +
      ',,12,,,,nobody\n' + // refused
      'Sam,Refix,5555010002,,02/02/1952,FL,\n'; // refused: repeats row 3
    const first = await waitDone('agent', (await as.agent.post('/v1/contacts/leads_uploader', form('refix.csv', csv, { fields: MAPPING }))).json().data.id);
    expect(first).toMatchObject({ status: 'completed', imported_count: 2, warning_count: 1, error_count: 2, updated_count: 0 });
    const [rita, sam] = await importedOf(first.id);
    // since the import, the agent has entered Rita's state and a second phone on her page
    const edited = await as.agent.patch(`/v1/contacts/${rita!.id}`, { state: 'TX', phones: [{ number: '5555010001' }, { number: '5555010003' }] });
    expect(edited.statusCode, edited.body).toBe(200);

    const file = await errorRows(first.id);
    expect(file[0]).toEqual(['Row', 'Outcome', 'Columns', 'Problems', 'Contact ID', ...HEADER.trim().split(',')]);
    // the warned row names the contact it made, a repeat the contact of the row it repeats; the other refused row made none
    expect(file.slice(1).map((l) => [l[0], l[1], l[4]])).toEqual([
      ['2', 'imported with warnings', String(rita!.id)],
      ['4', 'refused', ''],
      ['5', 'refused', String(sam!.id)],
    ]);
    // the agent fixes the date of birth and the state in the file and imports it again
    const dob = file[0]!.indexOf('DOB');
    const state = file[0]!.indexOf('State');
    const fixed = file.map((l, i) => (i === 1 ? l.map((v, c) => (c === dob ? '01/31/1950' : c === state ? 'FL' : v)) : l));
    const text = fixed.map((l) => csvLine(l)).join('');
    const validation = (await as.agent.post('/v1/contacts/validate_import', form('refix-errors.csv', text))).json().data as ImportValidation;
    expect(validation.proposed_fields).toEqual([null, null, null, null, 'contact_id', ...MAPPING]);
    // the preview says which rows update their contact
    expect(validation.preview.map((p) => [p.row, p.outcome])).toEqual([
      [2, 'imports'],
      [3, 'refused'],
      [4, 'imports'],
    ]);
    expect(validation.updating_rows).toEqual([2, 4]);
    const again = await as.agent.post('/v1/contacts/leads_uploader', form('refix-errors.csv', text, { fields: validation.proposed_fields }));
    expect(again.statusCode, again.body).toBe(200);
    const second = await waitDone('agent', again.json().data.id);
    // Rita's row and the repeat of Sam's update them; the row with nothing to identify is refused again
    expect(second).toMatchObject({ status: 'completed', imported_count: 0, updated_count: 2, warning_count: 0, error_count: 1 });

    // the same contact, no second one: the date filled, the state the agent entered kept, the phones not doubled
    expect(await refixed('Refix')).toHaveLength(2);
    const shown = (await as.agent.get(`/v1/contacts/${rita!.id}`)).json().data;
    expect(shown).toMatchObject({ first_name: 'Rita', last_name: 'Refix', date_of_birth: '1950-01-31', state: 'TX' });
    expect(shown.phones.map((p: { number: string }) => p.number)).toEqual(['15555010001', '15555010003']);
    expect(shown.emails.map((e: { email: string }) => e.email)).toEqual(['rita.refix@example.com']);
    // the second error file has the refused row again (and no report columns twice)
    const secondFile = await errorRows(second.id);
    expect(secondFile[0]).toEqual(file[0]);
    expect(secondFile.slice(1).map((l) => [l[0], l[1], l[4]])).toEqual([['3', 'refused', '']]);
  });

  it('adds what the fixed row brings new (a phone), a note it has once, and reports a value still wrong as "updated with warnings", naming the contact again', async () => {
    const header = 'First Name,Last Name,Phone,Email,DOB,Notes\n';
    const mapping = ['first_name', 'last_name', 'phone', 'email', 'date_of_birth', 'note'];
    const made = await waitDone(
      'agent',
      (await as.agent.post('/v1/contacts/leads_uploader', form('notes.csv', `${header}Nora,Renote,999,nora.renote@example.com,,Call after 5\n`, { fields: mapping }))).json().data.id,
    );
    const [nora] = await importedOf(made.id);
    const file = await errorRows(made.id);
    const phone = file[0]!.indexOf('Phone');
    const dob = file[0]!.indexOf('DOB');
    const text = file.map((l, i) => csvLine(i === 1 ? l.map((v, c) => (c === phone ? '555-601-0001' : c === dob ? '99/99/99' : v)) : l)).join('');
    // scrubbing on: the contact a row updates is no match of the row's own e-mail
    const again = await as.agent.post(
      '/v1/contacts/leads_uploader',
      form('notes-errors.csv', text, { fields: [null, null, null, null, 'contact_id', ...mapping], scrub_against: { phone: true, email: true, do_not_contact: true, updated_lead_tags: [] } }),
    );
    const second = await waitDone('agent', again.json().data.id);
    expect(second).toMatchObject({ imported_count: 0, updated_count: 1, warning_count: 1, skipped_count: 0 });
    const shown = (await as.agent.get(`/v1/contacts/${nora!.id}`)).json().data;
    expect(shown.phones.map((p: { number: string }) => p.number)).toEqual(['15556010001']);
    // the note the first import made is not made twice
    const notes = await t.ctx.db.select({ body: contactNotes.body }).from(contactNotes).where(eq(contactNotes.contactId, nora!.id));
    expect(notes).toEqual([{ body: 'Call after 5' }]);
    const secondFile = await errorRows(second.id);
    expect(secondFile.slice(1).map((l) => [l[1], l[2], l[4]])).toEqual([['updated with warnings', 'DOB', String(nora!.id)]]);
  });

  it("never updates a contact the importer may not edit (another agent's, another company's, one in the trash): such a row is a new contact with a warning", async () => {
    const others = await createContact(as.field, { first_name: 'Fieldsown', last_name: 'Stranger' });
    expect((await as.agent.get(`/v1/contacts/${others.id}`)).statusCode).toBe(404);
    const foreign = await createContact(as.kAgent, { first_name: 'Keystones', last_name: 'Stranger' });
    const trashed = await createContact(as.agent, { first_name: 'Trashed', last_name: 'Stranger' });
    await t.ctx.db.update(contacts).set({ deletedAt: new Date() }).where(eq(contacts.id, trashed.id));
    // an error file whose ids were changed to name contacts the importer may not edit
    const csv =
      'Row,Outcome,Columns,Problems,Contact ID,First Name,Last Name,DOB\n' +
      `2,,,,${others.id},Hijack,Stranger,01/01/1950\n` +
      `3,,,,${foreign.id},Hijack,Stranger,01/02/1950\n` +
      `4,,,,${trashed.id},Hijack,Stranger,01/03/1950\n` +
      '5,,,,abc,Hijack,Stranger,01/04/1950\n';
    const validation = (await as.agent.post('/v1/contacts/validate_import', form('strangers.csv', csv))).json().data as ImportValidation;
    expect(validation.proposed_fields).toEqual([null, null, null, null, 'contact_id', 'first_name', 'last_name', 'date_of_birth']);
    // the check says so before the import, as the import will
    expect(validation.preview.map((p) => p.outcome)).toEqual(Array.from({ length: 4 }, () => 'imports_with_warnings'));
    expect(validation.updating_rows).toEqual([]);
    expect(validation.problems.map((p) => p.reason)[0]).toBe(`Contact ID ${others.id} is not one of your contacts: imported as a new contact`);
    const done = await waitDone('agent', (await as.agent.post('/v1/contacts/leads_uploader', form('strangers.csv', csv, { fields: validation.proposed_fields }))).json().data.id);
    expect(done).toMatchObject({ status: 'completed', imported_count: 4, updated_count: 0, warning_count: 4 });
    const made = await importedOf(done.id);
    expect(made.map((r) => [r.firstName, r.ownerId])).toEqual(Array.from({ length: 4 }, () => ['Hijack', as.agent.userId]));
    // the others' contacts are as they were
    const untouched = await t.ctx.db
      .select({ id: contacts.id, firstName: contacts.firstName, dateOfBirth: contacts.dateOfBirth })
      .from(contacts)
      .where(inArray(contacts.id, [others.id, foreign.id, trashed.id]))
      .orderBy(contacts.id);
    expect(untouched).toEqual(
      [others, foreign, trashed].sort((a, b) => a.id - b.id).map((c) => ({ id: c.id, firstName: c.first_name, dateOfBirth: null })),
    );
    // each row says so, and the error file names the new contact (to fix and import again), not the one given
    const file = await errorRows(done.id);
    expect(file.slice(1).map((l) => [l[3], l[4]])).toEqual([
      [`Contact ID ${others.id} is not one of your contacts: imported as a new contact`, String(made[0]!.id)],
      [`Contact ID ${foreign.id} is not one of your contacts: imported as a new contact`, String(made[1]!.id)],
      [`Contact ID ${trashed.id} is not one of your contacts: imported as a new contact`, String(made[2]!.id)],
      ["Contact ID 'abc' is not a contact id: imported as a new contact", String(made[3]!.id)],
    ]);
  });
});

import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactsScope, EXPORT_COLUMNS, EXPORT_MAX_ROWS, ROW_ESTIMATE_HEADER, type Contact } from '@crm/contract';
import { createContact, listContacts, signInCast, type SignedIn } from '../../test/contact-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { eventually } from '../../test/cable-client';
import { spreadsheetSafe } from '../contacts/contacts-export.repository';
import { safeCell } from './export-writers';

let t: TestApp;
const as: Record<string, SignedIn> = {};
let risky: Contact;
let plain: Contact;

beforeAll(async () => {
  t = await createTestApp();
  Object.assign(as, await signInCast(t));
  risky = await createContact(as.agent!, {
    first_name: 'Formula',
    last_name: 'Exportzz',
    note: '=HYPERLINK("http://evil.example","click")',
    address1: '@SUM(A1:A9)',
    phones: [{ number: '5551234567', phone_type: 2 }],
    emails: [{ email: 'formula.exportzz@example.com' }],
  });
  plain = await createContact(as.agent!, {
    first_name: 'Plain',
    last_name: 'Exportzz',
    note: '-10 degrees, "cold"',
    city: 'Tampa',
    category: 'prospect',
    timezone: 'mst',
    language: 'spanish',
    state: 'FL',
    zip: '02134',
    date_of_birth: '1950-03-31',
  });
  // a policy of a type whose code differs from its label
  const policy = await as.agent!.post(`/v1/contacts/${plain.id}/policies`, { policy_type: 'final_expense' });
  expect(policy.statusCode, policy.body).toBeLessThan(300);
});
afterAll(() => t.close());

/** The rows of a CSV answer (header first), read by ExcelJS's CSV reader. */
async function csvRows(body: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  const sheet = await workbook.csv.read(Readable.from([body.replace(/^\uFEFF/, '')]), { parserOptions: { delimiter: ',' }, map: (v: string) => v });
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === undefined || v === null ? '' : String(v)))));
  return rows;
}

describe('PATCH /v1/export.csv', () => {
  it('streams the chosen contacts as a CSV file named by the date, with the header and one row each', async () => {
    const res = await as.agent!.patch('/v1/export.csv', { ids: [plain.id, risky.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.headers[ROW_ESTIMATE_HEADER]).toBe('2');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = await csvRows(res.body);
    expect(header).toEqual(EXPORT_COLUMNS.map(([, label]) => label));
    // list order: last name, then id
    expect(rows.map((r) => r[1])).toEqual(['Formula', 'Plain']);
    const byColumn = (row: string[]) => Object.fromEntries(EXPORT_COLUMNS.map(([key], i) => [key, row[i]]));
    const formula = byColumn(rows[0]!);
    expect(formula).toMatchObject({ id: String(risky.id), last_name: 'Exportzz', phones: '1-555-123-4567', emails: 'formula.exportzz@example.com' });
    expect(formula.owner).toBe(risky.owner.name);
    expect(formula.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // what a spreadsheet would run is written as text
    expect(formula.note).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(formula.address1).toBe(`'@SUM(A1:A9)`);
    expect(byColumn(rows[1]!).note).toBe(`'-10 degrees, "cold"`);
    expect(byColumn(rows[1]!).city).toBe('Tampa');
    // codes written as the screens show them (the labels of the contract)
    expect(byColumn(rows[1]!)).toMatchObject({
      category: 'Prospect',
      timezone: 'Mountain (MST)',
      language: 'Spanish',
      state: 'FL',
      policy_types: 'Final expense',
      date_of_birth: '1950-03-31',
    });
    expect(formula.category).toBe('Lead');
  });

  it('exports all matching a scope, in list order: the same contacts as the list', async () => {
    const scope = { q: 'exportzz', order_field: 'first_name', order: 'desc' } as const;
    const res = await as.agent!.patch('/v1/export.csv', { all: true, contacts_scope: scope });
    const rows = (await csvRows(res.body)).slice(1);
    expect(rows.map((r) => Number(r[0]))).toEqual((await listContacts(as.agent!, scope)).data.map((c) => c.id));
    // the agent's whole book
    const everything = (await csvRows((await as.agent!.patch('/v1/export.csv', { all: true })).body)).slice(1);
    expect(everything).toHaveLength((await listContacts(as.agent!, { exact_count: true, limit: 1 })).meta.total_count);
  });

  it('reaches only the caller\'s contacts: another agent\'s id is 404, and all matching covers only their own', async () => {
    expect((await as.telemarketer!.patch('/v1/export.csv', { ids: [risky.id] })).statusCode).toBe(404);
    expect((await as.kAgent!.patch('/v1/export.csv', { ids: [risky.id] })).statusCode).toBe(404);
    const theirs = (await csvRows((await as.telemarketer!.patch('/v1/export.csv', { all: true, contacts_scope: { q: 'exportzz' } })).body)).slice(1);
    expect(theirs).toEqual([]);
    // the manager reaches the agent's
    const manager = (await csvRows((await as.manager!.patch('/v1/export.csv', { ids: [risky.id] })).body)).slice(1);
    expect(manager.map((r) => Number(r[0]))).toEqual([risky.id]);
  });

  it('refuses a request without a choice of contacts (422), and stops at the spec\'s 999,999 rows', async () => {
    const res = await as.agent!.patch('/v1/export.csv', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({ ids: 'Choose contacts' });
    expect(EXPORT_MAX_ROWS).toBe(999_999);
    // the cap is the statement's LIMIT: with a cap of 1, one row of two
    const reach = { kind: 'own', companyId: as.agent!.companyId, userId: as.agent!.userId } as const;
    const batches: unknown[][] = [];
    for await (const batch of t.ctx.contactsRepository.exportRows(reach, { ids: [risky.id, plain.id] }, 'UTC', { max: 1 })) batches.push(batch);
    expect(batches.flat()).toHaveLength(1);
    // the CSV written by the database: the same cap
    let text = '';
    for await (const chunk of await t.ctx.contactsRepository.exportCsv(reach, { ids: [risky.id, plain.id] }, 'UTC', { max: 1 })) text += String(chunk);
    expect(text.trim().split('\n')).toHaveLength(1);
  });

  it('writes the same CSV in list order as the list, the scope\'s search and the duplicate scan included', async () => {
    const reach = { kind: 'own', companyId: as.agent!.companyId, userId: as.agent!.userId } as const;
    const csvIds = async (scope: Record<string, unknown>, options: { connections?: number; sizes?: number[]; max?: number } = {}) => {
      let text = '';
      for await (const chunk of await t.ctx.contactsRepository.exportCsv(reach, { scope: contactsScope.parse(scope), timeZone: 'UTC' }, 'UTC', options)) text += String(chunk);
      return (await csvRows(text)).map((r) => Number(r[0]));
    };
    const listed = (await listContacts(as.agent!, { order_field: 'first_name', order: 'desc', limit: 500 })).data.map((c) => c.id);
    expect(listed.length).toBeGreaterThan(10);
    expect(await csvIds({ order_field: 'first_name', order: 'desc' })).toEqual(listed);
    // cut into slices (the next ids by keyset each), written by one connection or several at once under one snapshot,
    // sent one after the other: the same file
    expect(await csvIds({ order_field: 'first_name', order: 'desc' }, { connections: 1, sizes: [1, 2, 3] })).toEqual(listed);
    expect(await csvIds({ order_field: 'first_name', order: 'desc' }, { connections: 3, sizes: [2, 3] })).toEqual(listed);
    expect(await csvIds({ order_field: 'first_name', order: 'desc' }, { connections: 3, sizes: [2, 3], max: 7 })).toEqual(listed.slice(0, 7));
    // a list that ends exactly at a slice's end: no slice repeated, none missing
    expect(await csvIds({ order_field: 'first_name', order: 'desc' }, { connections: 2, sizes: [listed.length] })).toEqual(listed);
    expect(await csvIds({ order_field: 'first_name', order: 'desc' }, { connections: 2, sizes: [1], max: 4 })).toEqual(listed.slice(0, 4));
    expect(await csvIds({ q: 'exportzz' })).toEqual([risky.id, plain.id]);
    expect(await csvIds({ q: 'exportzz' }, { sizes: [1] })).toEqual([risky.id, plain.id]);
    expect(await csvIds({ q: 'exportzz', duplicates: { last_name: true } }, { sizes: [1] })).toEqual([risky.id, plain.id]);
    expect(await csvIds({ q: 'nobody-is-called-this' })).toEqual([]);
  });

  it('neutralises formulas in the database exactly as safeCell does in Node (one rule, both places)', async () => {
    const samples = ['=1+2', '+15551234567', '-10', '@SUM(A1)', '\tTab', '\rReturn', 'plain', 'a=b', ' =spaced', ''];
    const result = await t.ctx.db.execute<{ v: string }>(
      sql`select ${spreadsheetSafe(sql`v`)} as v from unnest(${sql.param(samples)}::text[]) with ordinality as s(v, n) order by n`,
    );
    expect(result.rows.map((r) => r.v)).toEqual(samples.map(safeCell));
  });

  it('frees its database connections when the download is stopped half way', async () => {
    const reach = { kind: 'own', companyId: as.agent!.companyId, userId: as.agent!.userId } as const;
    const pool = t.ctx.db.$client;
    const busy = () => pool.totalCount - pool.idleCount;
    /** Reads the stream's first chunk, then stops it (the browser going away); how many connections were busy meanwhile. */
    const busyAfterFirst = async (stream: Readable) => {
      const chunks = stream[Symbol.asyncIterator]();
      expect(String((await chunks.next()).value).length).toBeGreaterThan(0);
      try {
        return busy();
      } finally {
        await chunks.return?.();
      }
    };
    // nothing is taken before the file is read
    const idle = await t.ctx.contactsRepository.exportCsv(reach, { scope: contactsScope.parse({}), timeZone: 'UTC' }, 'UTC');
    expect(busy()).toBe(0);
    idle.destroy();
    // a slice a row, three connections at once: every one freed when the download stops
    const sliced = await t.ctx.contactsRepository.exportCsv(reach, { scope: contactsScope.parse({}), timeZone: 'UTC' }, 'UTC', { connections: 3, sizes: [1] });
    expect(await busyAfterFirst(sliced)).toBe(3);
    await eventually(() => expect(busy()).toBe(0));
    // with the pool nearly taken, one connection: an export never leaves fewer than two to the rest
    const held = await Promise.all(Array.from({ length: pool.options.max - 3 }, () => pool.connect()));
    try {
      const single = await t.ctx.contactsRepository.exportCsv(reach, { scope: contactsScope.parse({}), timeZone: 'UTC' }, 'UTC', { connections: 3, sizes: [1] });
      expect(await busyAfterFirst(single)).toBe(held.length + 1);
    } finally {
      held.forEach((client) => client.release());
    }
    await eventually(() => expect(busy()).toBe(0));
  });

  it('answers at once: the headers with the row estimate and the file\'s header line leave while the rows are still being read', async () => {
    const agent = as.agent!;
    const total = (await listContacts(agent, { exact_count: true, limit: 1 })).meta.total_count;
    const pool = t.ctx.db.$client;
    const locker = await pool.connect();
    // the rows' statement reads the phones: it waits for this lock, the answer does not
    await locker.query('begin; lock table contact_phones in access exclusive mode');
    let locked = true;
    try {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/v1/export.csv',
        payload: { all: true },
        headers: { cookie: [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrf-token': agent.cookies.get('crm_csrf') ?? '' },
        payloadAsStream: true,
      });
      expect(res.statusCode).toBe(200);
      // a book this size is counted exactly (a large one is the planner's estimate)
      expect(Number(res.headers[ROW_ESTIMATE_HEADER])).toBe(total);
      const chunks = res.stream()[Symbol.asyncIterator]();
      const first = String((await chunks.next()).value);
      expect(first).toBe(`\uFEFF${EXPORT_COLUMNS.map(([, label]) => label).join(',')}\n`);
      await locker.query('commit');
      locked = false;
      let rest = '';
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) rest += String(next.value);
      expect(await csvRows(first + rest)).toHaveLength(total + 1);
    } finally {
      if (locked) await locker.query('rollback');
      locker.release();
    }
  });

  it('reads batch after batch in list order (keyset), and the duplicate scan by offset, without repeating a row', async () => {
    const reach = { kind: 'own', companyId: as.agent!.companyId, userId: as.agent!.userId } as const;
    const rows = async (scope: Record<string, unknown>, batch: number) => {
      const out: number[] = [];
      const query = { scope: contactsScope.parse(scope), timeZone: 'UTC' };
      for await (const part of t.ctx.contactsRepository.exportRows(reach, query, 'UTC', { batch })) out.push(...part.map((r) => Number(r.id)));
      return out;
    };
    const whole = await rows({ order_field: 'first_name', order: 'desc' }, 5000);
    expect(whole.length).toBeGreaterThan(20);
    expect(new Set(whole).size).toBe(whole.length);
    expect(await rows({ order_field: 'first_name', order: 'desc' }, 7)).toEqual(whole);
    // the search box (its matches sorted) and the duplicate scan (paged by offset), a row at a time
    expect(await rows({ q: 'exportzz' }, 1)).toEqual([risky.id, plain.id]);
    expect(await rows({ q: 'exportzz', duplicates: { last_name: true } }, 1)).toEqual([risky.id, plain.id]);
  });
});

/** The XML of the workbook's first sheet, as written (to check the cells' types as a spreadsheet reads them). */
async function sheetXml(file: Buffer): Promise<string> {
  const { default: JSZip } = await import('jszip');
  const zip = await JSZip.loadAsync(file);
  return zip.file('xl/worksheets/sheet1.xml')!.async('string');
}

describe('PATCH /v1/export.xlsx', () => {
  it('streams a workbook: header frozen, numbers and dates typed, text as strings without an apostrophe, labels not codes', async () => {
    const res = await as.agent!.patch('/v1/export.xlsx', { ids: [risky.id, plain.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/filename="contacts-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Contacts')!;
    expect(sheet.rowCount).toBe(3);
    // the header row is frozen
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const text = (cell: ExcelJS.Cell) => cell.text;
    expect(sheet.getRow(1).cellCount).toBe(EXPORT_COLUMNS.length);
    expect(EXPORT_COLUMNS.map((_, i) => text(sheet.getRow(1).getCell(i + 1)))).toEqual(EXPORT_COLUMNS.map(([, label]) => label));
    const column = (key: string) => EXPORT_COLUMNS.findIndex(([k]) => k === key) + 1;
    const risk = sheet.getRow(2);
    const calm = sheet.getRow(3);
    // the id is a number
    expect(risk.getCell(1).type).toBe(ExcelJS.ValueType.Number);
    expect(risk.getCell(1).value).toBe(risky.id);
    // text is a string cell, as typed: no apostrophe (a string cell is never evaluated)
    for (const cell of [risk.getCell(column('note')), risk.getCell(column('address1')), calm.getCell(column('note'))]) {
      expect([ExcelJS.ValueType.String, ExcelJS.ValueType.RichText]).toContain(cell.type);
    }
    expect(text(risk.getCell(column('note')))).toBe('=HYPERLINK("http://evil.example","click")');
    expect(text(risk.getCell(column('address1')))).toBe('@SUM(A1:A9)');
    expect(text(calm.getCell(column('note')))).toBe('-10 degrees, "cold"');
    // a ZIP keeps its leading zero: text, not a number
    expect(text(calm.getCell(column('zip')))).toBe('02134');
    // dates are date cells with a date format
    const birth = calm.getCell(column('date_of_birth'));
    expect(birth.type).toBe(ExcelJS.ValueType.Date);
    expect((birth.value as Date).toISOString().slice(0, 10)).toBe('1950-03-31');
    expect(birth.numFmt).toMatch(/yy/);
    const created = calm.getCell(column('created_at'));
    expect(created.type).toBe(ExcelJS.ValueType.Date);
    expect(created.numFmt).toMatch(/hh:mm/);
    expect(Math.abs((created.value as Date).getTime() - Date.parse(plain.created_at))).toBeLessThan(36 * 3600_000);
    // labels as the screen shows them
    expect(text(calm.getCell(column('category')))).toBe('Prospect');
    expect(text(calm.getCell(column('timezone')))).toBe('Mountain (MST)');
    expect(text(calm.getCell(column('policy_types')))).toBe('Final expense');
    expect(text(risk.getCell(column('category')))).toBe('Lead');
    // as written: the frozen pane, text as inline strings (never formulas), no apostrophe anywhere
    const xml = await sheetXml(res.rawPayload);
    expect(xml).toMatch(/<pane [^>]*ySplit="1"[^>]*state="frozen"/);
    expect(xml).toContain('t="inlineStr"');
    expect(xml).not.toMatch(/<f>/);
    expect(xml).not.toContain("'=HYPERLINK");
  });
});

describe('the row estimate of an export', () => {
  it('counts a scope of a book this size exactly, gives the ticked ids\' number, and never says more than the export writes', async () => {
    const reach = { kind: 'own', companyId: as.agent!.companyId, userId: as.agent!.userId } as const;
    const scope = (q?: string) => ({ scope: contactsScope.parse(q ? { q } : {}), timeZone: 'UTC' });
    const total = (await listContacts(as.agent!, { exact_count: true, limit: 1 })).meta.total_count;
    expect(await t.ctx.contactsRepository.exportEstimate(reach, scope())).toBe(total);
    expect(await t.ctx.contactsRepository.exportEstimate(reach, scope('exportzz'))).toBe(2);
    expect(await t.ctx.contactsRepository.exportEstimate(reach, scope(), 3)).toBe(3);
    expect(await t.ctx.contactsRepository.exportEstimate(reach, { ids: [risky.id, plain.id] })).toBe(2);
  });
});

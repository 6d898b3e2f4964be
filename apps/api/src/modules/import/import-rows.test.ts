import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { readImportRows, sniffDelimiter } from './import-file';
import { createRowMapper, importDate, splitFullName } from './import-rows';

describe('import row rules', () => {
  it('reads lead-list dates as YYYY-MM-DD; a 2-digit year after this one is in the 1900s', () => {
    expect(importDate('1/5/1950', 2026)).toBe('1950-01-05');
    expect(importDate('12-31-48', 2026)).toBe('1948-12-31');
    expect(importDate('03.04.21', 2026)).toBe('2021-03-04');
    expect(importDate('1950-02-03T00:00:00Z', 2026)).toBe('1950-02-03');
    expect(importDate('yesterday', 2026)).toBe('yesterday');
  });

  it('splits full names: "Last, First", or the last word as the last name', () => {
    expect(splitFullName('Smith, Mary Ann')).toEqual({ first: 'Mary Ann', last: 'Smith' });
    expect(splitFullName('Mary Ann Smith')).toEqual({ first: 'Mary Ann', last: 'Smith' });
    expect(splitFullName('Cher')).toEqual({ first: 'Cher', last: '' });
  });

  it('picks the separator its first line has most of, outside quotes', () => {
    expect(sniffDelimiter('a;b;c\n1,2;3')).toBe(';');
    expect(sniffDelimiter('"a,b,c"\tx\ty\n')).toBe('\t');
    expect(sniffDelimiter('first,last\n')).toBe(',');
  });

  it('numbers CSV rows as a spreadsheet shows them: a blank line is a row, a quoted cell over several lines stays in one', async () => {
    const rows: [number, string[]][] = [];
    const csv = 'First,Note\r\n\r\nAnn,"line one\r\nline two"\r\n,\r\nBo,"a\nb\nc"\r\nCy,\r\n';
    for await (const r of readImportRows(Readable.from([Buffer.from(csv)]), 'csv', 'utf-8')) rows.push([r.row, r.values]);
    // row 2 is blank, row 4 has empty cells only: both are left out, and counted
    expect(rows).toEqual([
      [1, ['First', 'Note']],
      [3, ['Ann', 'line one\r\nline two']],
      [5, ['Bo', 'a\nb\nc']],
      [6, ['Cy', '']],
    ]);
  });

  const harbor = { keystrokeExtras: '' };
  const titles = (...names: string[]) => ({ ids: new Map(names.map((n, i) => [n.toLowerCase(), i + 7])), titles: names });
  const rules = { statuses: titles('New', 'Contacted'), sources: titles(), brand: harbor };

  it("maps a row by the contact form's own rules: full state names, M/F genders, phones in dialing form, statuses by title", () => {
    const mapRow = createRowMapper(['Name', 'State', 'Sex', 'Phone', 'Phone 2', 'Status'], ['full_name', 'state', 'gender', 'phone', 'phone', 'status'], rules);
    expect(mapRow(['Doe, Jane', 'new york', 'F', '(555) 123-4567', '555-123-4567', 'New'])).toEqual({
      ok: true,
      warnings: [],
      key: expect.any(String),
      contact: expect.objectContaining({ phones: ['15551234567'], emails: [], values: expect.objectContaining({ firstName: 'Jane', lastName: 'Doe', state: 'NY', gender: 'female', statusId: 7 }) }),
    });
  });

  it('leaves a value that fails its rule out with a warning naming the column as the file does and what it accepts; the row still imports', () => {
    const mapRow = createRowMapper(
      ['Name', 'ST', 'Phone', 'Status', 'Kind', 'Birth', 'Zip', 'Lang', 'Town'],
      ['full_name', 'state', 'phone', 'status', 'category', 'date_of_birth', 'zip', 'language', 'city'],
      rules,
    );
    const row = mapRow(['Doe, Jane', 'Atlantis', '555', 'Hot lead', 'VIP', '13/45/1950', '1234', 'Klingon', 'Bogotá <3']);
    expect(row).toMatchObject({ ok: true, contact: { values: { firstName: 'Jane', lastName: 'Doe', state: null, statusId: null, dateOfBirth: null, zip: null, language: null, city: null }, phones: [], category: null } });
    expect(row.ok && row.warnings).toEqual([
      { column: 'Phone', value: '555', severity: 'warning', reason: "Phone '555' is not a phone number: use 10 digits, or 11 starting with 1, in any punctuation ((555) 201-0001, 1-555-201-0001)" },
      { column: 'Status', value: 'Hot lead', severity: 'warning', reason: "Status 'Hot lead' is not one of your statuses: use New, Contacted" },
      { column: 'Kind', value: 'VIP', severity: 'warning', reason: "Kind 'VIP' is not a category: use Lead, Prospect or Client" },
      { column: 'ST', value: 'Atlantis', severity: 'warning', reason: "ST 'Atlantis' is not a US state: use a two-letter code (FL) or the state's name (Florida)" },
      { column: 'Zip', value: '1234', severity: 'warning', reason: "Zip '1234' is not a ZIP code: use 5 digits or ZIP+4 (12345-6789)" },
      { column: 'Lang', value: 'Klingon', severity: 'warning', reason: "Lang 'Klingon' is not a language: use English, Spanish, French, Chinese, Korean or German" },
      { column: 'Town', value: 'Bogotá <3', severity: 'warning', reason: "Town 'Bogotá <3' has characters that are not allowed here (<)" },
      { column: 'Birth', value: '13/45/1950', severity: 'warning', reason: "Birth '13/45/1950' is not a date: use MM/DD/YYYY, YYYY-MM-DD or M/D/YY" },
    ]);
    const future = mapRow(['Doe, Jane', '', '', '', '', '12/31/2999', '', '', '']);
    expect(future.ok && future.warnings).toEqual([
      { column: 'Birth', value: '12/31/2999', severity: 'warning', reason: "Birth '12/31/2999' is not a date of birth: use a past date after 1900" },
    ]);
  });

  it('refuses a row only when nothing identifies a person: a name, or one valid phone or e-mail, is enough', () => {
    const mapRow = createRowMapper(['First', 'Last', 'Phone', 'Mail'], ['first_name', 'last_name', 'phone', 'email'], rules);
    expect(mapRow(['', 'Doe', '', '']).ok).toBe(true);
    expect(mapRow(['', '', '5551234567', '']).ok).toBe(true);
    expect(mapRow(['', '', '', "o'brien+x@exämple.com"])).toMatchObject({ ok: true, contact: { emails: ["o'brien+x@exämple.com"] } });
    expect(mapRow(['Zoë 😀', '', '123456', 'not-mail'])).toEqual({
      ok: false,
      problems: [
        { column: '', value: '', severity: 'refusal', reason: 'Nothing to identify the person by: no name, and no valid phone or e-mail' },
        { column: 'First', value: 'Zoë 😀', severity: 'warning', reason: "First 'Zoë 😀' has characters that are not allowed here (😀)" },
        { column: 'Phone', value: '123456', severity: 'warning', reason: expect.stringContaining("Phone '123456' is not a phone number") },
        { column: 'Mail', value: 'not-mail', severity: 'warning', reason: "Mail 'not-mail' is not an e-mail address: use name@example.com" },
      ],
    });
  });

  it('reads the category from a column in any case, and keys a row by every value it keeps (names without case)', () => {
    const mapRow = createRowMapper(['Name', 'Type', 'Notes', 'Comments'], ['full_name', 'category', 'note', 'note'], rules, 'lead');
    const client = mapRow(['Ann Lee', 'CLIENTS', 'Call after 5', '']);
    expect(client).toMatchObject({ ok: true, contact: { category: 'client', notes: ['Call after 5'] } });
    const same = mapRow(['ANN LEE', 'client', 'Call after 5', '']);
    const lead = mapRow(['Ann Lee', '', 'Call after 5', '']);
    const asLead = mapRow(['Ann Lee', 'Lead', 'Call after 5', '']);
    const twoNotes = mapRow(['Ann Lee', 'client', 'Call after 5', 'Spouse too']);
    const key = (r: ReturnType<typeof mapRow>) => (r.ok ? r.key : null);
    expect(key(same)).toBe(key(client));
    expect(key(lead)).toBe(key(asLead)); // an empty category is the import's own
    expect(key(lead)).not.toBe(key(client));
    expect(key(twoNotes)).not.toBe(key(client));
    expect(twoNotes.ok && twoNotes.contact.notes).toEqual(['Call after 5', 'Spouse too']);
  });
});

import { describe, expect, it } from 'vitest';
import { sniffDelimiter } from './import-file';
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

  it('maps a row by the contact form\'s own rules: full state names, M/F genders, phones in dialing form, unknown statuses refused', () => {
    const mapRow = createRowMapper(
      ['Name', 'State', 'Sex', 'Phone', 'Phone 2', 'Status'],
      ['full_name', 'state', 'gender', 'phone', 'phone', 'status'],
      { statuses: new Map([['new', 7]]), sources: new Map() },
    );
    expect(mapRow(['Doe, Jane', 'new york', 'F', '(555) 123-4567', '555-123-4567', 'New'])).toEqual({
      ok: true,
      contact: expect.objectContaining({ phones: ['15551234567'], emails: [], values: expect.objectContaining({ firstName: 'Jane', lastName: 'Doe', state: 'NY', gender: 'female', statusId: 7 }) }),
    });
    expect(mapRow(['Doe, Jane', 'Atlantis', '', '555', '', 'Hot lead'])).toEqual({
      ok: false,
      problems: [
        { column: 'Status', reason: 'Unknown status "Hot lead"' },
        { column: 'Phone', reason: 'Phone must have 10 or 11 digits' },
        { column: 'State', reason: 'Choose a state' },
      ],
    });
  });
});

import {
  createContactBody,
  IMPORT_FIELDS,
  US_STATES,
  type ImportField,
  type ImportRowProblem,
  type UsState,
} from '@crm/contract';
import { dialingNumber } from '@crm/util';
import type { ContactValues } from '../contacts/contacts.repository';

/** A row made ready to insert: the contact's columns, its phones (dialing form) and e-mails (lower case). */
export type ImportedContact = {
  values: Omit<ContactValues, 'ownerId' | 'category'>;
  phones: string[];
  emails: string[];
};

export type MappedRow = { ok: true; contact: ImportedContact } | { ok: false; problems: Omit<ImportRowProblem, 'row'>[] };

/** The company's statuses and sources by lower-case title, for columns that name them. */
export type TitleLookups = { statuses: Map<string, number>; sources: Map<string, number> };

const STATE_BY_NAME = new Map(Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase(), code as UsState]));
const GENDER_WORDS: Record<string, string> = { m: 'male', f: 'female', man: 'male', woman: 'female' };

/**
 * A date as lead lists write it, as YYYY-MM-DD: ISO already, or month/day/year with / - or . and a
 * 2- or 4-digit year (a 2-digit year later than this year's is in the 1900s: birth dates). Anything
 * else is left as it is for the contract's rule to refuse.
 */
export function importDate(text: string, thisYear = new Date().getUTCFullYear()): string {
  const us = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(text);
  if (!us) return /^\d{4}-\d{2}-\d{2}[T ]/.test(text) ? text.slice(0, 10) : text;
  const [, month, day, year] = us as unknown as [string, string, string, string];
  const short = thisYear % 100;
  const fullYear = year.length === 4 ? year : `${Number(year) > short ? Math.floor(thisYear / 100) - 1 : Math.floor(thisYear / 100)}${year}`;
  return `${fullYear}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** "Smith, John" → John / Smith; "Mary Ann Smith" → Mary Ann / Smith; one word is a first name. */
export function splitFullName(text: string): { first: string; last: string } {
  const comma = text.indexOf(',');
  if (comma >= 0) return { first: text.slice(comma + 1).trim(), last: text.slice(0, comma).trim() };
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length < 2) return { first: words[0] ?? '', last: '' };
  return { first: words.slice(0, -1).join(' '), last: words.at(-1) ?? '' };
}

const DATE_FIELDS = new Set<ImportField>(['date_of_birth', 'part_a_date', 'part_b_date']);

/**
 * Turns rows of a file into contacts by a mapping (one field or null per column). Each row is
 * checked by the contract's contact rules (createContactBody), so an import refuses exactly what
 * the contact form refuses, with the same messages; a problem names the column it came from.
 */
export function createRowMapper(headers: readonly string[], fields: readonly (ImportField | null)[], lookups: TitleLookups) {
  const columnOf = (index: number) => headers[index]?.trim() || `Column ${index + 1}`;
  const mapped = fields.flatMap((field, index) => (field ? [{ field, index }] : []));
  const single = new Map(mapped.filter((m) => m.field !== 'phone' && m.field !== 'email').map((m) => [m.field, m.index]));
  const phoneColumns = mapped.filter((m) => m.field === 'phone').map((m) => m.index);
  const emailColumns = mapped.filter((m) => m.field === 'email').map((m) => m.index);
  /** Where a contract field comes from, to name the column in a problem. */
  const columnOfField = (key: string): string => {
    const field = (key === 'first_name' || key === 'last_name') && !single.has(key) ? 'full_name' : key.replace(/_id$/, '');
    const index = single.get(field as ImportField);
    return index === undefined ? (IMPORT_FIELDS[field as ImportField]?.label ?? key) : columnOf(index);
  };

  return function mapRow(values: readonly string[]): MappedRow {
    const cell = (field: ImportField): string | undefined => {
      const index = single.get(field);
      return index === undefined ? undefined : (values[index] ?? '').trim();
    };
    const problems: Omit<ImportRowProblem, 'row'>[] = [];
    const titled = (field: 'status' | 'source', map: Map<string, number>): number | null | undefined => {
      const title = cell(field);
      if (!title) return title === undefined ? undefined : null;
      const id = map.get(title.toLowerCase());
      if (id === undefined) problems.push({ column: columnOf(single.get(field) as number), reason: `Unknown ${field} "${title}"` });
      return id ?? null;
    };
    const full = cell('full_name');
    const split = full ? splitFullName(full) : undefined;
    const phones = phoneColumns.map((index) => ({ index, text: (values[index] ?? '').trim() })).filter((p) => p.text !== '');
    const emails = emailColumns.map((index) => ({ index, text: (values[index] ?? '').trim() })).filter((e) => e.text !== '');
    const stateText = cell('state');
    const genderText = cell('gender')?.toLowerCase();
    const body: Record<string, unknown> = {
      first_name: cell('first_name') ?? split?.first ?? '',
      last_name: cell('last_name') ?? split?.last ?? '',
      phones: phones.map((p) => ({ number: p.text })),
      emails: emails.map((e) => ({ email: e.text })),
      state: stateText && stateText.length > 2 ? (STATE_BY_NAME.get(stateText.toLowerCase()) ?? stateText) : stateText,
      gender: genderText ? (GENDER_WORDS[genderText] ?? genderText) : genderText,
      status_id: titled('status', lookups.statuses),
      source_id: titled('source', lookups.sources),
    };
    for (const field of ['address1', 'address2', 'city', 'zip', 'language', 'timezone', 'medicare_number', 'note'] as const) body[field] = cell(field);
    for (const field of DATE_FIELDS) {
      const text = cell(field);
      body[field] = text ? importDate(text) : text;
    }
    if (body['timezone'] === '') delete body['timezone'];
    const parsed = createContactBody.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [key, position] = issue.path;
        const list = key === 'phones' ? phones : key === 'emails' ? emails : undefined;
        const column = list && typeof position === 'number' ? columnOf(list[position]?.index ?? -1) : columnOfField(String(key ?? 'row'));
        problems.push({ column, reason: issue.message });
      }
    }
    if (problems.length || !parsed.success) return { ok: false, problems };
    const c = parsed.data;
    return {
      ok: true,
      contact: {
        values: {
          firstName: c.first_name,
          lastName: c.last_name ?? '',
          statusId: c.status_id ?? null,
          sourceId: c.source_id ?? null,
          address1: c.address1 ?? null,
          address2: c.address2 ?? null,
          city: c.city ?? null,
          state: c.state ?? null,
          zip: c.zip ?? null,
          dateOfBirth: c.date_of_birth ?? null,
          gender: c.gender ?? null,
          language: c.language ?? null,
          timezone: c.timezone ?? 'est',
          medicareNumber: c.medicare_number ?? null,
          partADate: c.part_a_date ?? null,
          partBDate: c.part_b_date ?? null,
          note: c.note ?? null,
        },
        phones: [...new Set((c.phones ?? []).map((p) => dialingNumber(p.number)))],
        emails: [...new Set((c.emails ?? []).map((e) => e.email.toLowerCase()))],
      },
    };
  };
}


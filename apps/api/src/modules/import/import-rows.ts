import { createHash } from 'node:crypto';
import type { z } from 'zod';
import {
  contactNoteBody,
  email as emailRule,
  IMPORT_FIELDS,
  importCategory,
  isCalendarDate,
  phoneNumber,
  updateContactBody,
  US_STATES,
  type ContactCategory,
  type ImportField,
  type ImportFieldInfo,
  type ImportRowProblem,
  type UsState,
} from '@crm/contract';
import { dialingNumber } from '@crm/util';
import type { ContactValues } from '../contacts/contact-writes.repository';
import { refusedKeystrokes, type KeystrokeBrand, type KeystrokeKind } from './import-keystrokes';
import type { ScrubMatch } from './import.repository';

/** A problem of a row before it knows its row number. */
export type ImportProblem = Omit<ImportRowProblem, 'row'>;

/**
 * A row made ready to insert: the contact's columns, its category when a column gives one (else
 * the import's), its phones (dialing form), e-mails (lower case) and notes (the Notes tab's).
 */
export type ImportedContact = {
  values: Omit<ContactValues, 'ownerId' | 'category'>;
  category: ContactCategory | null;
  phones: string[];
  emails: string[];
  notes: string[];
  /** The contact a Contact ID column names (to update, when the importer may edit it), or null. */
  contactId: number | null;
};

/**
 * A row that imports, with the warnings of the values it leaves out and the key of the contact it
 * makes (a later row with the same key repeats it); or a refused row, with the reason first.
 */
export type MappedRow =
  | { ok: true; contact: ImportedContact; warnings: ImportProblem[]; key: string }
  | { ok: false; problems: ImportProblem[]; /** The earlier row of the file this one repeats. */ repeats?: number };

/** A company catalogue by lower-case title, with its titles as shown (for "use …"). */
export type TitleList = { ids: Map<string, number>; titles: string[] };
/** What a row is checked against: the company's statuses and sources, and its brand's keystroke filter. */
export type ImportRowRules = { statuses: TitleList; sources: TitleList; brand: KeystrokeBrand };

export const IMPORT_ROW_REASONS = {
  nothingToIdentify: 'Nothing to identify the person by: no name, and no valid phone or e-mail',
  repeats: (row: number) => `Repeats row ${row}`,
  notYourContact: (column: string, id: number) => `${column} ${id} is not one of your contacts: imported as a new contact`,
  cleaned: (column: string, value: string) => `${column} ${value} had control characters or broken text, which were removed`,
} as const;

/** The column a mapping's field is read from, named as the file does (for a message about its value). */
export function columnName(headers: readonly string[], fields: readonly (ImportField | null)[], field: ImportField, otherwise: string): string {
  return fields.flatMap((f, i) => (f === field ? [headers[i]?.trim() || `Column ${i + 1}`] : [])).join(' / ') || otherwise;
}

/** The warning of a row whose Contact ID names a contact the importer may not edit (it is imported as a new one). */
export function notYourContact(headers: readonly string[], fields: readonly (ImportField | null)[], id: number): ImportProblem {
  const column = columnName(headers, fields, 'contact_id', 'Contact ID');
  return { column, value: String(id), reason: IMPORT_ROW_REASONS.notYourContact(column, id), severity: 'warning' };
}

/** Largest contact id (an integer column). */
const CONTACT_ID_MAX = 2_147_483_647;

const STATE_BY_NAME = new Map(Object.entries(US_STATES).map(([code, name]) => [name.toLowerCase(), code as UsState]));
const GENDER_WORDS: Record<string, string> = { m: 'male', f: 'female', man: 'male', woman: 'female' };
/** Catalogue titles a message lists at most. */
const TITLES_SHOWN = 8;
/** Characters of a value a message quotes at most. */
const VALUE_SHOWN = 60;

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

const quoted = (value: string) => `'${value.length > VALUE_SHOWN ? `${value.slice(0, VALUE_SHOWN)}…` : value}'`;
const info = (field: ImportField): ImportFieldInfo => IMPORT_FIELDS[field];

/** Fields checked by the contract's own rule for them (updateContactBody), as text in, value out. */
const RULED = ['address1', 'address2', 'city', 'zip', 'language', 'timezone', 'medicare_number'] as const;
const DATES = ['date_of_birth', 'part_a_date', 'part_b_date'] as const;
/** Fields the brand's keystroke filter applies to, as in the contact form (contacts.service), by kind. */
const KEYSTROKE_FIELDS = { first_name: 'person_name', last_name: 'person_name', city: 'text' } as const satisfies Partial<Record<ImportField, KeystrokeKind>>;

/**
 * Turns rows of a file into contacts by a mapping (one field or null per column). A row is refused
 * only when nothing identifies a person (no name, and no valid phone or e-mail); any other value
 * that fails its rule (the contact form's rules from the contract, the company's catalogues, the
 * brand's keystroke filter) is left out with a warning that names the column as the file does, the
 * value, and what is accepted. `category` is the import's: rows whose category column is empty or
 * wrong get it (the repeat key counts it).
 */
export function createRowMapper(headers: readonly string[], fields: readonly (ImportField | null)[], rules: ImportRowRules, category: ContactCategory = 'lead') {
  const columnOf = (index: number) => headers[index]?.trim() || `Column ${index + 1}`;
  const mapped = fields.flatMap((field, index) => (field ? [{ field, index }] : []));
  const single = new Map(mapped.map((m) => [m.field, m.index]));
  const columnsOf = (field: ImportField) => mapped.filter((m) => m.field === field).map((m) => m.index);
  const phoneColumns = columnsOf('phone');
  const emailColumns = columnsOf('email');
  const noteColumns = columnsOf('note');

  /** `cleaned`: the columns whose cells lost characters no text may hold when the file was read (FileRow), each warned of once. */
  return function mapRow(values: readonly string[], cleaned: readonly number[] = []): MappedRow {
    const warnings: ImportProblem[] = cleaned
      .filter((index) => fields[index])
      .map((index) => ({ column: columnOf(index), value: values[index] ?? '', reason: IMPORT_ROW_REASONS.cleaned(columnOf(index), quoted(values[index] ?? '')), severity: 'warning' as const }));
    const textAt = (index: number) => (values[index] ?? '').trim();
    const cell = (field: ImportField): { index: number; text: string } | undefined => {
      const index = single.get(field);
      return index === undefined ? undefined : { index, text: textAt(index) };
    };
    const warn = (index: number, value: string, reason: string) => warnings.push({ column: columnOf(index), value, reason, severity: 'warning' });
    /** "DOB '31/31/1950' is not a date: use MM/DD/YYYY, YYYY-MM-DD or M/D/YY" */
    const notA = (field: ImportField, index: number, value: string, accepts = info(field).accepts) =>
      warn(index, value, `${columnOf(index)} ${quoted(value)} is not ${info(field).what ?? 'valid'}${accepts ? `: use ${accepts}` : ''}`);
    /** A value the contract's rule refuses: too long for a text field, else not what the field holds. */
    const refused = (field: ImportField, index: number, value: string, issue: z.core.$ZodIssue | undefined) => {
      if (issue?.code === 'too_big') warn(index, value, `${columnOf(index)} ${quoted(value)} is longer than ${String(issue.maximum)} characters`);
      else notA(field, index, value);
    };
    /** The value as its keystroke filter keeps it: whole, or '' with a warning naming the refused characters. */
    const filtered = (field: keyof typeof KEYSTROKE_FIELDS, index: number, cellText: string, part: string): string => {
      if (!part) return part;
      const characters = refusedKeystrokes(rules.brand, KEYSTROKE_FIELDS[field], part);
      if (!characters) return part;
      if (!warnings.some((w) => w.column === columnOf(index) && w.value === cellText))
        warn(index, cellText, `${columnOf(index)} ${quoted(cellText)} has characters that are not allowed here (${characters})`);
      return '';
    };
    /** A name part: within the contract's length, then through the keystroke filter. */
    const name = (field: 'first_name' | 'last_name', index: number, cellText: string, part: string): string => {
      if (!part) return '';
      const parsed = updateContactBody.shape[field].safeParse(part);
      if (!parsed.success) return (refused(field, index, cellText, parsed.error.issues[0]), '');
      return filtered(field, index, cellText, part);
    };

    // names
    let firstName = '';
    let lastName = '';
    const first = cell('first_name');
    const last = cell('last_name');
    const full = cell('full_name');
    if (first) firstName = name('first_name', first.index, first.text, first.text);
    if (last) lastName = name('last_name', last.index, last.text, last.text);
    if (full?.text) {
      const split = splitFullName(full.text);
      if (!first) firstName = name('first_name', full.index, full.text, split.first);
      if (!last) lastName = name('last_name', full.index, full.text, split.last);
    }

    // phones and e-mails: each column adds one, a repeat within the row once
    const phones = new Set<string>();
    for (const index of phoneColumns) {
      const text = textAt(index);
      if (!text) continue;
      if (phoneNumber.safeParse(text).success) phones.add(dialingNumber(text));
      else notA('phone', index, text);
    }
    const emails = new Set<string>();
    for (const index of emailColumns) {
      const text = textAt(index);
      if (!text) continue;
      const parsed = emailRule.safeParse(text);
      if (parsed.success) emails.add(parsed.data.toLowerCase());
      else notA('email', index, text);
    }

    // catalogues
    const titled = (field: 'status' | 'source', list: TitleList): number | null => {
      const c = cell(field);
      if (!c?.text) return null;
      const id = list.ids.get(c.text.toLowerCase());
      if (id !== undefined) return id;
      const shown = list.titles.slice(0, TITLES_SHOWN).join(', ') + (list.titles.length > TITLES_SHOWN ? ', …' : '');
      notA(field, c.index, c.text, list.titles.length ? shown : `a title your company has (it has none yet)`);
      return null;
    };
    const statusId = titled('status', rules.statuses);
    const sourceId = titled('source', rules.sources);
    let rowCategory: ContactCategory | null = null;
    const categoryCell = cell('category');
    if (categoryCell?.text) {
      rowCategory = importCategory(categoryCell.text);
      if (!rowCategory) notA('category', categoryCell.index, categoryCell.text);
    }

    // fields with a rule of the contract's: a value it refuses is left out
    const ruled = <F extends keyof typeof updateContactBody.shape>(field: F & ImportField, text: string | undefined, index: number): z.output<(typeof updateContactBody.shape)[F]> | null => {
      if (!text) return null;
      const parsed = updateContactBody.shape[field].safeParse(text);
      if (parsed.success) return (parsed.data ?? null) as z.output<(typeof updateContactBody.shape)[F]> | null;
      refused(field, index, text, parsed.error.issues[0]);
      return null;
    };
    const stateCell = cell('state');
    let state: string | null = null;
    if (stateCell?.text) {
      const text = stateCell.text.length > 2 ? (STATE_BY_NAME.get(stateCell.text.toLowerCase()) ?? stateCell.text) : stateCell.text;
      const parsed = updateContactBody.shape.state.safeParse(text);
      if (parsed.success) state = parsed.data ?? null;
      else notA('state', stateCell.index, stateCell.text);
    }
    const genderCell = cell('gender');
    let gender: string | null = null;
    if (genderCell?.text) {
      const word = genderCell.text.toLowerCase();
      const parsed = updateContactBody.shape.gender.safeParse(GENDER_WORDS[word] ?? word);
      if (parsed.success) gender = parsed.data ?? null;
      else notA('gender', genderCell.index, genderCell.text);
    }
    const text: Partial<Record<(typeof RULED)[number], string | null>> = {};
    for (const field of RULED) {
      const c = cell(field);
      if (!c) continue;
      const value = ruled(field, c.text, c.index);
      text[field] = value === null ? null : String(value);
    }
    if (text.city) text.city = filtered('city', single.get('city') as number, text.city, text.city) || null;
    const dates: Partial<Record<(typeof DATES)[number], string | null>> = {};
    for (const field of DATES) {
      const c = cell(field);
      if (!c?.text) continue;
      const iso = importDate(c.text);
      const parsed = updateContactBody.shape[field].safeParse(iso);
      if (parsed.success) dates[field] = parsed.data ?? null;
      else if (isCalendarDate(iso)) warn(c.index, c.text, `${columnOf(c.index)} ${quoted(c.text)} is not a date of birth: use a past date after 1900`);
      else notA(field, c.index, c.text);
    }
    const idCell = cell('contact_id');
    let contactId: number | null = null;
    if (idCell?.text) {
      const id = /^\d+$/.test(idCell.text) ? Number(idCell.text) : NaN;
      if (id >= 1 && id <= CONTACT_ID_MAX) contactId = id;
      else warn(idCell.index, idCell.text, `${columnOf(idCell.index)} ${quoted(idCell.text)} is not a contact id: imported as a new contact`);
    }
    const notes: string[] = [];
    for (const index of noteColumns) {
      const body = textAt(index);
      if (!body) continue;
      const parsed = contactNoteBody.safeParse({ body });
      if (parsed.success) notes.push(parsed.data.body);
      else refused('note', index, body, parsed.error.issues[0]);
    }

    if (!firstName && !lastName && !phones.size && !emails.size) {
      return { ok: false, problems: [{ column: '', value: '', reason: IMPORT_ROW_REASONS.nothingToIdentify, severity: 'refusal' }, ...warnings] };
    }
    const contact: ImportedContact = {
      values: {
        firstName,
        lastName,
        statusId,
        sourceId,
        address1: text.address1 ?? null,
        address2: text.address2 ?? null,
        city: text.city ?? null,
        state,
        zip: text.zip ?? null,
        dateOfBirth: dates.date_of_birth ?? null,
        gender,
        language: text.language ?? null,
        timezone: text.timezone ?? 'est',
        medicareNumber: text.medicare_number ?? null,
        partADate: dates.part_a_date ?? null,
        partBDate: dates.part_b_date ?? null,
      },
      category: rowCategory,
      phones: [...phones],
      emails: [...emails],
      notes,
      contactId,
    };
    return { ok: true, contact, warnings, key: contactKey(contact, rowCategory ?? category) };
  };
}

/**
 * What tells one contact of a file from another: every value the import keeps, names without case,
 * hashed (128 bits: a 100 MB file's rows fit in memory, and two different contacts never meet).
 * A row whose key an earlier row has would make the same contact again.
 */
function contactKey(c: ImportedContact, category: ContactCategory): string {
  const v = c.values;
  const kept = [c.contactId, v.firstName.toLowerCase(), (v.lastName ?? '').toLowerCase(), category, c.phones, c.emails, c.notes, v.statusId, v.sourceId, v.address1, v.address2, v.city, v.state, v.zip, v.dateOfBirth, v.gender, v.language, v.timezone, v.medicareNumber, v.partADate, v.partBDate];
  return createHash('md5').update(JSON.stringify(kept)).digest('base64');
}

/** The reasons a scrub skips a row, in the order they are checked. */
export const SCRUB_REASONS = {
  doNotContact: 'On the do-not-contact list',
  phone: 'Matches an existing contact by phone',
  email: 'Matches an existing contact by e-mail',
  samePhone: (row: number) => `Same phone as row ${row}`,
  sameEmail: (row: number) => `Same e-mail as row ${row}`,
} as const;

/** What the import scrubs against (scrub_against without its tags). */
export type ScrubChoice = { phone: boolean; email: boolean; do_not_contact: boolean };

/** A row's skip: the column(s) it names, the reason, and the existing contacts it matched (to tag). */
export type ScrubSkip = { column: string; reason: string; matched: ScrubMatch[] };

/**
 * The one scrub rule, for the import and its preview alike: whether a row that imports is skipped,
 * and why. `found` holds the live contacts that have each of the row's phones and e-mails (the one
 * the row updates, `target`, is not a match of its own values; one this import made counts as an
 * earlier row); `earlierRow` names the earlier file row that kept a value, if any.
 */
export function scrubSkip(
  scrub: ScrubChoice,
  row: { phones: readonly string[]; emails: readonly string[]; target: number | null },
  found: { phone: Map<string, ScrubMatch[]>; email: Map<string, ScrubMatch[]> },
  earlierRow: (kind: 'phone' | 'email', value: string) => number | undefined,
  columns: { phone: string; email: string },
): ScrubSkip | null {
  const all = (list: readonly string[], byValue: Map<string, ScrubMatch[]>) => list.flatMap((v) => (byValue.get(v) ?? []).filter((m) => m.contactId !== row.target));
  const phoneMatches = all(row.phones, found.phone);
  const emailMatches = all(row.emails, found.email);
  // contacts this import made count as earlier rows of the file, not as existing contacts
  const phoneMatch = phoneMatches.filter((m) => m.sameImportRow === null);
  const emailMatch = emailMatches.filter((m) => m.sameImportRow === null);
  const earlier = (kind: 'phone' | 'email', list: readonly string[]) => list.map((v) => earlierRow(kind, v)).find((n) => n !== undefined);
  if (scrub.do_not_contact && [...phoneMatches, ...emailMatches].some((m) => m.doNotContact && m.sameImportRow === null))
    return { column: `${columns.phone} / ${columns.email}`, reason: SCRUB_REASONS.doNotContact, matched: [] };
  if (scrub.phone && phoneMatch.length) return { column: columns.phone, reason: SCRUB_REASONS.phone, matched: phoneMatch };
  if (scrub.email && emailMatch.length) return { column: columns.email, reason: SCRUB_REASONS.email, matched: emailMatch };
  const earlierPhone = scrub.phone ? earlier('phone', row.phones) : undefined;
  if (earlierPhone !== undefined) return { column: columns.phone, reason: SCRUB_REASONS.samePhone(earlierPhone), matched: [] };
  const earlierEmail = scrub.email ? earlier('email', row.emails) : undefined;
  if (earlierEmail !== undefined) return { column: columns.email, reason: SCRUB_REASONS.sameEmail(earlierEmail), matched: [] };
  return null;
}

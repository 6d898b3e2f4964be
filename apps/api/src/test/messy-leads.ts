import type { ContactCategory } from '@crm/contract';
import { FIRST_NAMES, LAST_NAMES, seededRandom } from '../db/seed-contacts';

/**
 * A purchased lead list as they come (issue 12): accented and punctuated names, e-mails with
 * non-ASCII letters, apostrophes, plus signs and internationalised domains, dates of birth such as
 * 31/31/1950, state "ZZ", six-digit phones, a Type column of categories in any case, a Notes column
 * (some notes span lines inside quotes), rows sold twice, rows with nothing to identify a person by,
 * and one blank line. A test fixture: each row comes with what the import must make of it, worked
 * out here from the clean values the row was written from (not by the import's code).
 */

export const MESSY_HEADERS = ['Lead ID', 'First Name', 'Last Name', 'Cell Phone', 'E-mail Address', 'DOB', 'State', 'Type', 'Notes'] as const;
export type MessyColumn = (typeof MESSY_HEADERS)[number];

export type MessyOutcome = 'imports' | 'imports_with_warnings' | 'refused';

/** What the import keeps of a row (e-mails lower case, phones in dialing form, dates as YYYY-MM-DD). */
export type MessyContact = {
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
  dateOfBirth: string | null;
  state: string | null;
  /** The Type column's category; null: the import's own category applies. */
  category: ContactCategory | null;
  note: string | null;
};

export type MessyRow = {
  /** The row as a spreadsheet numbers it (the header is row 1; the blank line counts as a row). */
  line: number;
  cells: string[];
  outcome: MessyOutcome;
  /** The columns whose value is left out (and reported as a warning), with the value. */
  dropped: { column: MessyColumn; value: string }[];
  /** Why a refused row is refused. */
  refusal: { nothing: true } | { repeats: number } | null;
  kept: MessyContact;
};

const ACCENTED_FIRST = ['José', 'Zoë', 'Łukasz', 'Chloé', 'Søren', 'Renée', 'Nguyễn', 'Inés', 'François', 'Björn', 'Siobhán', 'Jürgen', '美玲', 'Ñico'];
const ACCENTED_LAST = ['Núñez', 'Müller', 'Wiśniewski', 'García', 'Trần', 'Lefèvre', 'Côté', 'Østergaard', '王', 'Peña', 'Dvořák'];
/** Real names with the apostrophe, hyphen and period a person-name filter keeps. */
const PUNCTUATED_LAST = ["O'Connor", "D'Angelo", 'Smith-Jones', 'St. John', "O'Connor-Ñúñez"];
/** Names carrying a character no name filter keeps (a nickname in brackets, a star, an emoji): left out with a warning. */
const NOISY_FIRST = ['Joe*', 'Ann (Annie)', 'Bea 😀'];
const INVALID_EMAILS = [
  (i: number) => `john smith${i}@example.com`,
  (i: number) => `no-at-sign${i}.example.com`,
  (i: number) => `two@@example${i}.com`,
  (i: number) => `someone${i}@localhost`,
  (i: number) => `.dot${i}@example.com`,
  (i: number) => `trailing${i}@example.com.`,
];
const NOTES = [
  'Called twice, no answer',
  'Wants a callback after 5pm, prefers text',
  'Habla español — llamar después de las 5',
  'Spouse also interested; "call before noon"',
  'First line of the note\nSecond line of the note',
  'Asked about Plan G, Plan N\nand dental',
];
const CATEGORY_CELLS: [string, ContactCategory][] = [
  ['client', 'client'],
  ['Lead', 'lead'],
  ['Prospect', 'prospect'],
  ['LEADS', 'lead'],
  ['Clients', 'client'],
  ['prospect', 'prospect'],
];
const STATE_NAMES: Record<string, string> = { FL: 'Florida', TX: 'Texas', NY: 'New York', CA: 'California', GA: 'Georgia', OH: 'Ohio' };

const csvCell = (value: string) => (/[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const pad = (n: number) => String(n).padStart(2, '0');

type Options = {
  rows: number;
  seed?: string;
  /** Whether the brand's keystroke filter keeps a name as it is (else the import leaves it out with a warning). */
  nameAllowed: (name: string) => boolean;
  /** The category the import is started with (rows without a valid Type get it). */
  category: ContactCategory;
  /** The data row after which a blank line is written. */
  blankLineAfter?: number;
};

/** The file (CSV, CRLF, UTF-8) and what each of its rows must become. */
export function messyLeads(options: Options): { csv: string; rows: MessyRow[] } {
  const random = seededRandom(options.seed ?? 'messy-leads');
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const rows: MessyRow[] = [];
  const lines = [MESSY_HEADERS.map(csvCell).join(',')];
  /** The first row that made each contact (by what the import keeps), to tell a repeat. */
  const madeBy = new Map<string, number>();
  const blankAfter = options.blankLineAfter ?? Math.floor(options.rows / 2);
  let line = 1;

  for (let i = 0; i < options.rows; i += 1) {
    line += 1;
    const id = `L${String(i + 1).padStart(5, '0')}`;
    // A vendor selling a row twice: an earlier row that imported, again under a new lead id.
    if (i > 20 && random() < 0.02) {
      const earlier = pick(rows.filter((r) => r.outcome !== 'refused'));
      const cells = [id, ...earlier.cells.slice(1)];
      rows.push({ line, cells, outcome: 'refused', dropped: earlier.dropped, refusal: { repeats: earlier.line }, kept: earlier.kept });
      lines.push(cells.map(csvCell).join(','));
      if (i + 1 === blankAfter) {
        lines.push('');
        line += 1;
      }
      continue;
    }
    const dropped: MessyRow['dropped'] = [];
    const drop = (column: MessyColumn, value: string) => dropped.push({ column, value });

    // names: half accented (as the list: 941 of 2,000), a few punctuated, a few missing
    const nameRoll = random();
    let first = pick(FIRST_NAMES)[0];
    let last = pick(LAST_NAMES.filter((n) => /^[A-Za-z]+$/.test(n)));
    if (nameRoll < 0.47) {
      if (random() < 0.6) first = pick(ACCENTED_FIRST);
      else last = pick(ACCENTED_LAST);
    } else if (nameRoll < 0.52) last = pick(PUNCTUATED_LAST);
    else if (nameRoll < 0.55) first = pick(NOISY_FIRST);
    else if (nameRoll < 0.59) [first, last] = ['', ''];
    const keptFirst = first && options.nameAllowed(first) ? first : '';
    const keptLast = last && options.nameAllowed(last) ? last : '';
    if (first && !keptFirst) drop('First Name', first);
    if (last && !keptLast) drop('Last Name', last);

    // phones: each row's own 555 number in a common format, six-digit ones, words, blanks
    const seven = String(2_000_000 + i * 37);
    const phoneRoll = random();
    let phone = '';
    let keptPhone: string | null = null;
    if (phoneRoll < 0.62) {
      const [a, b] = [seven.slice(0, 3), seven.slice(3)];
      phone = pick([`(555) ${a}-${b}`, `555.${a}.${b}`, `+1 555 ${a} ${b}`, `555${a}${b}`, `1-555-${a}-${b}`]);
      keptPhone = `1555${seven}`;
    } else if (phoneRoll < 0.68) drop('Cell Phone', (phone = String(200_000 + i)));
    else if (phoneRoll < 0.7) drop('Cell Phone', (phone = '555-CALL-NOW'));

    // e-mails: plain, non-ASCII local parts, internationalised domains, apostrophes, plus signs, broken, blank
    const ascii = (name: string) => name.normalize('NFD').toLowerCase().replace(/[^a-z]/g, '');
    const emailRoll = random();
    let email = '';
    if (emailRoll < 0.35) email = `${ascii(first) || 'lead'}.${ascii(last) || 'x'}${i}@${pick(['example.com', 'Example.net', 'mail.example.org'])}`;
    else if (emailRoll < 0.6) email = `${/^\p{L}+$/u.test(first) ? first : 'josé'}.${last ? last.replace(/[\s.]/g, '') : 'smith'}${i}@example.com`;
    else if (emailRoll < 0.65) email = pick([`user${i}@exämple.com`, `用户${i}@例子.广告`, `maría${i}@correo.españa.es`]);
    else if (emailRoll < 0.68) email = `o'brien${i}@example.com`;
    else if (emailRoll < 0.7) email = `a+leads${i}@example.com`;
    else if (emailRoll < 0.74) drop('E-mail Address', (email = pick(INVALID_EMAILS)(i)));
    const keptEmail = email && !dropped.some((d) => d.column === 'E-mail Address') ? email.normalize('NFC').toLowerCase() : null;

    // dates of birth: three accepted formats, 31/31/1950 and other impossible days, blanks
    const [y, m, d] = [1935 + Math.floor(random() * 26), 1 + Math.floor(random() * 12), 1 + Math.floor(random() * 28)];
    const dobRoll = random();
    let dob = '';
    let keptDob: string | null = null;
    if (dobRoll < 0.5) {
      dob = pick([`${m}/${d}/${y}`, `${y}-${pad(m)}-${pad(d)}`, `${pad(m)}/${pad(d)}/${pad(y % 100)}`]);
      keptDob = `${y}-${pad(m)}-${pad(d)}`;
    } else if (dobRoll < 0.75) drop('DOB', (dob = '31/31/1950'));
    else if (dobRoll < 0.78) drop('DOB', (dob = pick(['1950-02-30', '00/00/0000', 'N/A'])));

    // states: codes, names, lower case, ZZ, blanks
    const code = pick(Object.keys(STATE_NAMES));
    const stateRoll = random();
    let state = '';
    let keptState: string | null = null;
    if (stateRoll < 0.7) {
      state = pick([code, STATE_NAMES[code] as string, code.toLowerCase()]);
      keptState = code;
    } else if (stateRoll < 0.79) drop('State', (state = 'ZZ'));

    // Type: categories in any case and number, a few that are none, blanks
    const typeRoll = random();
    let type = '';
    let keptCategory: ContactCategory | null = null;
    if (typeRoll < 0.75) [type, keptCategory] = pick(CATEGORY_CELLS);
    else if (typeRoll < 0.8) drop('Type', (type = pick(['VIP', 'Hot'])));

    const note = random() < 0.3 ? pick(NOTES) : '';

    const kept: MessyContact = {
      firstName: keptFirst,
      lastName: keptLast,
      phone: keptPhone,
      email: keptEmail,
      dateOfBirth: keptDob,
      state: keptState,
      category: keptCategory,
      note: note || null,
    };
    const cells = [id, first, last, phone, email, dob, state, type, note];
    const identified = Boolean(keptFirst || keptLast || keptPhone || keptEmail);
    const key = JSON.stringify({ ...kept, firstName: keptFirst.toLowerCase(), lastName: keptLast.toLowerCase(), category: keptCategory ?? options.category });
    const earlier = identified ? madeBy.get(key) : undefined;
    const refusal: MessyRow['refusal'] = !identified ? { nothing: true } : earlier !== undefined ? { repeats: earlier } : null;
    const outcome: MessyOutcome = refusal ? 'refused' : dropped.length ? 'imports_with_warnings' : 'imports';
    if (!refusal) madeBy.set(key, line);
    rows.push({ line, cells, outcome, dropped, refusal, kept });
    lines.push(cells.map(csvCell).join(','));
    if (i + 1 === blankAfter) {
      lines.push('');
      line += 1;
    }
  }
  return { csv: `${lines.join('\r\n')}\r\n`, rows };
}

/** How many rows have each outcome. */
export function messyCounts(rows: readonly MessyRow[]): Record<MessyOutcome, number> {
  const counts: Record<MessyOutcome, number> = { imports: 0, imports_with_warnings: 0, refused: 0 };
  for (const r of rows) counts[r.outcome] += 1;
  return counts;
}

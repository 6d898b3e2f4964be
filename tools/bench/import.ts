// npm run bench:import [-- --rows 100000] [-- --seed import] [-- --encoding win1252|utf8]
//
// The lead import end to end against the bench data set (npm run bench:generate first: the scrub
// looks up its million contacts). Generates a lead list with realistic dirt (blank and malformed
// phones in mixed formats, duplicate and malformed e-mails, rows already in the CRM, dates as
// M/D/YYYY, YYYY-MM-DD and M/D/YY, states as codes or names, accented names, zips that lost their
// leading zero, quoted commas and line breaks, columns nobody maps) written in Windows-1252 (or
// UTF-8 with a byte-order mark), then, as the bench manager over HTTP, POSTs it to
// /v1/contacts/leads_uploader scrubbing against phones, e-mails and the do-not-contact list, and
// polls /v1/contacts/import_attempts until the job (run by workers started in this process) is done.
// Prints the time from the request to the attempt's finish, rows/s, the attempt's counts, the peak
// RSS of this process, where the time went (upload, queue wait, the job's SQL by statement, the
// rest of the job), and the same file through a plain COPY for the ratio; then removes the
// contacts and the attempt it made (and those of an earlier run that did not get to it).
// Target (issue): 100,000 rows at 30,000 rows/s or more, validation and scrub included.
import { mkdir, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { BRANDS } from '@crm/brand-config';
import { US_STATES, type ImportAttempt, type ImportField, type UsState } from '@crm/contract';
import { FIRST_NAMES, LAST_NAMES, PLACES, seededRandom, STREETS } from '../../apps/api/src/db/seed-contacts';
import { readImportRows } from '../../apps/api/src/modules/import/import-file';
import { createRowMapper, type ImportedContact } from '../../apps/api/src/modules/import/import-rows';
import { createImportRepository } from '../../apps/api/src/modules/import/import.repository';
import { BENCH_MANAGER_EMAIL, formatDuration, log, openBenchDatabase } from './bench-db';
import { signedInBrowser, startBenchApi, type Browser } from './bench-http';
import { copyFrom, copyRow } from './copy-from';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? (args[at + 1] as string) : fallback;
};
const ROWS = Number(option('rows', '100000'));
const SEED = option('seed', 'import');
const ENCODING = option('encoding', 'win1252') === 'utf8' ? 'utf8' : 'win1252';
const FILE_NAME = 'bench-import-leads.csv';
const FILE_PATH = `data/bench/${FILE_NAME}`;
const TARGET_ROWS_PER_S = 30_000;
const POLL_MS = 200;
const TIMEOUT_MS = 15 * 60_000;
/** EXPLAIN (ANALYZE, BUFFERS) the job's first scrub queries and its first contacts insert (rolled back). */
const EXPLAIN = args.includes('--explain');

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const pct = (part: number, whole: number) => `${((part * 100) / whole).toFixed(1)}%`;

// ---------------------------------------------------------------------------------------------
// The lead list: a vendor's export, dirt and all.
// ---------------------------------------------------------------------------------------------

const HEADER = ['Lead ID', 'First Name', 'Last Name', 'Phone', 'Alt Phone', 'Email', 'Address', 'City', 'State', 'Zip', 'DOB', 'Vendor Notes', 'Lead Cost'];
/** One field a column, null for the vendor's own columns (as the wizard proposes them for this header). */
const FIELDS: (ImportField | null)[] = [null, 'first_name', 'last_name', 'phone', 'phone', 'email', 'address1', 'city', 'state', 'zip', 'date_of_birth', null, null];

const ACCENTED_FIRST = ['José', 'Zoë', 'Renée', 'François', 'Søren', 'Björn', 'Inés', 'Noël', 'Chloé', 'Raúl', 'Agnès', 'Jürgen'];
const ACCENTED_LAST = ['Müller', 'Peña', 'Núñez', 'García', 'Gómez', 'Öztürk', 'Lefèvre', 'Côté', 'Brontë', 'O’Brien', 'D’Angelo', 'Åberg'];
const MALFORMED_PHONES = ['12345', '555-CALL-NOW', '(555) 201-00', '1-800-FLOWERS', '555 123 456', '1-555-123-4567 x12', 'n/a', '22-555-0199-123'];
const NOTES = [
  'Called twice, no answer',
  'Wants a callback after 5pm, prefers text',
  'Spouse also interested; "call before noon"',
  'Medicare T65 — turning 65 in the spring',
  'Paid €2 lead, aged 30 days',
  'Asked about “Plan G” vs Plan N',
  'DNC? said not now',
  'Line 1 of a note\r\nLine 2 of the note',
];

/** Windows-1252 bytes of a text (Latin-1 below 0x100 apart from 0x80-0x9F, where cp1252 has punctuation). */
const CP1252_EXTRA: Record<string, number> = { '€': 0x80, '‚': 0x82, '„': 0x84, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97 };
function windows1252(text: string): Buffer {
  const bytes = Buffer.alloc(text.length);
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const byte = code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : CP1252_EXTRA[text[i] as string];
    if (byte === undefined) throw new Error(`"${text[i]}" (U+${code.toString(16)}) has no Windows-1252 byte`);
    bytes[i] = byte;
  }
  return bytes;
}

const csvCell = (value: string) => (/[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
/** ASCII for an e-mail's local part: José Peña → jose.pena. */
const asciiWord = (text: string) => text.normalize('NFD').replace(/[^A-Za-z0-9]/g, '').toLowerCase();

type Existing = { phones: string[]; emails: string[] };
type Made = { text: string; dirt: Record<string, number> };

/**
 * The rows. New phones are 555 numbers (no bench contact has area code 555), each row's its own;
 * a few rows carry a phone or e-mail of a live bench contact (a lead bought again) and a few repeat
 * an earlier row's (the vendor sold it twice), so the scrub has work on both sides.
 */
function makeCsv(existing: Existing): Made {
  const random = seededRandom(SEED);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const dirt: Record<string, number> = {};
  const count = (what: string) => (dirt[what] = (dirt[what] ?? 0) + 1);
  /** The k-th distinct 555 number (7919 is prime to 8,000,000: k < 8M never repeats). */
  const number555 = (k: number) => String(2_000_000 + ((k * 7919) % 8_000_000));
  const formatted = (seven: string) => {
    const [a, b] = [seven.slice(0, 3), seven.slice(3)];
    return pick([`(555) ${a}-${b}`, `555.${a}.${b}`, `+1 555 ${a} ${b}`, `555${a}${b}`, `1-555-${a}-${b}`, `555-${a}-${b}`]);
  };
  const emailsSoFar: string[] = [];
  const phonesSoFar: string[] = [];
  const lines: string[] = [HEADER.map(csvCell).join(',')];
  for (let i = 0; i < ROWS; i += 1) {
    let first = random() < 0.08 ? pick(ACCENTED_FIRST) : pick(FIRST_NAMES)[0];
    const last = random() < 0.08 ? pick(ACCENTED_LAST) : pick(LAST_NAMES);
    const [city, state, zipPrefix] = pick(PLACES);

    let phone: string;
    const phoneRoll = random();
    if (phoneRoll < 0.05) phone = (count('blank phone'), random() < 0.5 ? '' : ' ');
    else if (phoneRoll < 0.07) phone = (count('malformed phone'), pick(MALFORMED_PHONES));
    else if (phoneRoll < 0.09 && existing.phones.length) phone = (count('phone of a bench contact'), pick(existing.phones).slice(1));
    else if (phoneRoll < 0.1 && phonesSoFar.length) phone = (count('phone of an earlier row'), pick(phonesSoFar));
    else phonesSoFar.push((phone = formatted(number555(i))));
    const altPhone = random() < 0.35 ? (random() < 0.01 ? (count('malformed alt phone'), pick(MALFORMED_PHONES)) : formatted(number555(ROWS + i))) : '';

    let email: string;
    const emailRoll = random();
    if (emailRoll < 0.12) email = (count('blank e-mail'), '');
    else if (emailRoll < 0.13) {
      count('malformed e-mail');
      const local = `${asciiWord(first)}.${asciiWord(last)}`;
      email = pick([`${local}@`, `${local} @gmail.com`, `${local}.gmail.com`, `${local}@@example.com`, `${local}@example`]);
    } else if (emailRoll < 0.16 && emailsSoFar.length) {
      count('e-mail of an earlier row');
      const earlier = pick(emailsSoFar);
      email = random() < 0.3 ? earlier.toUpperCase() : earlier;
    } else if (emailRoll < 0.17 && existing.emails.length) email = (count('e-mail of a bench contact'), pick(existing.emails));
    else {
      email = `${asciiWord(first)}.${asciiWord(last)}.b${i}@${pick(['gmail.com', 'yahoo.com', 'aol.com', 'Hotmail.com', 'example.net'])}`;
      if (random() < 0.1) email = email.replace(/^./, (c) => c.toUpperCase());
      emailsSoFar.push(email);
    }

    const stateRoll = random();
    const stateText =
      stateRoll < 0.6 ? state
      : stateRoll < 0.85 ? US_STATES[state as UsState]
      : stateRoll < 0.9 ? state.toLowerCase()
      : stateRoll < 0.997 ? (count('blank state'), '')
      : (count('unknown state'), pick(['Fla.', 'XX', 'Calif']));
    const zipRoll = random();
    const zip5 = `${zipPrefix}${String(Math.floor(random() * 100)).padStart(2, '0')}`;
    const zip = zipRoll < 0.004 ? (count('4-digit zip'), String(Number(zip5) % 10000)) : zipRoll < 0.1 ? `${zip5}-${String(1000 + Math.floor(random() * 9000))}` : zip5;
    const [y, m, d] = [1935 + Math.floor(random() * 62), 1 + Math.floor(random() * 12), 1 + Math.floor(random() * 28)];
    const dobRoll = random();
    const dob =
      dobRoll < 0.45 ? `${m}/${d}/${y}`
      : dobRoll < 0.8 ? `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
      : dobRoll < 0.85 ? `${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/${String(y % 100).padStart(2, '0')}`
      : dobRoll < 0.995 ? ''
      : (count('malformed date'), pick(['13/45/1950', 'N/A', '1950-02-30', '00/00/0000']));
    if (random() < 0.003) first = (count('blank first name'), '');
    else if (random() < 0.02) first = ` ${first.toUpperCase()} `;
    const address = `${100 + Math.floor(random() * 9800)} ${pick(STREETS)}${random() < 0.1 ? `, Apt ${1 + Math.floor(random() * 30)}${pick(['A', 'B', 'C'])}` : ''}`;
    const note = random() < 0.4 ? pick(NOTES) : '';
    const cost = random() < 0.7 ? `$${(0.5 + random() * 4).toFixed(2)}` : '';
    lines.push([`VND-${String(i + 1).padStart(7, '0')}`, first, last, phone, altPhone, email, address, city, stateText, zip, dob, note, cost].map(csvCell).join(','));
  }
  return { text: `${lines.join('\r\n')}\r\n`, dirt };
}

// ---------------------------------------------------------------------------------------------
// The API's SQL, timed: every pg client of the app's pool records its statements' durations by kind
// (the job awaits one statement at a time, so their sum is the job's time in the database).
// ---------------------------------------------------------------------------------------------

type Timed = { kind: string; start: number; ms: number };
const timed: Timed[] = [];
/** The first statement of each kind worth explaining, with its values. */
const explained = new Map<string, { text: string; values: unknown[] }>();
const KINDS: [string, RegExp][] = [
  ['scrub: phones (contacts ⋈ contact_phones)', /join "contact_phones" x on/],
  ['scrub: e-mails (contacts ⋈ contact_emails)', /join "contact_emails" x on/],
  ['insert contacts', /^\s*insert into "contacts"/],
  ['insert contact_phones', /^\s*insert into "contact_phones"/],
  ['insert contact_emails', /^\s*insert into "contact_emails"/],
  ['insert contact_tags', /^\s*insert into "contact_tags"/],
  ['insert contact_notes', /^\s*insert into "contact_notes"/],
  ['insert import_problems', /^\s*insert into "import_problems"/],
  ['update import_attempts (checkpoint, status)', /^\s*update "import_attempts"/],
  ['begin / commit', /^\s*(begin|commit|rollback)\b/i],
  ['bench polling (attempts list)', /order by "import_attempts"\."id" desc|^\s*select count\(\*\) from "import_attempts"/],
  ['read attempt (job, announce)', /from "import_attempts"/],
  ['read file, titles (job start)', /from "import_files"|from "statuses"|from "sources"/],
  ['pg-boss', /pgboss\./],
  ['sessions, users (bench requests)', /from "sessions"|from "users"|"sessions"|"user_roles"|"companies"/],
];
const kindOf = (text: string) => KINDS.find(([, pattern]) => pattern.test(text))?.[0] ?? `other: ${text.replace(/\s+/g, ' ').slice(0, 70)}`;

function timeStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...a: unknown[]) => unknown;
    (client as unknown as { query: (...a: unknown[]) => unknown }).query = (...callArgs: unknown[]) => {
      const [config] = callArgs;
      const text = typeof config === 'string' ? config : typeof config === 'object' && config !== null && 'text' in config ? String((config as { text: unknown }).text) : null;
      if (text === null) return query(...callArgs);
      const entry: Timed = { kind: kindOf(text), start: performance.now(), ms: 0 };
      if ((entry.kind.startsWith('scrub') || entry.kind === 'insert contacts') && !explained.has(entry.kind)) {
        const values = Array.isArray(callArgs[1]) ? callArgs[1] : ((config as { values?: unknown[] }).values ?? []);
        explained.set(entry.kind, { text, values: [...values] });
      }
      const done = () => {
        entry.ms = performance.now() - entry.start;
        timed.push(entry);
      };
      const at = callArgs.findIndex((a) => typeof a === 'function');
      if (at >= 0) {
        const callback = callArgs[at] as (...a: unknown[]) => unknown;
        callArgs[at] = (...results: unknown[]) => (done(), callback(...results));
        return query(...callArgs);
      }
      const result = query(...callArgs);
      if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(done, done);
      return result;
    };
  });
}

// ---------------------------------------------------------------------------------------------
// COPY of raw bytes: the file's bytes reach PostgreSQL as they are, in the encoding the COPY names.
// ---------------------------------------------------------------------------------------------

async function copyAll(client: pg.Client, statement: string, bytes: Buffer): Promise<number> {
  const writer = copyFrom(client, statement);
  for (let at = 0; at < bytes.length; at += 64 * 1024) await writer.write(bytes.subarray(at, at + 64 * 1024));
  return writer.end();
}

// ---------------------------------------------------------------------------------------------

type Bench = { companyId: number; managerId: number };

async function benchIds(client: pg.Client): Promise<Bench> {
  const found = await client.query<{ id: number; company_id: number }>('select id, company_id from users where email = $1', [BENCH_MANAGER_EMAIL]);
  const row = found.rows[0];
  if (!row) throw new Error(`No bench manager (${BENCH_MANAGER_EMAIL}): run npm run bench:generate first`);
  return { companyId: row.company_id, managerId: row.id };
}

/** Phones (dialing form) and e-mails of live bench contacts, spread over the table, for rows that are already in the CRM. */
async function existingValues(client: pg.Client, companyId: number): Promise<Existing> {
  const phones = await client.query<{ number: string }>(
    `select p.number from contact_phones p join contacts c on c.id = p.contact_id
     where c.company_id = $1 and c.deleted_at is null and p.id % 97 = 0 order by p.id limit 5000`,
    [companyId],
  );
  const emails = await client.query<{ email: string }>(
    `select e.email::text as email from contact_emails e join contacts c on c.id = e.contact_id
     where c.company_id = $1 and c.deleted_at is null and e.id % 89 = 0 order by e.id limit 5000`,
    [companyId],
  );
  return { phones: phones.rows.map((r) => r.number), emails: emails.rows.map((r) => r.email) };
}

/**
 * Deletes an attempt's contacts. A plain DELETE takes about a second per 1,000 contacts on the
 * bench data: contacts.merged_into_id (ON DELETE SET NULL) has no index, so each deleted row's
 * foreign-key trigger scans the million contacts. As a superuser the foreign-key triggers are
 * skipped (session_replication_role, as the generator loads) and the referencing rows are deleted
 * (or set null) here, one statement per foreign key.
 */
async function deleteImported(client: pg.Client, attemptId: number): Promise<number> {
  const superuser = (await client.query<{ yes: boolean }>('select rolsuper as yes from pg_roles where rolname = current_user')).rows[0]?.yes;
  if (!superuser) {
    log('Not a superuser: deleting the imported contacts with their foreign-key triggers (slow on the bench data)');
    return (await client.query('delete from contacts where import_attempt_id = $1', [attemptId])).rowCount ?? 0;
  }
  await client.query('begin');
  try {
    await client.query('set local session_replication_role = replica');
    await client.query('create temp table bench_gone on commit drop as select id from contacts where import_attempt_id = $1', [attemptId]);
    const references = await client.query<{ tbl: string; col: string; action: string }>(
      `select c.conrelid::regclass::text as tbl, a.attname as col, c.confdeltype as action
       from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       where c.contype = 'f' and c.confrelid = 'contacts'::regclass`,
    );
    for (const r of references.rows) {
      const column = `"${r.col.replace(/"/g, '""')}"`;
      if (r.action === 'c') await client.query(`delete from ${r.tbl} where ${column} in (select id from bench_gone)`);
      else await client.query(`update ${r.tbl} set ${column} = null where ${column} in (select id from bench_gone)`);
    }
    const removed = await client.query('delete from contacts where id in (select id from bench_gone)');
    await client.query('commit');
    return removed.rowCount ?? 0;
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/** Removes the contacts of this benchmark's attempts (an earlier run's too), then the attempts over the API (their problems and stored files go with them). */
async function cleanUp(client: pg.Client, browser: Browser, companyId: number): Promise<void> {
  const attempts = await client.query<{ id: number }>('select id from import_attempts where company_id = $1 and file_name = $2 order by id', [companyId, FILE_NAME]);
  for (const { id } of attempts.rows) {
    const started = performance.now();
    const removed = await deleteImported(client, id);
    const answer = await browser.call('DELETE', `/v1/contacts/delete_import_attempts/${id}`);
    if (answer.status >= 300) throw new Error(`Deleting import attempt ${id}: ${answer.status} ${JSON.stringify(answer.json)}`);
    log(`Cleaned up attempt ${id}: ${fmt(removed)} contacts deleted (${formatDuration(performance.now() - started)})`);
  }
}

/**
 * The file's rows through the import's own reader and mapper, in this process: the job's CPU work
 * without the database. `refused` counts as the job does: nothing to identify, or a repeat.
 */
async function parseAndMap(bytes: Buffer, encoding: string, rules: Parameters<typeof createRowMapper>[2]) {
  const chunks = Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, i) => bytes.subarray(i * 65_536, (i + 1) * 65_536));
  let started = performance.now();
  const rows: string[][] = [];
  for await (const r of readImportRows(Readable.from(chunks), 'csv', encoding)) rows.push(r.values);
  const parseMs = performance.now() - started;
  const [headers = [], ...data] = rows;
  const mapRow = createRowMapper(headers, FIELDS, rules);
  started = performance.now();
  const mapped = data.map((values) => mapRow(values));
  const mapMs = performance.now() - started;
  const keys = new Set<string>();
  const refused = mapped.filter((r) => !r.ok || keys.size === keys.add(r.key).size).length;
  const warned = mapped.filter((r) => r.ok && r.warnings.length > 0).length;
  return { headers, data, mapped, parseMs, mapMs, refused, warned };
}

/** The mapped rows as COPY text for contacts, contact_phones and contact_emails (ids from `firstId`). */
function contactCopyText(contacts: ImportedContact[], bench: Bench, firstId: number) {
  const out = { contacts: [] as string[], phones: [] as string[], emails: [] as string[] };
  contacts.forEach((c, i) => {
    const id = firstId + i;
    const v = c.values;
    const search = [v.firstName, v.lastName, ...c.emails, ...c.phones].join(' ').toLowerCase();
    out.contacts.push(
      copyRow([id, bench.companyId, bench.managerId, 'lead', v.firstName, v.lastName, v.address1, v.city, v.state, v.zip, v.dateOfBirth, v.timezone, search, 0, i + 2]),
    );
    c.phones.forEach((n, p) => out.phones.push(copyRow([id, n, p])));
    c.emails.forEach((e, p) => out.emails.push(copyRow([id, e, p])));
  });
  return { contacts: out.contacts.join(''), phones: out.phones.join(''), emails: out.emails.join('') };
}

async function waitForAttempt(browser: Browser, id: number, onPoll: (a: ImportAttempt) => void): Promise<ImportAttempt> {
  const deadline = performance.now() + TIMEOUT_MS;
  for (;;) {
    const answer = await browser.call('GET', '/v1/contacts/import_attempts?limit=100');
    if (answer.status !== 200) throw new Error(`import_attempts answered ${answer.status}: ${JSON.stringify(answer.json)}`);
    const attempt = (answer.json as { data: ImportAttempt[] }).data.find((a) => a.id === id);
    if (!attempt) throw new Error(`Import attempt ${id} is not listed`);
    onPoll(attempt);
    if (attempt.status === 'completed' || attempt.status === 'failed') return attempt;
    if (performance.now() > deadline) throw new Error(`Import attempt ${id} still ${attempt.status} after ${formatDuration(TIMEOUT_MS)}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

async function main(): Promise<void> {
  const bench = await openBenchDatabase();
  const direct = new pg.Client({ connectionString: bench.url });
  await direct.connect();
  const { app, database, base, ctx } = await startBenchApi(bench, (handle) => timeStatements(handle.pool));
  try {
    const ids = await benchIds(direct);
    const browser = await signedInBrowser(base);
    await cleanUp(direct, browser, ids.companyId);
    const live = await direct.query<{ n: number }>('select count(*)::int as n from contacts where company_id = $1 and deleted_at is null', [ids.companyId]);
    log(`${fmt(live.rows[0]?.n ?? 0)} live bench contacts to scrub against; signed in as ${BENCH_MANAGER_EMAIL}`);

    // The file.
    let started = performance.now();
    const made = makeCsv(await existingValues(direct, ids.companyId));
    const bytes = ENCODING === 'win1252' ? windows1252(made.text) : Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(made.text, 'utf8')]);
    await mkdir('data/bench', { recursive: true });
    await writeFile(FILE_PATH, bytes);
    log(
      `Generated ${FILE_PATH}: ${fmt(ROWS)} rows, ${HEADER.length} columns (${FIELDS.filter((f) => !f).length} unmapped), ` +
        `${(bytes.length / 2 ** 20).toFixed(1)} MB ${ENCODING === 'win1252' ? 'Windows-1252' : 'UTF-8 with BOM'}, CRLF, seed "${SEED}" in ${formatDuration(performance.now() - started)}`,
    );
    log(`  dirt: ${Object.entries(made.dirt).map(([what, n]) => `${what} ${fmt(n)} (${pct(n, ROWS)})`).join(', ')}`);

    // The import, end to end.
    await ctx.jobs.startWorkers();
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const form = new FormData();
    form.append('fields', JSON.stringify(FIELDS));
    form.append('scrub_against', JSON.stringify({ phone: true, email: true, do_not_contact: true, updated_lead_tags: [] }));
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), FILE_NAME);
    log(`POST /v1/contacts/leads_uploader (scrub against phone, e-mail and do-not-contact; baseline RSS ${(baseline / 2 ** 20).toFixed(0)} MB)`);
    timed.length = 0;
    const cpuBefore = process.cpuUsage();
    const startedAt = Date.now();
    started = performance.now();
    const answer = await browser.call('POST', '/v1/contacts/leads_uploader', form);
    const uploadMs = performance.now() - started;
    if (answer.status !== 200) throw new Error(`leads_uploader answered ${answer.status}: ${JSON.stringify(answer.json)}`);
    const queued = (answer.json as { data: ImportAttempt }).data;
    const progress: { at: number; rows: number }[] = [];
    const attempt = await waitForAttempt(browser, queued.id, (a) => progress.push({ at: performance.now() - started, rows: a.processed_rows }));
    const polledMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    clearInterval(sampler);
    if (attempt.status !== 'completed') throw new Error(`The import failed: ${attempt.failure}`);
    const finishedMs = attempt.finished_at ? Date.parse(attempt.finished_at) - startedAt : polledMs;
    const elapsed = Math.min(polledMs, finishedMs);
    const rate = (ROWS * 1000) / elapsed;

    log(
      `Attempt ${attempt.id} ${attempt.status}: ${fmt(attempt.processed_rows)} rows read, ${fmt(attempt.imported_count)} imported (${fmt(attempt.warning_count)} with warnings), ` +
        `${fmt(attempt.skipped_count)} skipped (scrub), ${fmt(attempt.error_count)} refused`,
    );
    if (attempt.imported_count + attempt.skipped_count + attempt.error_count !== ROWS) log(`  counts do not add up to ${fmt(ROWS)} rows!`);
    log(`End to end ${formatDuration(elapsed)} (request to the attempt's finished_at; seen by polling after ${formatDuration(polledMs)}): ${fmt(rate)} rows/s`);
    log(`Peak RSS of this process (API + job + bench client): ${(peak / 2 ** 20).toFixed(0)} MB (baseline ${(baseline / 2 ** 20).toFixed(0)} MB); CPU of this process ${formatDuration((cpu.user + cpu.system) / 1000)}`);

    // Where the time went.
    const jobStatements = timed.filter((t) => t.start - started >= uploadMs);
    const jobStart = jobStatements.find((t) => t.kind.startsWith('read file'))?.start ?? started + uploadMs;
    const jobEnd = started + finishedMs;
    const inJob = timed.filter((t) => t.start >= jobStart && t.start <= jobEnd);
    const byKind = new Map<string, { n: number; ms: number }>();
    for (const t of inJob) byKind.set(t.kind, { n: (byKind.get(t.kind)?.n ?? 0) + 1, ms: (byKind.get(t.kind)?.ms ?? 0) + t.ms });
    const jobMs = jobEnd - jobStart;
    const notJob = (kind: string) => kind.startsWith('bench') || kind.startsWith('sessions') || kind.startsWith('pg-boss');
    const sqlMs = [...byKind].filter(([kind]) => !notJob(kind)).reduce((sum, [, v]) => sum + v.ms, 0);
    log(`Time line: upload and queue ${formatDuration(uploadMs)} (file stored, attempt made), queue wait ${formatDuration(jobStart - started - uploadMs)} (the worker is woken when the job is sent), job ${formatDuration(jobMs)} (${fmt((ROWS * 1000) / jobMs)} rows/s)`);
    log(`The job's SQL, ${formatDuration(sqlMs)} of its ${formatDuration(jobMs)} (${pct(sqlMs, jobMs)}); the rest (${formatDuration(jobMs - sqlMs)}) is JavaScript: reading, decoding, parsing, validating, scrub decisions:`);
    for (const [kind, v] of [...byKind].sort((a, b) => b[1].ms - a[1].ms)) {
      log(`  ${kind.padEnd(46)} ${String(v.n).padStart(5)} × ${formatDuration(v.ms / v.n).padStart(9)} = ${formatDuration(v.ms).padStart(9)}${notJob(kind) ? ' (not the job)' : ` ${pct(v.ms, jobMs).padStart(6)}`}`);
    }
    const landed = progress.filter((p) => p.rows > 0);
    if (landed.length >= 2) {
      const [a, b] = [landed[0] as { at: number; rows: number }, landed[landed.length - 1] as { at: number; rows: number }];
      log(`Batches landing (polled every ${POLL_MS} ms): ${fmt(a.rows)} rows at ${formatDuration(a.at)} … ${fmt(b.rows)} at ${formatDuration(b.at)}: ${fmt(((b.rows - a.rows) * 1000) / (b.at - a.at))} rows/s in between`);
    }

    // What the import made and refused.
    const made2 = await direct.query<{ contacts: number; phones: number; emails: number; accented: number; mojibake: number }>(
      `select count(*)::int as contacts,
              (select count(*)::int from contact_phones p join contacts c on c.id = p.contact_id where c.import_attempt_id = $1) as phones,
              (select count(*)::int from contact_emails e join contacts c on c.id = e.contact_id where c.import_attempt_id = $1) as emails,
              count(*) filter (where first_name ~ '[éëüñøöçèôåÅÖÜ]' or last_name ~ '[éëüñøöçèôåÅÖÜ’]')::int as accented,
              count(*) filter (where first_name ~ '[Ã�Â]' or last_name ~ '[Ã�Â]')::int as mojibake
       from contacts where import_attempt_id = $1`,
      [attempt.id],
    );
    const m = made2.rows[0];
    log(`Stored: ${fmt(m?.contacts ?? 0)} contacts, ${fmt(m?.phones ?? 0)} phones, ${fmt(m?.emails ?? 0)} e-mails; ${fmt(m?.accented ?? 0)} with accented names, ${fmt(m?.mojibake ?? 0)} garbled (mojibake)`);
    const reasons = await direct.query<{ kind: string; reason: string; n: number }>(
      // a warning's reason names its column and quotes the value: the value is left out to group them
      `select kind, regexp_replace(regexp_replace(case when p->>'reason' like (p->>'column') || '%' then p->>'reason' else (p->>'column') || ': ' || (p->>'reason') end,
         ' ''.*?'' (is|has) ', ' ''…'' \\1 '), 'row \\d+', 'row N') as reason, count(*)::int as n
       from import_problems, jsonb_array_elements(problems) p where attempt_id = $1 group by 1, 2 order by 1, 3 desc`,
      [attempt.id],
    );
    for (const r of reasons.rows) log(`  ${r.kind.padEnd(8)} ${fmt(r.n).padStart(6)}  ${r.reason}`);

    // The same work in this process without the database, and a plain COPY of the same file.
    const lookups = await createImportRepository(ctx.db).titleLookups(ids.companyId);
    const brand = BRANDS[await ctx.usersRepository.companyBrand(ids.companyId)];
    const cpuWork = await parseAndMap(bytes, ENCODING === 'win1252' ? 'windows-1252' : 'utf-8', { ...lookups, brand });
    const invalid = cpuWork.refused;
    log(
      `In this process: reading + decoding + parsing the file ${formatDuration(cpuWork.parseMs)}, mapping + validating ${fmt(cpuWork.data.length)} rows ${formatDuration(cpuWork.mapMs)} ` +
        `(${fmt(invalid)} refused, ${fmt(cpuWork.warned)} with warnings: the attempt says ${fmt(attempt.error_count)} refused${invalid === attempt.error_count ? '' : ' — differs!'})`,
    );

    if (EXPLAIN) {
      for (const [kind, q] of explained) {
        if (!kind.startsWith('scrub')) continue;
        const plan = await direct.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${q.text}`, q.values);
        log(`EXPLAIN ${kind} (${(q.values.find(Array.isArray) as unknown[] | undefined)?.length ?? 0} values):`);
        for (const line of plan.rows) log(`  ${line['QUERY PLAN']}`);
      }
    }

    await cleanUp(direct, browser, ids.companyId);

    const insert = explained.get('insert contacts');
    if (EXPLAIN && insert) {
      await direct.query('begin');
      try {
        const plan = await direct.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, wal) ${insert.text}`, insert.values);
        log('EXPLAIN insert contacts (2,000 rows; rolled back):');
        for (const line of plan.rows) log(`  ${line['QUERY PLAN']}`);
      } finally {
        await direct.query('rollback');
      }
    }

    const copyClient = new pg.Client({ connectionString: bench.url });
    await copyClient.connect();
    let copyMs = Infinity;
    let contactsCopyMs = NaN;
    const copySplit: string[] = [];
    try {
      const columns = HEADER.map((_, i) => `c${i + 1} text`).join(', ');
      await copyClient.query(`drop table if exists bench_import_staging; create unlogged table bench_import_staging (${columns})`);
      const copyStatement = `copy bench_import_staging from stdin with (format csv, header true, encoding '${ENCODING === 'win1252' ? 'WIN1252' : 'UTF8'}')`;
      for (let round = 0; round < 3; round += 1) {
        await copyClient.query('truncate bench_import_staging');
        const t0 = performance.now();
        const copied = await copyAll(copyClient, copyStatement, bytes);
        copyMs = Math.min(copyMs, performance.now() - t0);
        if (copied !== ROWS) throw new Error(`COPY stored ${copied} rows, not ${ROWS}`);
      }
      await copyClient.query('drop table bench_import_staging');
      log(`Plain COPY of the same file into an unlogged table of ${HEADER.length} text columns (best of 3): ${formatDuration(copyMs)} (${fmt((ROWS * 1000) / copyMs)} rows/s)`);

      // The valid rows as the import would store them, COPYed into the real tables in a transaction that is rolled back.
      const good = cpuWork.mapped.flatMap((r) => (r.ok ? [r.contact] : []));
      const reserved = await copyClient.query<{ first: string }>(`select nextval(pg_get_serial_sequence('contacts', 'id')) as first`);
      const firstId = Number(reserved.rows[0]?.first);
      await copyClient.query(`select setval(pg_get_serial_sequence('contacts', 'id'), $1)`, [firstId + good.length]);
      const text = contactCopyText(good, ids, firstId);
      await copyClient.query('begin');
      try {
        const statements: [string, string][] = [
          [
            'contacts',
            `copy contacts (id, company_id, owner_id, category, first_name, last_name, address1, city, state, zip, date_of_birth, timezone, search_text, import_attempt_id, import_row) from stdin`,
          ],
          ['contact_phones', 'copy contact_phones (contact_id, number, position) from stdin'],
          ['contact_emails', 'copy contact_emails (contact_id, email, position) from stdin'],
        ];
        const texts: Record<string, string> = { contacts: text.contacts, contact_phones: text.phones, contact_emails: text.emails };
        contactsCopyMs = 0;
        for (const [table, statement] of statements) {
          const t0 = performance.now();
          const copied = await copyAll(copyClient, statement, Buffer.from(texts[table] as string));
          const ms = performance.now() - t0;
          contactsCopyMs += ms;
          copySplit.push(`${table} ${fmt(copied)} rows ${formatDuration(ms)}`);
        }
      } finally {
        await copyClient.query('rollback');
      }
      log(
        `COPY of the ${fmt(good.length)} valid rows as contacts + phones + e-mails into the real tables (their indexes and triggers; rolled back): ` +
          `${formatDuration(contactsCopyMs)} (${fmt((ROWS * 1000) / contactsCopyMs)} file rows/s: ${copySplit.join(', ')})`,
      );
    } finally {
      await copyClient.end();
    }
    started = performance.now();
    await direct.query('vacuum (analyze) contacts, contact_phones, contact_emails, import_problems, import_attempts');
    log(`VACUUM ANALYZE of the touched tables (the next run starts from the same state) in ${formatDuration(performance.now() - started)}`);

    log(`ratio import / plain COPY: ${(elapsed / copyMs).toFixed(1)}× (${formatDuration(elapsed)} / ${formatDuration(copyMs)}); import / COPY into contacts + phones + e-mails: ${(elapsed / contactsCopyMs).toFixed(1)}×`);
    log(`import ${fmt(ROWS)} rows: ${(elapsed / 1000).toFixed(2)} s, ${fmt(rate)} rows/s — ${rate >= TARGET_ROWS_PER_S ? 'PASS' : 'NOT MET'} (target ≥ ${fmt(TARGET_ROWS_PER_S)} rows/s)`);
  } finally {
    await app.close();
    await database.close();
    await direct.end();
    await bench.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

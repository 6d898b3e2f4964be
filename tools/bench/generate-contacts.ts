// npm run bench:generate [-- --reset] [-- --contacts 1031000] [-- --seed bench]
//
// Loads the benchmark data set: company "Bench Agency" (Harbor), an admin, a manager whose
// downline is 3 district managers, a field manager and 50 agents (some nested three levels deep),
// the seed's catalogs, 20 tags, and 1,031,000 contacts (a million live) spread unevenly over the agents, with
// phones, e-mails, tags, policies and notes. Rows go in with COPY FROM STDIN while the loaded
// tables' secondary indexes are dropped; the indexes are rebuilt afterwards, then VACUUM ANALYZE.
// Deterministic: the same seed gives the same data. Re-running reuses a loaded data set; --reset
// deletes the bench company's contacts (and tags) and loads them again.
import pg from 'pg';
import { and, eq, sql } from 'drizzle-orm';
import { POLICY_STATUSES, POLICY_TYPES, PREMIUM_MODES, TAG_COLORS, type PolicyType, type Role } from '@crm/contract';
import { connect } from '../../apps/api/src/db/database';
import { contacts } from '../../apps/api/src/db/schema';
import {
  DEMO_CATALOGS,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  LAST_NAMES,
  medicareNumber,
  NOTES,
  PLACES,
  seededRandom,
  STREETS,
} from '../../apps/api/src/db/seed-contacts';
import { hashPassword } from '../../apps/api/src/lib/passwords';
import { SEARCH_TEXT_SQL } from '../../apps/api/src/modules/contacts/contacts-scope.repository';
import { createLookupsRepository } from '../../apps/api/src/modules/lookups/lookups.repository';
import { createUsersRepository } from '../../apps/api/src/modules/users/users.repository';
import { BENCH_COMPANY, BENCH_MANAGER_EMAIL, BENCH_PASSWORD, formatDuration, log, openBenchDatabase } from './bench-db';
import { copyFrom, copyRow, type CopyWriter } from './copy-from';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? (args[at + 1] as string) : fallback;
};
const RESET = args.includes('--reset');
/** 3% go to the trash: 1,031,000 leaves a million live ones, more than an export's 999,999 rows. */
const CONTACT_COUNT = Number(option('contacts', '1031000'));
const SEED = option('seed', 'bench');
const CHUNK = 5_000;
const PROGRESS_EVERY = 100_000;

// ---------------------------------------------------------------------------------------------
// Data the seed does not have: more surnames, first names and cities, so that a name search
// matches a realistic share of a million contacts (the seed's 46 surnames would give 2% each).
// ---------------------------------------------------------------------------------------------

/** Common US surnames, most frequent first; with the seed's names after them and rarer ones last (Zipf-like weights by rank). */
const COMMON_SURNAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Wilson', 'Moore', 'Taylor', 'Thomas', 'Jackson', 'White', 'Martin',
  'Lee', 'Clark', 'Lewis', 'Robinson', 'Walker', 'Hall', 'Allen', 'King', 'Wright', 'Scott', 'Green', 'Adams', 'Hill', 'Hernandez',
  'Rodriguez', 'Nguyen', 'Rivera', 'Torres', 'Flores', 'Cooper', 'Morgan', 'Bell', 'Howard', 'Cox', 'Gray', 'James', 'Russell',
];
const RARE_SURNAMES = [
  'Abernathy', 'Blackwood', 'Castellanos', 'Delacroix', 'Eastwood', 'Fairbanks', 'Galloway', 'Hargrove', 'Ingram', 'Jablonski',
  'Kowalczyk', 'Lindqvist', 'Montgomery', 'Nakamura', 'Okafor', 'Pemberton', 'Quintero', 'Rasmussen', 'Sandoval', 'Tanaka',
  'Underwood', 'Valenzuela', 'Whitaker', 'Xiong', 'Yamamoto', 'Zielinski', 'Achterberg', 'Birkenstock', 'Calloway', 'Dunleavy',
  'Esposito', 'Fitzgerald', 'Gallagher', 'Halvorsen', 'Iglesias', 'Jorgensen', 'Kaczmarek', 'Lombardi', 'McAllister', 'Novak',
  'Oyelaran', 'Papadopoulos', 'Quigley', 'Romanoff', 'Szymanski', 'Thorsen', 'Uchida', 'Vasquez-Ortega', 'Wojcik', 'Zimmerman',
];
const SURNAMES = [...COMMON_SURNAMES, ...LAST_NAMES, ...RARE_SURNAMES];

/**
 * The long tail of surnames: the named ones above are a quarter of the contacts, as the most common
 * US surnames are of the population (Smith, the most common, 0.8%: here 0.9%); the other three
 * quarters have one of these 2,400 surnames made of two parts ("Ashford", "Kelbrook"), which are
 * shared by about 300 contacts each. With the named ones alone every surname was shared by 7,400
 * contacts on average and "Smith" by 37,000, nine times its share of a real book.
 */
const TAIL_SURNAMES = (() => {
  const heads = [
    'Ash', 'Bar', 'Bel', 'Black', 'Brad', 'Brook', 'Cal', 'Car', 'Chad', 'Craw', 'Dal', 'Dan', 'Dar', 'Ed', 'El', 'Fair', 'Far', 'Fen',
    'Gar', 'Glen', 'Gold', 'Gran', 'Ham', 'Har', 'Hart', 'Hay', 'Hol', 'Hun', 'Kel', 'Ken', 'Kin', 'Lang', 'Lar', 'Lind', 'Lock', 'Mal',
    'Mar', 'Mer', 'Mid', 'Mor', 'Nor', 'Old', 'Pen', 'Pres', 'Ran', 'Red', 'Ros', 'Rut', 'Sal', 'Sand', 'Shel', 'Stan', 'Stock', 'Sum',
    'Thorn', 'Wal', 'War', 'Wen', 'Whit', 'Win',
  ];
  const tails = [
    'ton', 'ford', 'ley', 'wood', 'man', 'son', 'field', 'well', 'worth', 'ridge', 'more', 'by', 'er', 'ell', 'ing', 'wick', 'stead',
    'ham', 'brook', 'den', 'croft', 'shaw', 'land', 'bury', 'dale', 'hurst', 'low', 'way', 'burn', 'win', 'ard', 'ett', 'ock', 'ston',
    'mond', 'mer', 'lock', 'sley', 'gate', 'combe',
  ];
  return heads.flatMap((head) => tails.map((tail) => head + tail));
})();
/** A quarter of the surname weight on the named surnames (Zipf-like by rank), three quarters spread evenly over the tail. */
const SURNAME_WEIGHTS = (() => {
  const named = SURNAMES.map((_, rank) => 1 / (rank + 10));
  const namedTotal = named.reduce((a, b) => a + b, 0);
  return [...named.map((w) => (w / namedTotal) * 0.25), ...TAIL_SURNAMES.map(() => 0.75 / TAIL_SURNAMES.length)];
})();

const MORE_FIRST_NAMES: [string, 'male' | 'female'][] = [
  ['Joseph', 'male'], ['Karen', 'female'], ['Daniel', 'male'], ['Betty', 'female'], ['Paul', 'male'], ['Helen', 'female'],
  ['Mark', 'male'], ['Sandra', 'female'], ['Donald', 'male'], ['Ruth', 'female'], ['George', 'male'], ['Joyce', 'female'],
  ['Steven', 'male'], ['Shirley', 'female'], ['Edward', 'male'], ['Judith', 'female'], ['Frank', 'male'], ['Virginia', 'female'],
  ['Larry', 'male'], ['Janet', 'female'], ['Harold', 'male'], ['Martha', 'female'], ['Walter', 'male'], ['Gloria', 'female'],
  ['Raymond', 'male'], ['Evelyn', 'female'], ['Jose', 'male'], ['Lucia', 'female'], ['Jorge', 'male'], ['Carmen', 'female'],
];
const FIRSTS: [string, string | null][] = [...FIRST_NAMES, ...MORE_FIRST_NAMES];

/** City, state, zip prefix, area code, time zone (as the seed's PLACES). */
const MORE_PLACES: (typeof PLACES)[number][] = [
  ['Jacksonville', 'FL', '322', '904', 'est'], ['Miami', 'FL', '331', '305', 'est'], ['Sarasota', 'FL', '342', '941', 'est'],
  ['Fort Myers', 'FL', '339', '239', 'est'], ['Louisville', 'KY', '402', '502', 'est'], ['Knoxville', 'TN', '379', '865', 'est'],
  ['Huntsville', 'AL', '358', '256', 'cst'], ['Birmingham', 'AL', '352', '205', 'cst'], ['Memphis', 'TN', '381', '901', 'cst'],
  ['New Orleans', 'LA', '701', '504', 'cst'], ['San Antonio', 'TX', '782', '210', 'cst'], ['Austin', 'TX', '787', '512', 'cst'],
  ['El Paso', 'TX', '799', '915', 'mst'], ['Oklahoma City', 'OK', '731', '405', 'cst'], ['Kansas City', 'MO', '641', '816', 'cst'],
  ['St. Louis', 'MO', '631', '314', 'cst'], ['Minneapolis', 'MN', '554', '612', 'cst'], ['Milwaukee', 'WI', '532', '414', 'cst'],
  ['Detroit', 'MI', '482', '313', 'est'], ['Indianapolis', 'IN', '462', '317', 'est'], ['Cleveland', 'OH', '441', '216', 'est'],
  ['Pittsburgh', 'PA', '152', '412', 'est'], ['Baltimore', 'MD', '212', '410', 'est'], ['Richmond', 'VA', '232', '804', 'est'],
  ['Raleigh', 'NC', '276', '919', 'est'], ['Charleston', 'SC', '294', '843', 'est'], ['Savannah', 'GA', '314', '912', 'est'],
  ['Boston', 'MA', '021', '617', 'est'], ['Providence', 'RI', '029', '401', 'est'], ['Newark', 'NJ', '071', '973', 'est'],
  ['Buffalo', 'NY', '142', '716', 'est'], ['Portland', 'OR', '972', '503', 'pst'], ['San Diego', 'CA', '921', '619', 'pst'],
  ['San Jose', 'CA', '951', '408', 'pst'], ['Fresno', 'CA', '937', '559', 'pst'], ['Tucson', 'AZ', '857', '520', 'mst'],
  ['Salt Lake City', 'UT', '841', '801', 'mst'], ['Omaha', 'NE', '681', '402', 'cst'], ['Des Moines', 'IA', '503', '515', 'cst'],
  ['Little Rock', 'AR', '722', '501', 'cst'], ['Billings', 'MT', '591', '406', 'mst'], ['Wichita', 'KS', '672', '316', 'cst'],
];
const ALL_PLACES = [...PLACES, ...MORE_PLACES];

const TAG_NAMES = [
  'Hot Lead', 'Follow Up', 'Callback', 'T65', 'Medicare 2026', 'Needs Quote', 'Annual Review', 'Final Expense', 'Spanish Speaker',
  'Referral Partner', 'Spouse Covered', 'Veteran', 'Event Attendee', 'Newsletter', 'VIP', 'Birthday Card', 'Do Not Mail', 'Cold',
  'Appointment Kept', 'Turning 65',
];
/** Relative frequency of each policy type among the policies. */
const POLICY_WEIGHTS: Record<PolicyType, number> = {
  medicare_advantage: 30, medicare_supplement: 20, part_d: 15, final_expense: 10, term_life: 6, whole_life: 5, dental_vision: 4,
  hospital_indemnity: 3, universal_life: 2, preneed: 2, annuity: 2, other: 1,
};
const ACTIVITY_TYPES = ['call', 'sms', 'email', 'appointment', 'note'];
const DAY_MS = 86_400_000;
/** Contacts are created over these six years, ids roughly in time order (as a real table grows). */
const FIRST_CREATED = Date.UTC(2020, 0, 1);
const LAST_CREATED = Date.UTC(2025, 11, 31);

// ---------------------------------------------------------------------------------------------

type BenchUser = { key: string; role: Role; first: string; last: string; upline?: string };

/** admin > manager > 3 district managers (one with a field manager) > 50 agents; 20 agents report to the manager directly. */
function benchUsers(): BenchUser[] {
  const users: BenchUser[] = [
    { key: 'admin', role: 'admin', first: 'Blake', last: 'Bench' },
    { key: 'manager', role: 'manager', first: 'Morgan', last: 'Bench', upline: 'admin' },
    { key: 'district1', role: 'district_manager', first: 'Casey', last: 'North', upline: 'manager' },
    { key: 'district2', role: 'district_manager', first: 'Drew', last: 'South', upline: 'manager' },
    { key: 'district3', role: 'district_manager', first: 'Emery', last: 'West', upline: 'manager' },
    { key: 'field1', role: 'field_manager', first: 'Finley', last: 'North', upline: 'district1' },
  ];
  for (let n = 1; n <= 50; n += 1) {
    const upline = n <= 10 ? 'field1' : n <= 20 ? 'district2' : n <= 30 ? 'district3' : 'manager';
    const [first] = FIRSTS[(n * 7) % FIRSTS.length] as [string, string | null];
    users.push({ key: `agent${String(n).padStart(2, '0')}`, role: 'agent', first, last: SURNAMES[(n * 13) % SURNAMES.length] as string, upline });
  }
  return users;
}

const benchEmail = (key: string) => `${key}@${BENCH_COMPANY.domainName}.example`;

/** Picks by weight in O(log n): cumulative weights and a binary search. */
function weightedPicker<T>(items: readonly T[], weights: readonly number[], random: () => number): () => T {
  const cumulative: number[] = [];
  let total = 0;
  for (const w of weights) cumulative.push((total += w));
  return () => {
    const target = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] as number) > target) hi = mid;
      else lo = mid + 1;
    }
    return items[lo] as T;
  };
}

type Ids = { companyId: number; managerId: number; agentIds: number[]; statuses: number[]; agentflow: number[]; sources: number[]; carriers: number[]; tags: number[] };

/** The company, its users, catalogs and tags: created when missing, reused otherwise. */
async function ensureCompany(url: string): Promise<Ids> {
  const database = connect(url);
  try {
    const usersRepo = createUsersRepository(database.db);
    const lookups = createLookupsRepository(database.db);
    const found = await database.pool.query<{ id: number }>('select id from companies where domain_name = $1', [BENCH_COMPANY.domainName]);
    const companyId = found.rows[0]?.id ?? (await usersRepo.insertCompany(BENCH_COMPANY.name, BENCH_COMPANY.domainName, BENCH_COMPANY.brand)).id;
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const ids = new Map<string, number>();
    for (const u of benchUsers()) {
      const existing = await usersRepo.findByEmail(benchEmail(u.key));
      const row =
        existing ??
        (await usersRepo.insert(
          {
            companyId,
            uplineId: u.upline ? ids.get(u.upline) : null,
            email: benchEmail(u.key),
            username: `${u.key}.bench`,
            passwordHash,
            accountType: u.role,
            firstName: u.first,
            lastName: u.last,
            tosAcceptedVersion: 1,
            tosAcceptedAt: new Date(),
          },
          [u.role],
        ));
      ids.set(u.key, row.id);
    }
    if ((await lookups.countStatuses(companyId)) === 0) await lookups.seed(companyId, DEMO_CATALOGS);
    const tagRows = TAG_NAMES.map((name, i) => [companyId, name, TAG_COLORS[i % TAG_COLORS.length] as string]);
    await database.pool.query(
      `insert into tags (company_id, name, color) select * from unnest($1::int[], $2::text[], $3::text[]) on conflict do nothing`,
      [tagRows.map((r) => r[0]), tagRows.map((r) => r[1]), tagRows.map((r) => r[2])],
    );
    const column = async (query: string) => (await database.pool.query<{ id: number }>(query, [companyId])).rows.map((r) => r.id);
    return {
      companyId,
      managerId: ids.get('manager') as number,
      agentIds: [...ids].filter(([key]) => key.startsWith('agent')).map(([, id]) => id),
      statuses: await column('select id from statuses where company_id = $1 order by position, id'),
      agentflow: await column('select id from agentflow_statuses where company_id = $1 order by position, id'),
      sources: await column('select id from sources where company_id = $1 order by position, id'),
      carriers: await column('select id from carriers where company_id = $1 order by position, id'),
      tags: await column('select id from tags where company_id = $1 order by id'),
    };
  } finally {
    await database.close();
  }
}

/** Tables the generator fills; their secondary indexes are dropped during the load and rebuilt after it. */
const LOADED_TABLES = ['contacts', 'contact_phones', 'contact_emails', 'contact_tags', 'policies', 'contact_notes'] as const;
type LoadedTable = (typeof LOADED_TABLES)[number];

/** Skips foreign-key triggers (superuser only): the generator writes consistent rows and deletes children itself. */
async function withoutTriggers(client: pg.Client): Promise<boolean> {
  try {
    await client.query('set session_replication_role = replica');
    return true;
  } catch {
    return false;
  }
}

/** Removes the bench company's contacts and everything referencing them, and its tags. */
async function resetContacts(client: pg.Client, companyId: number, embedded: boolean): Promise<void> {
  const started = performance.now();
  const others = await client.query<{ found: boolean }>('select exists (select 1 from contacts where company_id <> $1) as found', [companyId]);
  if (embedded && !others.rows[0]?.found) {
    // The bench's own database holding only bench contacts: truncating is instant.
    await client.query('truncate table contacts cascade');
  } else if (await withoutTriggers(client)) {
    const references = await client.query<{ tbl: string; col: string }>(
      `select c.conrelid::regclass::text as tbl, a.attname as col from pg_constraint c
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
       where c.contype = 'f' and c.confrelid = 'contacts'::regclass and c.conrelid <> 'contacts'::regclass`,
    );
    for (const r of references.rows) {
      await client.query(`delete from ${r.tbl} where "${r.col}" in (select id from contacts where company_id = $1)`, [companyId]);
    }
    await client.query('delete from contacts where company_id = $1', [companyId]);
    await client.query('set session_replication_role = origin');
  } else {
    log('Not a superuser: deleting with foreign-key cascades, which is slow for a million contacts');
    await client.query('delete from contacts where company_id = $1', [companyId]);
  }
  await client.query('delete from tags where company_id = $1', [companyId]);
  log(`Reset: removed the bench company's contacts in ${formatDuration(performance.now() - started)}`);
}

type IndexDefinition = { name: string; definition: string };

async function dropSecondaryIndexes(client: pg.Client): Promise<IndexDefinition[]> {
  const result = await client.query<IndexDefinition>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i join pg_class t on t.oid = i.indrelid
     where t.relname = any($1) and t.relnamespace = 'public'::regnamespace
       and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
     order by t.relname, 1`,
    [LOADED_TABLES],
  );
  for (const index of result.rows) await client.query(`drop index if exists ${index.name}`);
  return result.rows;
}

async function createIndexes(client: pg.Client, indexes: IndexDefinition[]): Promise<void> {
  await client.query(`set maintenance_work_mem = '1GB'`);
  for (const index of indexes) {
    const started = performance.now();
    await client.query(index.definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
    log(`  index ${index.name.padEnd(34)} ${formatDuration(performance.now() - started)}`);
  }
}

type Chunk = Record<LoadedTable, string[]>;

/** The contacts and their children, CHUNK contacts at a time, in COPY text format. */
function* generateContacts(ids: Ids, firstId: number): Generator<Chunk> {
  const random = seededRandom(`${SEED}:contacts`);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const chance = (p: number) => random() < p;
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

  // Uneven books: agent weights fall off by rank (1 / rank^0.8), ranks shuffled over the tree; the manager keeps a small book.
  const ranks = ids.agentIds.map((id) => ({ id, order: random() })).sort((a, b) => a.order - b.order);
  const owners = [ids.managerId, ...ranks.map((r) => r.id)];
  const ownerWeights = [0.5, ...ranks.map((_, rank) => 100 / Math.pow(rank + 1, 0.8))];
  const ownerTotal = ownerWeights.reduce((a, b) => a + b, 0);
  ownerWeights[0] = ((ownerTotal - 0.5) * 0.005) / 0.995; // the manager: 0.5% of the contacts
  const pickOwner = weightedPicker(owners, ownerWeights, random);
  const pickSurname = weightedPicker([...SURNAMES, ...TAIL_SURNAMES], SURNAME_WEIGHTS, random);
  const pickPlace = weightedPicker(ALL_PLACES, ALL_PLACES.map(([, state]) => (state === 'FL' || state === 'TX' ? 3 : state === 'CA' || state === 'NY' ? 2 : 1)), random);
  const pickStatus = weightedPicker(ids.statuses, ids.statuses.map((_, i) => 1 / (i + 1)), random);
  const pickPolicyType = weightedPicker(POLICY_TYPES, POLICY_TYPES.map((t) => POLICY_WEIGHTS[t]), random);
  const pickTag = weightedPicker(ids.tags, ids.tags.map((_, i) => 1 / (i + 2)), random);
  /** Recent numbers, some of which later contacts share (the same lead bought twice, a household's landline). */
  const recentPhones: string[] = [];

  let owner = ids.managerId;
  let run = 0;
  let chunk: Chunk = emptyChunk();
  for (let i = 0; i < CONTACT_COUNT; i += 1) {
    const id = firstId + i;
    if (run <= 0) {
      owner = pickOwner();
      run = 1 + Math.floor(-Math.log(1 - random()) * 15); // imports arrive in runs of one owner's contacts
    }
    run -= 1;
    const [first, gender] = pick(FIRSTS);
    const last = pickSurname();
    const [city, state, zipPrefix, areaCode, timezone] = pickPlace();
    const createdMs = Math.min(LAST_CREATED, FIRST_CREATED + ((LAST_CREATED - FIRST_CREATED) * i) / CONTACT_COUNT + (random() - 0.5) * 40 * DAY_MS);
    const updatedMs = Math.min(LAST_CREATED, createdMs + (chance(0.6) ? random() * 200 * DAY_MS : 0));
    const trashed = chance(0.03);
    const year = 1935 + Math.floor(random() * 62);
    const month = 1 + Math.floor(random() * 12);
    const medicare = year <= 1960;
    const medicareStart = `${year + 65}-${pad(month, 2)}-01`;

    const phones: string[] = [];
    const phoneCount = chance(0.35) ? 2 : 1;
    for (let p = 0; p < phoneCount; p += 1) {
      const shared = recentPhones.length > 100 && chance(0.05);
      const number = shared ? pick(recentPhones) : `1${chance(0.85) ? areaCode : pickPlace()[3]}${200 + Math.floor(random() * 800)}${pad(Math.floor(random() * 10000), 4)}`;
      if (!phones.includes(number)) phones.push(number);
      if (!shared) recentPhones[recentPhones.length < 20_000 ? recentPhones.length : Math.floor(random() * 20_000)] = number;
    }
    const emailRoll = random();
    const emailCount = emailRoll < 0.25 ? 0 : emailRoll < 0.85 ? 1 : 2;
    const emails: string[] = [];
    for (let e = 0; e < emailCount; e += 1) {
      const local = e === 0 ? `${first}.${last}${Math.floor(random() * 1000)}` : `${first.slice(0, 1)}${last}${1940 + Math.floor(random() * 70)}`;
      emails.push(`${local.toLowerCase().replace(/[^a-z0-9.]/g, '')}@${pick(EMAIL_DOMAINS)}`);
    }
    const policyCount = chance(0.25) ? (chance(0.15) ? 2 : 1) : 0;
    const policyStatuses = Array.from({ length: policyCount }, () => pick(POLICY_STATUSES));
    const placed = policyStatuses.some((s) => s === 'issued' || s === 'in_force');
    const category = placed ? 'client' : chance(0.65) ? 'lead' : 'prospect';
    const note = chance(0.1) ? pick(NOTES) : null;
    const activityMs = chance(0.5) ? Math.min(LAST_CREATED, createdMs + random() * 365 * DAY_MS) : null;
    const iso = (ms: number) => new Date(ms).toISOString();

    chunk.contacts.push(
      copyRow([
        id, ids.companyId, owner, category, chance(0.9) ? pickStatus() : null, chance(0.4) ? pick(ids.agentflow) : null,
        chance(0.95) ? pick(ids.sources) : null, first, last, `${100 + Math.floor(random() * 9800)} ${pick(STREETS)}`,
        chance(0.12) ? `Apt ${1 + Math.floor(random() * 30)}${pick(['A', 'B', 'C'])}` : null, city, state,
        `${zipPrefix}${pad(Math.floor(random() * 100), 2)}`, `${year}-${pad(month, 2)}-${pad(1 + Math.floor(random() * 28), 2)}`,
        chance(0.92) ? gender : null, chance(0.85) ? 'english' : pick(['spanish', 'spanish', 'chinese', 'korean', 'french', 'german']),
        timezone, medicare && chance(0.7) ? medicareNumber(random) : null, medicare ? medicareStart : null,
        medicare && chance(0.85) ? medicareStart : null, chance(0.05), note,
        // search_text exactly as SEARCH_TEXT_SQL builds it: search_fold(first last e-mails phones), in
        // position order. The generated names and addresses are ASCII, so folding is lower case without
        // apostrophes or hyphens ("O'Brien-Smith" → "obriensmith", migration 0038); the check after the
        // load compares a sample with the SQL.
        [first, last, ...emails, ...phones].join(' ').toLowerCase().replace(/['-]/g, ''),
        activityMs === null ? null : iso(activityMs), activityMs === null ? null : pick(ACTIVITY_TYPES),
        iso(createdMs), iso(updatedMs), trashed ? iso(updatedMs + DAY_MS) : null,
      ]),
    );
    phones.forEach((number, position) => chunk.contact_phones.push(copyRow([id, number, position === 0 || chance(0.5) ? 2 : 9, position, iso(createdMs)])));
    emails.forEach((email, position) => chunk.contact_emails.push(copyRow([id, email, position, iso(createdMs)])));
    if (chance(0.3)) {
      const tagCount = 1 + Math.floor(random() * 3);
      const chosen = new Set<number>();
      while (chosen.size < tagCount) chosen.add(pickTag());
      for (const tagId of chosen) chunk.contact_tags.push(copyRow([id, tagId, iso(updatedMs)]));
    }
    for (const status of policyStatuses) {
      const applied = Math.min(LAST_CREATED, createdMs + random() * 90 * DAY_MS);
      const type = pickPolicyType();
      const life = type.endsWith('_life') || type === 'final_expense' || type === 'preneed';
      chunk.policies.push(
        copyRow([
          id, pick(ids.carriers), type, `P${pad(Math.floor(random() * 1e9), 9)}`, status, (20 + random() * 480).toFixed(2),
          life ? pick(PREMIUM_MODES) : 'monthly', life ? String(5000 * (1 + Math.floor(random() * 100))) : null, day(applied),
          status === 'pending' || status === 'submitted' ? null : day(applied + 30 * DAY_MS), iso(applied), iso(applied),
        ]),
      );
    }
    if (note) chunk.contact_notes.push(copyRow([id, owner, note, iso(updatedMs), iso(updatedMs)]));
    if ((i + 1) % CHUNK === 0 || i + 1 === CONTACT_COUNT) {
      yield chunk;
      chunk = emptyChunk();
    }
  }
}

const emptyChunk = (): Chunk => Object.fromEntries(LOADED_TABLES.map((t) => [t, []])) as unknown as Chunk;

const COPY_STATEMENTS: Record<LoadedTable, string> = {
  contacts: `copy contacts (id, company_id, owner_id, category, status_id, agentflow_status_id, source_id, first_name, last_name,
    address1, address2, city, state, zip, date_of_birth, gender, language, timezone, medicare_number, part_a_date, part_b_date,
    is_new, note, search_text, last_activity_at, last_activity_type, created_at, updated_at, deleted_at) from stdin`,
  contact_phones: 'copy contact_phones (contact_id, number, phone_type, position, created_at) from stdin',
  contact_emails: 'copy contact_emails (contact_id, email, position, created_at) from stdin',
  contact_tags: 'copy contact_tags (contact_id, tag_id, created_at) from stdin',
  policies: `copy policies (contact_id, carrier_id, policy_type, policy_number, status, premium, premium_mode, face_amount,
    application_date, effective_date, created_at, updated_at) from stdin`,
  contact_notes: 'copy contact_notes (contact_id, author_id, body, created_at, updated_at) from stdin',
};

/** COPYs the generated rows, one connection per table so PostgreSQL parses them while the next chunk is generated. */
async function load(url: string, ids: Ids): Promise<Record<string, number>> {
  const clients = await Promise.all(
    LOADED_TABLES.map(async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query('set synchronous_commit = off');
      return client;
    }),
  );
  try {
    const triggersOff = (await Promise.all(clients.map(withoutTriggers))).every(Boolean);
    if (!triggersOff) log('Not a superuser: foreign keys are checked row by row during the load (slower)');
    const main = clients[0] as pg.Client;
    const reserved = await main.query<{ first: string }>(`select nextval(pg_get_serial_sequence('contacts', 'id')) as first`);
    const firstId = Number(reserved.rows[0]?.first);
    await main.query(`select setval(pg_get_serial_sequence('contacts', 'id'), $1)`, [firstId + CONTACT_COUNT - 1]);
    const writers: Record<string, CopyWriter> = Object.fromEntries(LOADED_TABLES.map((t, i) => [t, copyFrom(clients[i] as pg.Client, COPY_STATEMENTS[t] as string)]));
    const rows: Record<string, number> = Object.fromEntries(LOADED_TABLES.map((t) => [t, 0]));
    const started = performance.now();
    let done = 0;
    let lastReport = started;
    let lastDone = 0;
    for (const chunk of generateContacts(ids, firstId)) {
      await Promise.all(
        LOADED_TABLES.map((t) => {
          const lines = chunk[t] as string[];
          rows[t] = (rows[t] as number) + lines.length;
          return lines.length ? (writers[t] as CopyWriter).write(lines.join('')) : undefined;
        }),
      );
      done += (chunk.contacts as string[]).length;
      if (done % PROGRESS_EVERY === 0 || done === CONTACT_COUNT) {
        const now = performance.now();
        const allRows = Object.values(rows).reduce((a, b) => a + b, 0);
        log(
          `  ${done.toLocaleString('en-US').padStart(9)} contacts, ${allRows.toLocaleString('en-US').padStart(10)} rows; ` +
            `${Math.round(((done - lastDone) * 1000) / (now - lastReport)).toLocaleString('en-US')} contacts/s now, ` +
            `${Math.round((allRows * 1000) / (now - started)).toLocaleString('en-US')} rows/s overall`,
        );
        lastReport = now;
        lastDone = done;
      }
    }
    const stored = await Promise.all(LOADED_TABLES.map((t) => (writers[t] as CopyWriter).end()));
    LOADED_TABLES.forEach((t, i) => {
      if (stored[i] !== rows[t]) throw new Error(`COPY ${t}: sent ${rows[t]} rows, PostgreSQL stored ${stored[i]}`);
    });
    return rows;
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}

/** Checks a sample of search texts against the repository's own SEARCH_TEXT_SQL. */
async function checkSearchText(url: string, companyId: number): Promise<void> {
  const database = connect(url);
  try {
    const [row] = await database.db
      .select({ checked: sql<number>`count(*)::int`, different: sql<number>`count(*) filter (where ${contacts.searchText} <> ${SEARCH_TEXT_SQL})::int` })
      .from(contacts)
      .where(and(eq(contacts.companyId, companyId), sql`${contacts.id} % 500 = 0`));
    if (row?.different) throw new Error(`search_text differs from SEARCH_TEXT_SQL on ${row.different} of ${row.checked} sampled contacts`);
    log(`search_text matches SEARCH_TEXT_SQL on all ${row?.checked ?? 0} sampled contacts`);
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const bench = await openBenchDatabase();
  try {
    const ids = await ensureCompany(bench.url);
    log(`Company "${BENCH_COMPANY.name}" (id ${ids.companyId}); sign in as ${BENCH_MANAGER_EMAIL} / ${BENCH_PASSWORD}`);
    const client = new pg.Client({ connectionString: bench.url });
    await client.connect();
    try {
      const count = await client.query<{ n: number }>('select count(*)::int as n from contacts where company_id = $1', [ids.companyId]);
      const existing = count.rows[0]?.n ?? 0;
      if (existing > 0 && !RESET) {
        log(`The bench company already has ${existing.toLocaleString('en-US')} contacts: reusing them (--reset loads them again)`);
        return;
      }
      if (existing > 0) {
        await resetContacts(client, ids.companyId, bench.embedded);
        const again = await ensureCompany(bench.url); // tags were removed with the contacts
        ids.tags = again.tags;
      }
      log(`Dropping the secondary indexes of ${LOADED_TABLES.join(', ')} for the load`);
      const indexes = await dropSecondaryIndexes(client);
      try {
        log(`Loading ${CONTACT_COUNT.toLocaleString('en-US')} contacts over ${ids.agentIds.length} agents and the manager (COPY FROM STDIN, seed "${SEED}")`);
        const loadStarted = performance.now();
        const rows = await load(bench.url, ids);
        const loadMs = performance.now() - loadStarted;
        const total = Object.values(rows).reduce((a, b) => a + b, 0);
        log(`Loaded ${Object.entries(rows).map(([t, n]) => `${t} ${n.toLocaleString('en-US')}`).join(', ')}`);
        log(`COPY: ${total.toLocaleString('en-US')} rows in ${formatDuration(loadMs)} (${Math.round((total * 1000) / loadMs).toLocaleString('en-US')} rows/s)`);
      } finally {
        const indexStarted = performance.now();
        log(`Building ${indexes.length} indexes`);
        await createIndexes(client, indexes);
        log(`Indexes built in ${formatDuration(performance.now() - indexStarted)}`);
      }
      // The load ran without triggers (session_replication_role), so the city list is filled here.
      await client.query(
        `insert into contact_cities (company_id, city) select distinct company_id, city from contacts
         where company_id = $1 and city is not null and city <> '' on conflict do nothing`,
        [ids.companyId],
      );
      const vacuumStarted = performance.now();
      await client.query(`vacuum (analyze) ${LOADED_TABLES.join(', ')}, contact_cities, users, tags`);
      log(`VACUUM ANALYZE in ${formatDuration(performance.now() - vacuumStarted)}`);
      await checkSearchText(bench.url, ids.companyId);
    } finally {
      await client.end();
    }
  } finally {
    await bench.close();
    log(`Total ${formatDuration(performance.now() - started)}`);
  }
}

main().catch((error: unknown) => {
  console.error(`[bench] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});

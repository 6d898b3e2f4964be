import type { BillingRepository } from '../modules/billing/billing.repository';
import { TAG_COLORS, type Gender, type Language, type PolicyStatus, type PolicyType, type Timezone, type UsState } from '@crm/contract';
import type { BrandId } from '@crm/brand-config';
import type { BulkContact, BulkNote, BulkPolicy, EmailValue, PhoneValue } from '../modules/contacts/contact-writes.repository';
import type { ContactsRepository } from '../modules/contacts/contacts.repository';
import type { CatalogSeed, LookupsRepository } from '../modules/lookups/lookups.repository';
import { addDays, addYears, isLeapYear } from '../modules/dashboard/dashboard-dates';

/** Every company starts with these catalogs (its administrators edit them later). */
export const DEMO_CATALOGS: CatalogSeed = {
  statuses: ['New', 'Contacted', 'Appointment Set', 'Application Submitted', 'Issued', 'Not Interested', 'Do Not Call'],
  agentflowStatuses: ['Needs Analysis', 'Quote Presented', 'Application Started', 'Underwriting', 'Policy Delivered', 'Annual Review'],
  sources: ['Facebook Lead', 'Direct Mail', 'Referral', 'Website', 'Inbound Call', 'Medicare Event'],
  apiVendors: [
    { vendorName: 'LeadStream Direct', vendorType: 'leads' },
    { vendorName: 'SeniorQuote Exchange', vendorType: 'leads' },
    { vendorName: 'CallTrack Pro', vendorType: 'calls' },
    { vendorName: 'DataVerify Plus', vendorType: 'data' },
  ],
  carriers: ['Aetna', 'Humana', 'UnitedHealthcare', 'Cigna', 'Mutual of Omaha', 'Transamerica', 'Foresters', 'Americo', 'Lincoln Heritage'],
};

/** Demo contacts each agent-level user (agent, telemarketer, basic) gets. */
export const DEMO_CONTACTS_PER_AGENT = 25;
/** The roles whose users get demo contacts of their own. */
export const DEMO_CONTACT_ROLES = ['agent', 'telemarketer', 'basic'] as const;

/** mulberry32: a small seeded generator, so that the demo data is the same on every run. */
export function seededRandom(seedText: string): () => number {
  let seed = 2166136261;
  for (const ch of seedText) seed = Math.imul(seed ^ ch.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const FIRST_NAMES: [string, Gender][] = [
  ['James', 'male'], ['Mary', 'female'], ['Robert', 'male'], ['Patricia', 'female'], ['John', 'male'], ['Linda', 'female'],
  ['Michael', 'male'], ['Barbara', 'female'], ['William', 'male'], ['Elizabeth', 'female'], ['David', 'male'], ['Susan', 'female'],
  ['Richard', 'male'], ['Margaret', 'female'], ['Thomas', 'male'], ['Dorothy', 'female'], ['Charles', 'male'], ['Nancy', 'female'],
  ['Gary', 'male'], ['Carol', 'female'], ['Ronald', 'male'], ['Sharon', 'female'], ['Kenneth', 'male'], ['Donna', 'female'],
  ['Luis', 'male'], ['Maria', 'female'], ['Carlos', 'male'], ['Rosa', 'female'], ['Wei', 'male'], ['Mei', 'female'],
  ['Min-jun', 'male'], ['Ji-woo', 'female'], ['Pierre', 'male'], ['Claire', 'female'], ['Hans', 'male'], ['Greta', 'female'],
];
export const LAST_NAMES = [
  'Anderson', 'Baker', 'Bennett', 'Brooks', 'Campbell', 'Coleman', 'Collins', 'Davis', 'Edwards', 'Fisher', 'Foster', 'Garcia',
  'Gonzalez', 'Graham', 'Griffin', 'Hamilton', 'Harris', 'Henderson', 'Hughes', 'Jenkins', 'Kim', 'Lopez', 'Marshall', 'Martinez',
  'Mitchell', 'Murphy', 'Nelson', "O'Brien", 'Ortiz', 'Parker', 'Perry', 'Ramirez', 'Reed', 'Richardson', 'Roberts', 'Sanders',
  'Schmidt', 'Stewart', 'Sullivan', 'Thompson', 'Turner', 'Wallace', 'Ward', 'Watson', 'Wong', 'Young',
];
const LANGUAGE_BY_NAME: Record<string, Language> = {
  Luis: 'spanish', Maria: 'spanish', Carlos: 'spanish', Rosa: 'spanish', Wei: 'chinese', Mei: 'chinese',
  'Min-jun': 'korean', 'Ji-woo': 'korean', Pierre: 'french', Claire: 'french', Hans: 'german', Greta: 'german',
};
/** City, state, zip prefix, area code, time zone. */
export const PLACES: [string, UsState, string, string, Timezone][] = [
  ['Tampa', 'FL', '336', '813', 'est'], ['Orlando', 'FL', '328', '407', 'est'], ['Atlanta', 'GA', '303', '404', 'est'],
  ['Charlotte', 'NC', '282', '704', 'est'], ['Columbus', 'OH', '432', '614', 'est'], ['Philadelphia', 'PA', '191', '215', 'est'],
  ['Brooklyn', 'NY', '112', '718', 'est'], ['Washington', 'DC', '200', '202', 'est'], ['Houston', 'TX', '770', '713', 'cst'],
  ['Dallas', 'TX', '752', '214', 'cst'], ['Chicago', 'IL', '606', '312', 'cst'], ['Nashville', 'TN', '372', '615', 'cst'],
  ['Phoenix', 'AZ', '850', '602', 'mst'], ['Denver', 'CO', '802', '303', 'mst'], ['Albuquerque', 'NM', '871', '505', 'mst'],
  ['Boise', 'ID', '837', '208', 'mst'], ['Los Angeles', 'CA', '900', '213', 'pst'], ['Sacramento', 'CA', '958', '916', 'pst'],
  ['Seattle', 'WA', '981', '206', 'pst'], ['Las Vegas', 'NV', '891', '702', 'pst'], ['Anchorage', 'AK', '995', '907', 'akst'],
  ['Honolulu', 'HI', '968', '808', 'hst'],
];
export const STREETS = ['Oak St', 'Maple Ave', 'Cedar Ln', 'Pine St', 'Elm St', 'Washington Ave', 'Lake Dr', 'Hillcrest Rd', 'Sunset Blvd', 'Park Ave', 'Main St', 'Church St'];
export const NOTES = [
  'Prefers afternoon calls.',
  'Asked about final expense options.',
  'Spouse is also interested; follow up with both.',
  'Call back after the Medicare open enrollment period.',
  'Wants a quote for a 20-year term policy.',
  'Currently with another carrier; renewal in the spring.',
];
export const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'];
/** Letters a Medicare Beneficiary Identifier uses (no S, L, O, I, B, Z). */
const MBI_LETTERS = 'ACDEFGHJKMNPQRTUVWXY';
/** Demo timestamps are spread over the 180 days before this day, so every run gives the same data. */
const DEMO_BASE = Date.UTC(2025, 11, 1, 15, 0, 0);
const DAY_MS = 86_400_000;

/** A Medicare Beneficiary Identifier in its published format: 1-9, letter, letter or digit, digit, and so on. */
export function medicareNumber(random: () => number): string {
  const letter = () => MBI_LETTERS[Math.floor(random() * MBI_LETTERS.length)] as string;
  const digit = () => String(Math.floor(random() * 10));
  const either = () => (random() < 0.5 ? letter() : digit());
  return [String(1 + Math.floor(random() * 9)), letter(), either(), digit(), letter(), either(), digit(), letter(), letter(), digit(), digit()].join('');
}

/** Tags every demo company starts with (name, colour from the tag picker's TAG_COLORS). */
export const DEMO_TAGS: Record<BrandId, { name: string; color: string }[]> = {
  harbor: [
    { name: 'Hot lead', color: TAG_COLORS[3] },
    { name: 'T65', color: TAG_COLORS[0] },
    { name: 'Spouse', color: TAG_COLORS[4] },
    { name: 'Annual review', color: TAG_COLORS[1] },
    { name: 'Do not call', color: TAG_COLORS[7] },
  ],
  keystone: [
    { name: 'Hot lead', color: TAG_COLORS[3] },
    { name: 'T65', color: TAG_COLORS[0] },
    { name: 'Spouse', color: TAG_COLORS[4] },
    { name: 'Annual review', color: TAG_COLORS[1] },
    { name: 'Do not call', color: TAG_COLORS[7] },
  ],
  evergreen: [
    { name: 'Hot lead', color: TAG_COLORS[3] },
    { name: 'Pre-planning', color: TAG_COLORS[5] },
    { name: 'Spouse', color: TAG_COLORS[4] },
    { name: 'Annual review', color: TAG_COLORS[1] },
    { name: 'Do not call', color: TAG_COLORS[7] },
  ],
};

/** The policies each brand's agents sell; Medicare plans go only to contacts old enough for Medicare. */
const DEMO_POLICY_TYPES: Record<BrandId, PolicyType[]> = {
  harbor: ['medicare_advantage', 'medicare_supplement', 'part_d', 'final_expense', 'term_life', 'whole_life'],
  keystone: ['medicare_advantage', 'medicare_supplement', 'part_d', 'final_expense', 'term_life', 'whole_life'],
  evergreen: ['preneed', 'final_expense'],
};
const MEDICARE_TYPES: readonly PolicyType[] = ['medicare_advantage', 'medicare_supplement', 'part_d'];

/** Per policy type: carriers of the demo catalog that write it, monthly premium range, face amount range (none for health plans). */
const POLICY_PROFILES: Partial<Record<PolicyType, { carriers: string[]; premium: [number, number]; face: [number, number] | null }>> = {
  medicare_advantage: { carriers: ['Aetna', 'Humana', 'UnitedHealthcare', 'Cigna'], premium: [0, 45], face: null },
  medicare_supplement: { carriers: ['Aetna', 'Humana', 'UnitedHealthcare', 'Cigna', 'Mutual of Omaha'], premium: [110, 240], face: null },
  part_d: { carriers: ['Aetna', 'Humana', 'UnitedHealthcare', 'Cigna'], premium: [8, 60], face: null },
  final_expense: { carriers: ['Mutual of Omaha', 'Transamerica', 'Foresters', 'Americo', 'Lincoln Heritage'], premium: [35, 120], face: [5_000, 25_000] },
  term_life: { carriers: ['Mutual of Omaha', 'Transamerica', 'Foresters', 'Americo'], premium: [25, 95], face: [100_000, 500_000] },
  whole_life: { carriers: ['Mutual of Omaha', 'Transamerica', 'Foresters', 'Americo'], premium: [80, 300], face: [25_000, 100_000] },
  preneed: { carriers: ['Lincoln Heritage', 'Foresters', 'Americo'], premium: [60, 200], face: [8_000, 15_000] },
};

const NOTE_BODIES = [
  'Left a voicemail; will try again later this week.',
  'Reviewed current coverage and doctors; all in network.',
  'Sent the plan comparison by mail.',
  'Asked to be called back after the holidays.',
  'Met in person at the community center seminar.',
  'Confirmed the bank draft date for the premium.',
];

/** The company's tags, carriers and the brand's policy types, for contacts that also get tags, policies and notes. */
export type DemoRecordCatalogs = {
  tags: { id: number; name: string }[];
  carriers: { id: number; name: string }[];
  policyTypes: readonly PolicyType[];
};

type CatalogIds = { statuses: number[]; agentflowStatuses: number[]; sources: number[]; records?: DemoRecordCatalogs };

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Tags, policies and notes of one demo contact, drawn from their own generator so that the
 * contacts themselves stay as they were without them. Clients hold placed policies, some prospects
 * a pending one; Medicare plans only for contacts of Medicare age; notes are by the owner.
 */
function demoRecords(random: () => number, contact: BulkContact['values'], catalogs: DemoRecordCatalogs): Pick<BulkContact, 'tagIds' | 'policies' | 'notes'> {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const createdAt = (contact.createdAt as Date).getTime();
  const year = Number(contact.dateOfBirth?.slice(0, 4));

  const tagIds = new Set<number>();
  const t65 = catalogs.tags.find((t) => t.name === 'T65');
  if (t65 && (year === 1960 || year === 1961)) tagIds.add(t65.id);
  if (catalogs.tags.length && random() < 0.4) tagIds.add(pick(catalogs.tags).id);
  if (catalogs.tags.length && random() < 0.15) tagIds.add(pick(catalogs.tags).id);

  const policies: BulkPolicy[] = [];
  const count = contact.category === 'client' ? between(1, 2) : contact.category === 'prospect' && random() < 0.4 ? 1 : 0;
  const types = catalogs.policyTypes.filter((type) => contact.medicareNumber || !MEDICARE_TYPES.includes(type));
  for (let n = 0; n < count && types.length; n += 1) {
    const type = pick(types);
    const profile = POLICY_PROFILES[type] ?? { carriers: [], premium: [20, 100] as [number, number], face: null };
    const writers = catalogs.carriers.filter((c) => profile.carriers.includes(c.name));
    const carrier = writers.length ? pick(writers) : catalogs.carriers.length ? pick(catalogs.carriers) : null;
    const status: PolicyStatus = contact.category === 'client' ? (random() < 0.7 ? 'in_force' : 'issued') : random() < 0.5 ? 'pending' : 'submitted';
    const applied = Math.min(DEMO_BASE, createdAt + between(1, 20) * DAY_MS);
    const appliedDate = new Date(applied);
    const effective = Date.UTC(appliedDate.getUTCFullYear(), appliedDate.getUTCMonth() + 1, 1);
    policies.push({
      carrierId: carrier?.id ?? null,
      policyType: type,
      policyNumber: `${(carrier?.name ?? 'POL').replace(/[^A-Za-z]/g, '').slice(0, 3).toUpperCase()}${between(1_000_000, 9_999_999)}`,
      status,
      premium: `${between(profile.premium[0], profile.premium[1])}.${String(between(0, 99)).padStart(2, '0')}`,
      premiumMode: type === 'preneed' && random() < 0.3 ? 'single' : 'monthly',
      faceAmount: profile.face ? String(between(profile.face[0] / 1000, profile.face[1] / 1000) * 1000) : null,
      applicationDate: isoDay(applied),
      effectiveDate: status === 'in_force' || status === 'issued' ? isoDay(effective) : null,
      terminationDate: null,
      note: null,
    });
  }

  const notes: BulkNote[] = [];
  const noteCount = random() < 0.3 ? between(1, 2) : 0;
  for (let n = 0; n < noteCount; n += 1) {
    notes.push({ authorId: contact.ownerId, body: pick(NOTE_BODIES), createdAt: new Date(Math.min(DEMO_BASE, createdAt + (n + 1) * between(1, 10) * DAY_MS)) });
  }
  return { tagIds: [...tagIds], policies, notes };
}

/** Days from the seed's day to the birthdays of an owner's first clients and prospects. */
const BIRTHDAYS_AHEAD = { client: [1, 4, 9], prospect: [0, 6, 12] } as const;
/** An owner's first leads are new this week; the next ones turn 65 in this many days. */
const NEW_LEADS = 2;
const TURNING_65_AHEAD = [30, 55] as const;

/**
 * What makes the dashboard worth opening on the day the demo is seeded (the rest of the data is
 * fixed, DEMO_BASE): an owner's first three clients and first three prospects have a birthday in
 * the next two weeks (the year of birth kept), the first two leads arrived within the last two hours, and the next
 * two turn 65 within three months (not on Medicare yet). Only dates change: the contacts and the
 * draws of the generator stay as they are.
 */
function relativeToToday(values: BulkContact['values'], nth: number, today: Date): void {
  const day = today.toISOString().slice(0, 10);
  const born = values.dateOfBirth as string;
  if (values.category === 'client' || values.category === 'prospect') {
    const ahead = BIRTHDAYS_AHEAD[values.category][nth];
    if (ahead === undefined) return;
    const year = born.slice(0, 4);
    const birthday = addDays(day, ahead);
    // Feb 29 in a year of birth without one: Mar 1
    values.dateOfBirth = birthday.endsWith('-02-29') && !isLeapYear(Number(year)) ? `${year}-03-01` : `${year}${birthday.slice(4)}`;
    return;
  }
  if (nth < NEW_LEADS) {
    // from the hour's start, so that two runs within the same hour give the same contacts
    const hour = Math.floor(today.getTime() / 3_600_000) * 3_600_000;
    values.createdAt = new Date(hour - (nth + 1) * 25 * 60_000);
    values.updatedAt = values.createdAt;
    return;
  }
  const ahead = TURNING_65_AHEAD[nth - NEW_LEADS];
  if (ahead === undefined) return;
  values.dateOfBirth = addYears(addDays(day, ahead), -65);
  values.medicareNumber = null;
  values.partADate = null;
  values.partBDate = null;
}

/**
 * Demo contacts for one owner, the same on every run for the same seed text and day (`today`: see
 * relativeToToday). Phone numbers use 555-01XX, the range reserved for fiction; e-mails use the
 * example domains.
 */
export function demoContacts(seedText: string, ownerId: number, count: number, catalogs: CatalogIds, today: Date = new Date()): BulkContact[] {
  const random = seededRandom(seedText);
  const recordsRandom = seededRandom(`${seedText}:records`);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  const result: BulkContact[] = [];
  const seen = { lead: 0, prospect: 0, client: 0 };
  for (let i = 0; i < count; i += 1) {
    const [first, gender] = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const [city, state, zipPrefix, areaCode, timezone] = pick(PLACES);
    const year = 1938 + Math.floor(random() * 55);
    const month = 1 + Math.floor(random() * 12);
    const day = 1 + Math.floor(random() * 28);
    const dateOfBirth = `${year}-${pad(month, 2)}-${pad(day, 2)}`;
    const medicare = year <= 1959;
    const medicareStart = `${year + 65}-${pad(month, 2)}-01`;
    const mbi = medicare ? medicareNumber(random) : null;
    const roll = random();
    const category = roll < 0.55 ? 'lead' : roll < 0.8 ? 'prospect' : 'client';
    const phones: PhoneValue[] = [{ number: `1${areaCode}55501${pad(Math.floor(random() * 100), 2)}`, phoneType: 2 }];
    if (random() < 0.3) phones.push({ number: `1${areaCode}55501${pad(Math.floor(random() * 100), 2)}`, phoneType: 9 });
    const emails: EmailValue[] =
      random() < 0.8
        ? [{ email: `${first}.${last}${Math.floor(random() * 90) + 10}@${pick(EMAIL_DOMAINS)}`.toLowerCase().replace(/[^a-z0-9.@-]/g, '') }]
        : [];
    const createdAt = new Date(DEMO_BASE - Math.floor(random() * 180 * DAY_MS));
    const updatedAt = new Date(Math.min(DEMO_BASE, createdAt.getTime() + Math.floor(random() * 20 * DAY_MS)));
    const item: BulkContact = {
      values: {
        ownerId,
        category,
        statusId: random() < 0.9 ? pick(catalogs.statuses) : null,
        agentflowStatusId: random() < 0.5 ? pick(catalogs.agentflowStatuses) : null,
        sourceId: pick(catalogs.sources),
        firstName: first,
        lastName: last,
        address1: `${100 + Math.floor(random() * 9800)} ${pick(STREETS)}`,
        address2: random() < 0.15 ? `Apt ${1 + Math.floor(random() * 20)}${pick(['A', 'B', 'C'])}` : null,
        city,
        state,
        zip: `${zipPrefix}${pad(Math.floor(random() * 100), 2)}`,
        dateOfBirth,
        gender: random() < 0.9 ? gender : null,
        language: LANGUAGE_BY_NAME[first] ?? 'english',
        timezone,
        medicareNumber: mbi,
        partADate: medicare ? medicareStart : null,
        partBDate: medicare && random() < 0.85 ? medicareStart : null,
        linkedContactId: null,
        isNew: i < 3,
        note: random() < 0.3 ? pick(NOTES) : null,
        createdAt,
        updatedAt,
      },
      phones,
      emails,
    };
    relativeToToday(item.values, seen[category]++, today);
    result.push(catalogs.records ? { ...item, ...demoRecords(recordsRandom, item.values, catalogs.records) } : item);
  }
  return result;
}

/** What the demo data is written through; `billing` adds the account plans. */
export type DemoCrmRepositories = { lookups: LookupsRepository; contacts: ContactsRepository; billing?: Pick<BillingRepository, 'ensurePlans'> };

export type DemoCompanyUsers = { companyId: number; brand: BrandId; users: { id: number; key: string; role: string }[] };

/**
 * Catalogs and tags for a demo company that has none, and demo contacts (some with tags, policies
 * and notes) for each of its agent-level users who own none yet; running it again adds nothing.
 */
export async function seedDemoCompanyCrm(crm: DemoCrmRepositories, company: DemoCompanyUsers, seedPrefix: string): Promise<number> {
  if ((await crm.lookups.countStatuses(company.companyId)) === 0) await crm.lookups.seed(company.companyId, DEMO_CATALOGS);
  const [statusRows, agentflowRows, sourceRows] = await Promise.all([
    crm.lookups.titled('statuses', company.companyId),
    crm.lookups.titled('agentflow_statuses', company.companyId),
    crm.lookups.titled('sources', company.companyId),
  ]);
  const records: DemoRecordCatalogs = {
    tags: await crm.contacts.ensureTags(company.companyId, DEMO_TAGS[company.brand]),
    carriers: await crm.lookups.carriers(company.companyId),
    policyTypes: DEMO_POLICY_TYPES[company.brand],
  };
  const catalogs = {
    statuses: statusRows.map((r) => r.id),
    agentflowStatuses: agentflowRows.map((r) => r.id),
    sources: sourceRows.map((r) => r.id),
    records,
  };
  let added = 0;
  for (const user of company.users) {
    if (!(DEMO_CONTACT_ROLES as readonly string[]).includes(user.role)) continue;
    if ((await crm.contacts.countOwnedBy(user.id)) > 0) continue;
    const items = demoContacts(`${seedPrefix}:${user.key}`, user.id, DEMO_CONTACTS_PER_AGENT, catalogs);
    added += (await crm.contacts.insertMany(company.companyId, items)).length;
  }
  return added;
}

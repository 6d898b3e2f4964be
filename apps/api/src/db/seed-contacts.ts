import type { Gender, Language, Timezone, UsState } from '@crm/contract';
import type { BulkContact, ContactsRepository, EmailValue, PhoneValue } from '../modules/contacts/contacts.repository';
import type { CatalogSeed, LookupsRepository } from '../modules/lookups/lookups.repository';

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
function seededRandom(seedText: string): () => number {
  let seed = 2166136261;
  for (const ch of seedText) seed = Math.imul(seed ^ ch.charCodeAt(0), 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST_NAMES: [string, Gender][] = [
  ['James', 'male'], ['Mary', 'female'], ['Robert', 'male'], ['Patricia', 'female'], ['John', 'male'], ['Linda', 'female'],
  ['Michael', 'male'], ['Barbara', 'female'], ['William', 'male'], ['Elizabeth', 'female'], ['David', 'male'], ['Susan', 'female'],
  ['Richard', 'male'], ['Margaret', 'female'], ['Thomas', 'male'], ['Dorothy', 'female'], ['Charles', 'male'], ['Nancy', 'female'],
  ['Gary', 'male'], ['Carol', 'female'], ['Ronald', 'male'], ['Sharon', 'female'], ['Kenneth', 'male'], ['Donna', 'female'],
  ['Luis', 'male'], ['Maria', 'female'], ['Carlos', 'male'], ['Rosa', 'female'], ['Wei', 'male'], ['Mei', 'female'],
  ['Min-jun', 'male'], ['Ji-woo', 'female'], ['Pierre', 'male'], ['Claire', 'female'], ['Hans', 'male'], ['Greta', 'female'],
];
const LAST_NAMES = [
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
const PLACES: [string, UsState, string, string, Timezone][] = [
  ['Tampa', 'FL', '336', '813', 'est'], ['Orlando', 'FL', '328', '407', 'est'], ['Atlanta', 'GA', '303', '404', 'est'],
  ['Charlotte', 'NC', '282', '704', 'est'], ['Columbus', 'OH', '432', '614', 'est'], ['Philadelphia', 'PA', '191', '215', 'est'],
  ['Brooklyn', 'NY', '112', '718', 'est'], ['Washington', 'DC', '200', '202', 'est'], ['Houston', 'TX', '770', '713', 'cst'],
  ['Dallas', 'TX', '752', '214', 'cst'], ['Chicago', 'IL', '606', '312', 'cst'], ['Nashville', 'TN', '372', '615', 'cst'],
  ['Phoenix', 'AZ', '850', '602', 'mst'], ['Denver', 'CO', '802', '303', 'mst'], ['Albuquerque', 'NM', '871', '505', 'mst'],
  ['Boise', 'ID', '837', '208', 'mst'], ['Los Angeles', 'CA', '900', '213', 'pst'], ['Sacramento', 'CA', '958', '916', 'pst'],
  ['Seattle', 'WA', '981', '206', 'pst'], ['Las Vegas', 'NV', '891', '702', 'pst'], ['Anchorage', 'AK', '995', '907', 'akst'],
  ['Honolulu', 'HI', '968', '808', 'hst'],
];
const STREETS = ['Oak St', 'Maple Ave', 'Cedar Ln', 'Pine St', 'Elm St', 'Washington Ave', 'Lake Dr', 'Hillcrest Rd', 'Sunset Blvd', 'Park Ave', 'Main St', 'Church St'];
const NOTES = [
  'Prefers afternoon calls.',
  'Asked about final expense options.',
  'Spouse is also interested; follow up with both.',
  'Call back after the Medicare open enrollment period.',
  'Wants a quote for a 20-year term policy.',
  'Currently with another carrier; renewal in the spring.',
];
const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'];
/** Letters a Medicare Beneficiary Identifier uses (no S, L, O, I, B, Z). */
const MBI_LETTERS = 'ACDEFGHJKMNPQRTUVWXY';
/** Demo timestamps are spread over the 180 days before this day, so every run gives the same data. */
const DEMO_BASE = Date.UTC(2025, 11, 1, 15, 0, 0);
const DAY_MS = 86_400_000;

/** A Medicare Beneficiary Identifier in its published format: 1-9, letter, letter or digit, digit, and so on. */
function medicareNumber(random: () => number): string {
  const letter = () => MBI_LETTERS[Math.floor(random() * MBI_LETTERS.length)] as string;
  const digit = () => String(Math.floor(random() * 10));
  const either = () => (random() < 0.5 ? letter() : digit());
  return [String(1 + Math.floor(random() * 9)), letter(), either(), digit(), letter(), either(), digit(), letter(), letter(), digit(), digit()].join('');
}

type CatalogIds = { statuses: number[]; agentflowStatuses: number[]; sources: number[] };

/**
 * Demo contacts for one owner, the same on every run for the same seed text. Phone numbers use
 * 555-01XX, the range reserved for fiction; e-mails use the example domains.
 */
export function demoContacts(seedText: string, ownerId: number, count: number, catalogs: CatalogIds): BulkContact[] {
  const random = seededRandom(seedText);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  const result: BulkContact[] = [];
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
    result.push({
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
    });
  }
  return result;
}

export type DemoCrmRepositories = { lookups: LookupsRepository; contacts: ContactsRepository };

export type DemoCompanyUsers = { companyId: number; users: { id: number; key: string; role: string }[] };

/**
 * Catalogs for a demo company that has none, and demo contacts for each of its agent-level users
 * who own none yet; running it again adds nothing.
 */
export async function seedDemoCompanyCrm(crm: DemoCrmRepositories, company: DemoCompanyUsers, seedPrefix: string): Promise<number> {
  if ((await crm.lookups.countStatuses(company.companyId)) === 0) await crm.lookups.seed(company.companyId, DEMO_CATALOGS);
  const [statusRows, agentflowRows, sourceRows] = await Promise.all([
    crm.lookups.titled('statuses', company.companyId),
    crm.lookups.titled('agentflow_statuses', company.companyId),
    crm.lookups.titled('sources', company.companyId),
  ]);
  const catalogs = { statuses: statusRows.map((r) => r.id), agentflowStatuses: agentflowRows.map((r) => r.id), sources: sourceRows.map((r) => r.id) };
  let added = 0;
  for (const user of company.users) {
    if (!(DEMO_CONTACT_ROLES as readonly string[]).includes(user.role)) continue;
    if ((await crm.contacts.countOwnedBy(user.id)) > 0) continue;
    const items = demoContacts(`${seedPrefix}:${user.key}`, user.id, DEMO_CONTACTS_PER_AGENT, catalogs);
    added += (await crm.contacts.insertMany(company.companyId, items)).length;
  }
  return added;
}

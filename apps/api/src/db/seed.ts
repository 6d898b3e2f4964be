import type { Role } from '@crm/contract';
import { BRANDS, type BrandId } from '@crm/brand-config';
import { hashPassword } from '../lib/passwords';
import type { SecretBox } from '../modules/two-factor/secret-box';
import type { UsersRepository } from '../modules/users/users.repository';
import { seedDemoCompanyCrm, type DemoCrmRepositories } from './seed-contacts';
import { seedDemoTelephonyPlans, type DemoTelephonyPlanRepositories } from './seed-telephony-plans';
import { seedDemoDeadLetter } from './seed-webhooks';
import { seedDemoCampaignTriggers, type DemoCampaignTriggerRepositories } from './seed-campaign-triggers';
import type { WebhooksRepository } from '../webhooks/webhooks.repository';

/**
 * What the demo CRM data needs; with the telephony plans' repository, also the dialer and SMS plans and
 * subscriptions; with the webhooks' repository, also a dead vendor event (seed-webhooks.ts).
 */
export type DemoRepositories = DemoCrmRepositories &
  Partial<DemoTelephonyPlanRepositories> &
  Partial<DemoCampaignTriggerRepositories> & { webhooks?: Pick<WebhooksRepository, 'storeDead'> };

/** Demo credentials, printed by `npm start` and written in the README. Demo data only. */
export const DEMO_PASSWORD = 'Lantern-Orchard-2026';
export const DEMO_TOTP_SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';
export const DEMO_COMPANY = { name: 'Harbor Demo Agency', domainName: 'harbor-demo', brand: 'harbor' } as const;

type SeedUser = {
  key: string;
  role: Role;
  first: string;
  last: string;
  upline?: string;
  twoFactor?: boolean;
  changePassword?: boolean;
  timezone?: string;
  /** Agent title (one of the brand's agent titles). */
  title?: string;
  /** An unpaid account: held at /billing until a plan is paid (no demo contacts either). */
  unpaid?: boolean;
};

type SeedCompany = {
  name: string;
  domainName: string;
  brand: BrandId;
  /** Appended to each username (usernames are unique across companies); Harbor's stay as they were. */
  usernameSuffix?: string;
  users: SeedUser[];
};

/** One user per role in an upline tree, one with two-factor on, one who must change the password. */
export const SEED_USERS: SeedUser[] = [
  { key: 'admin', role: 'admin', first: 'Alex', last: 'Morgan' },
  { key: 'subadmin', role: 'sub_admin', first: 'Sam', last: 'Rivera', upline: 'admin' },
  { key: 'buadmin', role: 'bu_admin', first: 'Jordan', last: 'Lee', upline: 'admin', timezone: 'cst' },
  { key: 'manager', role: 'manager', first: 'Morgan', last: 'Hayes', upline: 'buadmin' },
  { key: 'district', role: 'district_manager', first: 'Casey', last: 'Nguyen', upline: 'manager', timezone: 'mst' },
  { key: 'field', role: 'field_manager', first: 'Riley', last: 'Patel', upline: 'district' },
  { key: 'telemarketer', role: 'telemarketer', first: 'Taylor', last: 'Brooks', upline: 'manager' },
  { key: 'agent', role: 'agent', first: 'Jamie', last: 'Carter', upline: 'field', timezone: 'pst' },
  { key: 'secure.agent', role: 'agent', first: 'Dana', last: 'Whitfield', upline: 'field', twoFactor: true },
  { key: 'new.agent', role: 'agent', first: 'Robin', last: 'Ellis', upline: 'field', changePassword: true },
  // a self-pay agent outside the tree (no one's downline changes), who has not paid yet
  { key: 'unpaid.agent', role: 'agent', first: 'Jesse', last: 'Okafor', unpaid: true },
];

/** The product's own account plans (GET /v1/plans), in integer cents. */
export const DEMO_ACCOUNT_PLANS = [
  {
    code: 'agent_monthly',
    name: 'Agent Monthly',
    description: "One user's account, billed every month.",
    amountCents: 4_900,
    interval: 'month',
    // what every plan gives comes from the brand and its flags (billing plans()); a plan lists only what is its own
    features: [],
    position: 1,
  },
  {
    code: 'agent_annual',
    name: 'Agent Annual',
    description: "One user's account, billed once a year: two months free.",
    amountCents: 49_000,
    interval: 'year',
    features: ['Two months free against Agent Monthly'],
    position: 2,
  },
  {
    code: 'agency_manager_monthly',
    name: 'Manager Monthly',
    description: "A manager's account, billed every month.",
    amountCents: 9_900,
    interval: 'month',
    features: [],
    position: 3,
  },
];

/** The other brands' demo companies, each with the brand's distinctive roles (Keystone's regional manager, Evergreen's basic user). */
export const KEYSTONE_DEMO: SeedCompany = {
  name: 'Keystone Demo Brokerage',
  domainName: 'keystone-demo',
  brand: 'keystone',
  usernameSuffix: '.keystone',
  users: [
    { key: 'admin', role: 'admin', first: 'Avery', last: 'Stone' },
    { key: 'rm', role: 'regional_manager', first: 'Quinn', last: 'Delgado', upline: 'admin', timezone: 'cst' },
    { key: 'agent', role: 'agent', first: 'Parker', last: 'Holt', upline: 'rm', title: 'licensed_insurance_agent' },
  ],
};

export const EVERGREEN_DEMO: SeedCompany = {
  name: 'Evergreen Demo Funeral Home',
  domainName: 'evergreen-demo',
  brand: 'evergreen',
  usernameSuffix: '.evergreen',
  users: [
    { key: 'admin', role: 'admin', first: 'Elliot', last: 'Marsh' },
    { key: 'basic', role: 'basic', first: 'Rowan', last: 'Finch', upline: 'admin' },
    { key: 'preneed', role: 'agent', first: 'Harper', last: 'Vale', upline: 'admin', title: 'preneed_agent' },
  ],
};

const HARBOR_DEMO: SeedCompany = { ...DEMO_COMPANY, users: SEED_USERS };

export const SEED_COMPANIES: SeedCompany[] = [HARBOR_DEMO, KEYSTONE_DEMO, EVERGREEN_DEMO];

/** E-mail of a seeded user: `admin@harbor-demo.example`; another company's with its domain name (`keystone-demo`). */
export const seedEmail = (key: string, domainName: string = DEMO_COMPANY.domainName) => `${key}@${domainName}.example`;

export type SeededUser = { email: string; role: Role; brand: BrandId; note: string };

/**
 * The demo companies and users; every password is DEMO_PASSWORD. Given the CRM repositories, also
 * each company's catalogs and the demo contacts of its agent-level users (see seedDemoCrm).
 */
export async function seedDemoData(users: UsersRepository, secrets: SecretBox, crm?: DemoRepositories): Promise<SeededUser[]> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const printed: SeededUser[] = [];
  for (const seedCompany of SEED_COMPANIES) {
    const company = await users.insertCompany(seedCompany.name, seedCompany.domainName, seedCompany.brand);
    const titles = BRANDS[seedCompany.brand].agentTitles.map((t) => t.value);
    const ids = new Map<string, number>();
    for (const u of seedCompany.users) {
      if (u.title && !titles.includes(u.title)) throw new Error(`Seed title ${u.title} is not a ${seedCompany.brand} title`);
      const row = await users.insert(
        {
          companyId: company.id,
          uplineId: u.upline ? ids.get(u.upline) : null,
          email: seedEmail(u.key, seedCompany.domainName),
          username: `${u.key}${seedCompany.usernameSuffix ?? ''}`,
          passwordHash,
          accountType: u.role,
          firstName: u.first,
          lastName: u.last,
          title: u.title ?? null,
          timezone: u.timezone ?? 'est',
          tosAcceptedVersion: 1,
          tosAcceptedAt: new Date(),
          otpEnabled: Boolean(u.twoFactor),
          otpSecret: u.twoFactor ? secrets.seal(DEMO_TOTP_SECRET) : null,
          changePassword: Boolean(u.changePassword),
          paidUser: !u.unpaid,
        },
        [u.role],
      );
      ids.set(u.key, row.id);
      printed.push({
        email: row.email,
        role: u.role,
        brand: seedCompany.brand,
        note: u.twoFactor
          ? `two-factor on, TOTP secret ${DEMO_TOTP_SECRET}`
          : u.changePassword
            ? 'must change the password'
            : u.unpaid
              ? 'unpaid: lands on /billing (card 4242 4242 4242 4242)'
              : '',
      });
    }
  }
  if (crm) await seedDemoCrm(users, crm);
  return printed;
}

/**
 * Catalogs and demo contacts for the demo companies' users that exist (found by e-mail), where
 * they are missing: a database seeded before contacts existed gets them, a second run adds nothing.
 * Returns how many contacts were added.
 */
export async function seedDemoCrm(users: UsersRepository, crm: DemoRepositories): Promise<number> {
  await crm.billing?.ensurePlans(DEMO_ACCOUNT_PLANS);
  let added = 0;
  for (const seedCompany of SEED_COMPANIES) {
    const found = [];
    for (const u of seedCompany.users) {
      const row = await users.findByEmail(seedEmail(u.key, seedCompany.domainName));
      if (row && !u.unpaid) found.push({ id: row.id, key: u.key, role: u.role, companyId: row.companyId });
    }
    const companyId = found[0]?.companyId;
    if (companyId === undefined) continue;
    added += await seedDemoCompanyCrm(
      crm,
      { companyId, brand: seedCompany.brand, users: found.filter((u) => u.companyId === companyId) },
      seedCompany.domainName,
    );
    if (crm.telephonyPlans && crm.usage) {
      const companyUsers = found.filter((u) => u.companyId === companyId);
      await seedDemoTelephonyPlans({ telephonyPlans: crm.telephonyPlans, usage: crm.usage }, { companyId, users: companyUsers }, seedCompany === HARBOR_DEMO);
    }
    if (crm.campaignTriggers) await seedDemoCampaignTriggers({ campaignTriggers: crm.campaignTriggers }, { companyId, brand: seedCompany.brand });
  }
  if (crm.webhooks) await seedDemoDeadLetter(crm.webhooks);
  return added;
}

/** Where to sign in as a seeded user locally: the brand's development host (harbor.localhost, keystone.localhost, ...). */
export function seedSignInUrl(brand: BrandId, port: number): string {
  return `http://${BRANDS[brand].domains.find((d) => d.endsWith('.localhost')) ?? 'localhost'}:${port}`;
}

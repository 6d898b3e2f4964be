import { loadEnv } from '../env';
import { createSecretBox } from '../modules/two-factor/secret-box';
import { createUsersRepository } from '../modules/users/users.repository';
import { createContactsRepository } from '../modules/contacts/contacts.repository';
import { createLookupsRepository } from '../modules/lookups/lookups.repository';
import { createTelephonyPlansRepository } from '../modules/telephony-plans/telephony-plans.repository';
import { createUsageRepository } from '../modules/usage/usage.repository';
import { createBillingRepository } from '../modules/billing/billing.repository';
import { createWebhooksRepository } from '../webhooks/webhooks.repository';
import { openDatabase } from './database';
import { runMigrations } from './migrate';
import { DEMO_PASSWORD, seedDemoCrm, seedDemoData, seedSignInUrl } from './seed';
import { createCampaignTriggersRepository } from '../modules/campaign-triggers/campaign-triggers.repository';

const env = loadEnv();
const database = await openDatabase(env, (m) => console.log(`[crm] ${m}`));
try {
  await runMigrations(database.db);
  const users = createUsersRepository(database.db);
  const crm = {
    lookups: createLookupsRepository(database.db),
    contacts: createContactsRepository(database.db),
    billing: createBillingRepository(database.db),
    telephonyPlans: createTelephonyPlansRepository(database.db),
    usage: createUsageRepository(database.db),
    campaignTriggers: createCampaignTriggersRepository(database.db),
    webhooks: createWebhooksRepository(database.db),
  };
  if ((await users.count()) > 0) {
    console.log('[crm] The database already has users; seeding skipped (seed runs on an empty database only)');
    const added = await seedDemoCrm(users, crm);
    if (added) console.log(`[crm] Added the missing demo catalogs and ${added} demo contacts`);
  } else {
    const seeded = await seedDemoData(users, createSecretBox(env.APP_SECRET), crm);
    console.log(`[crm] Seeded ${seeded.length} demo users; password ${DEMO_PASSWORD}`);
    for (const u of seeded) console.log(`[crm]   ${u.email} (${u.role}, ${u.brand}, sign in at ${seedSignInUrl(u.brand, env.PORT)}) ${u.note}`);
  }
} finally {
  await database.close();
}

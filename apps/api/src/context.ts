import type { Database } from './db/database';
import type { Env } from './env';
import { createCore, type CoreOverrides } from './core';
import { createAccountNoticesModule } from './modules/account-notices/account-notices.module';
import { createAdminUsersModule } from './modules/admin-users/admin-users.module';
import { createApiKeysModule } from './modules/api-keys/api-keys.module';
import { createContactDocumentsModule } from './modules/contact-documents/contact-documents.module';
import { createContactFilesModule } from './modules/contact-files/contact-files.module';
import { createContactNotesModule } from './modules/contact-notes/contact-notes.module';
import { createContactsModule } from './modules/contacts/contacts.module';
import { createConsentModule } from './modules/consent/consent.module';
import { createBillingModule } from './modules/billing/billing.module';
import { createStripeSandboxModule } from './vendors/stripe/sandbox/stripe-sandbox.module';
import { createTwilioSandboxModule } from './vendors/twilio/sandbox/twilio-sandbox.module';
import { createEmailChangesModule } from './modules/email-changes/email-changes.module';
import { createDashboardModule } from './modules/dashboard/dashboard.module';
import { createFavoritesModule } from './modules/favorites/favorites.module';
import { createFeatureFlagsModule } from './modules/feature-flags/feature-flags.module';
import { createHelpsModule } from './modules/helps/helps.module';
import { createImportModule } from './modules/import/import.module';
import { createLookupsModule } from './modules/lookups/lookups.module';
import { createPoliciesModule } from './modules/policies/policies.module';
import { createTelephonyPlansModule } from './modules/telephony-plans/telephony-plans.module';
import { createPrintModule } from './modules/print/print.module';
import { createQuickFiltersModule } from './modules/quick-filters/quick-filters.module';
import { createCampaignTriggersModule } from './modules/campaign-triggers/campaign-triggers.module';
import { createQuietJobsModule } from './modules/quiet-jobs/quiet-jobs.module';
import { createSecuritiesModule } from './modules/securities/securities.module';
import { createSessionsModule } from './modules/sessions/sessions.module';
import { createTagsModule } from './modules/tags/tags.module';
import { createTransfersModule } from './modules/transfers/transfers.module';
import { createTwoFactorModule } from './modules/two-factor/two-factor.module';
import { createUsersModule } from './modules/users/users.module';
import { createUsageModule } from './modules/usage/usage.module';

/**
 * Everything the routes need, built once per process: the core (core.ts) and the modules, each
 * wiring its own repositories and services (modules/<area>/<area>.module.ts). A module that needs
 * another's services gets them as its second argument, so the order below is the dependency order.
 */
export function createContext(env: Env, db: Database, overrides: CoreOverrides = {}) {
  const core = createCore(env, db, overrides);
  const featureFlags = createFeatureFlagsModule(core);
  const accountNotices = createAccountNoticesModule(core);
  const sessions = createSessionsModule(core, { ...featureFlags, ...accountNotices });
  const apiKeys = createApiKeysModule(core, accountNotices);
  const emailChanges = createEmailChangesModule(core, { ...accountNotices, ...sessions, ...apiKeys });
  const lookups = createLookupsModule(core);
  const contacts = createContactsModule(core, lookups);
  const usage = createUsageModule(core);
  const billing = createBillingModule(core, accountNotices);
  const telephonyPlans = createTelephonyPlansModule(core, usage, billing.billing);
  return {
    ...core,
    ...featureFlags,
    ...accountNotices,
    ...sessions,
    ...emailChanges,
    ...createUsersModule(core, { ...sessions, ...featureFlags, ...accountNotices, ...emailChanges, ...telephonyPlans, ...apiKeys }),
    ...createTwoFactorModule(core, { ...sessions, ...accountNotices }),
    ...apiKeys,
    ...createAdminUsersModule(core),
    ...createHelpsModule(core),
    ...lookups,
    ...contacts,
    ...createContactNotesModule(core, contacts),
    ...createContactFilesModule(core, contacts),
    ...createTagsModule(core, contacts),
    ...createPoliciesModule(core, contacts),
    ...createSecuritiesModule(core, contacts),
    ...createContactDocumentsModule(core, contacts),
    ...createQuickFiltersModule(core),
    ...createCampaignTriggersModule(core),
    ...createFavoritesModule(core),
    ...createImportModule(core, contacts),
    ...createTransfersModule(core, contacts),
    ...createConsentModule(core, contacts),
    ...createPrintModule(core, contacts),
    ...createDashboardModule(core),
    ...createQuietJobsModule(core),
    ...usage,
    ...telephonyPlans,
    ...billing,
    ...createStripeSandboxModule(core),
    ...createTwilioSandboxModule(core),
  };
}

export type AppContext = ReturnType<typeof createContext>;

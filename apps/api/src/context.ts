import type { Database } from './db/database';
import type { Env } from './env';
import { createAdminUsersRepository } from './modules/admin-users/admin-users.repository';
import { createAdminUsersService } from './modules/admin-users/admin-users.service';
import { createApiKeysRepository } from './modules/api-keys/api-keys.repository';
import { createApiKeysService } from './modules/api-keys/api-keys.service';
import { createAuditRepository } from './modules/audit/audit.repository';
import { createContactsRepository } from './modules/contacts/contacts.repository';
import { createContactsService } from './modules/contacts/contacts.service';
import { createFavoritesRepository } from './modules/favorites/favorites.repository';
import { createFavoritesService } from './modules/favorites/favorites.service';
import { createFeatureFlagsRepository } from './modules/feature-flags/feature-flags.repository';
import { createFeatureFlagsAdminService, createFeaturesService } from './modules/feature-flags/feature-flags.service';
import { createHelpsRepository } from './modules/helps/helps.repository';
import { createHelpsService } from './modules/helps/helps.service';
import { createLookupsRepository } from './modules/lookups/lookups.repository';
import { createLookupsService } from './modules/lookups/lookups.service';
import { createQuickFiltersRepository } from './modules/quick-filters/quick-filters.repository';
import { createQuickFiltersService } from './modules/quick-filters/quick-filters.service';
import { createSessionsRepository } from './modules/sessions/sessions.repository';
import { createSessionsService } from './modules/sessions/sessions.service';
import { createSecretBox } from './modules/two-factor/secret-box';
import { createTwoFactorService } from './modules/two-factor/two-factor.service';
import { createUsersRepository } from './modules/users/users.repository';
import { createUsersService } from './modules/users/users.service';
import type { EmailProvider } from './providers/email/email.provider';
import { createOutboxEmailProvider } from './providers/email/outbox.provider';
import { createOutboxRepository } from './providers/email/outbox.repository';
import { createSmtpEmailProvider } from './providers/email/smtp.provider';
import { createSsoProvider } from './providers/sso/sso.provider';

/** Everything a module needs, built once per process: repositories, providers, services. */
export function createContext(env: Env, db: Database, overrides: { email?: EmailProvider } = {}) {
  const users = createUsersRepository(db);
  const sessionsRepo = createSessionsRepository(db);
  const audit = createAuditRepository(db);
  const apiKeys = createApiKeysRepository(db);
  const outbox = createOutboxRepository(db);
  const email =
    overrides.email ?? (env.SMTP_URL ? createSmtpEmailProvider(env.SMTP_URL, env.MAIL_FROM) : createOutboxEmailProvider(outbox));
  const flags = createFeatureFlagsRepository(db);
  const features = createFeaturesService({ env, flags });
  const secrets = createSecretBox(env.APP_SECRET);
  const lookups = createLookupsRepository(db);
  const contacts = createContactsRepository(db);
  const sessions = createSessionsService({ env, users, sessions: sessionsRepo, audit, email, secrets, features });
  return {
    env,
    db,
    email,
    outbox,
    audit,
    sessions,
    features,
    featureFlags: createFeatureFlagsAdminService({ env, flags, audit }),
    adminUsers: createAdminUsersService({ users: createAdminUsersRepository(db), audit }),
    users: createUsersService({ env, users, sessions: sessionsRepo, audit, email, features }),
    usersRepository: users,
    twoFactor: createTwoFactorService({ users, audit, secrets, sessions, issuer: () => new URL(env.PUBLIC_URL).hostname }),
    apiKeys: createApiKeysService(apiKeys),
    helps: createHelpsService({ helps: createHelpsRepository(db), email, perHour: env.HELP_REQUESTS_PER_HOUR }),
    sso: createSsoProvider(env, db),
    lookups: createLookupsService(lookups),
    lookupsRepository: lookups,
    contacts: createContactsService({ contacts, lookups, companyBrand: users.companyBrand }),
    contactsRepository: contacts,
    quickFilters: createQuickFiltersService(createQuickFiltersRepository(db)),
    favorites: createFavoritesService(createFavoritesRepository(db)),
  };
}

export type AppContext = ReturnType<typeof createContext>;

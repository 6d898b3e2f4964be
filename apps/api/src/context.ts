import { createJobWorkersRepository } from './jobs/job-workers.repository';
import { createJobQueue } from './jobs/queue';
import { createLocalBroadcaster, createRedisBroadcaster, type Broadcaster } from './realtime/broadcaster';
import type { Database } from './db/database';
import type { Env } from './env';
import { createAdminUsersRepository } from './modules/admin-users/admin-users.repository';
import { createAdminUsersService } from './modules/admin-users/admin-users.service';
import { createApiKeysRepository } from './modules/api-keys/api-keys.repository';
import { createApiKeysService } from './modules/api-keys/api-keys.service';
import { createAuditRepository } from './modules/audit/audit.repository';
import { createContactDocumentsRepository } from './modules/contact-documents/contact-documents.repository';
import { createContactDocumentsService } from './modules/contact-documents/contact-documents.service';
import { createContactFilesRepository } from './modules/contact-files/contact-files.repository';
import { createContactFilesService } from './modules/contact-files/contact-files.service';
import { createContactNotesRepository } from './modules/contact-notes/contact-notes.repository';
import { createContactNotesService } from './modules/contact-notes/contact-notes.service';
import { createContactActionsRepository } from './modules/contacts/contact-actions.repository';
import { createContactActionsService } from './modules/contacts/contact-actions.service';
import { createContactMergeRepository } from './modules/contacts/contact-merge.repository';
import { createContactMergeService } from './modules/contacts/contact-merge.service';
import { createContactsRepository } from './modules/contacts/contacts.repository';
import { createContactsService } from './modules/contacts/contacts.service';
import { createFavoritesRepository } from './modules/favorites/favorites.repository';
import { createFavoritesService } from './modules/favorites/favorites.service';
import { createFeatureFlagsRepository } from './modules/feature-flags/feature-flags.repository';
import { createFeatureFlagsAdminService, createFeaturesService } from './modules/feature-flags/feature-flags.service';
import { createImportJob } from './modules/import/import.job';
import { createImportRepository } from './modules/import/import.repository';
import { createImportService } from './modules/import/import.service';
import { createTransfersRepository } from './modules/transfers/transfers.repository';
import { createTransferJob, createTransfersService } from './modules/transfers/transfers.service';
import { createPrintRepository } from './modules/print/print.repository';
import { createPrintService } from './modules/print/print.service';
import { createHelpsRepository } from './modules/helps/helps.repository';
import { createHelpsService } from './modules/helps/helps.service';
import { createLookupsRepository } from './modules/lookups/lookups.repository';
import { createLookupsService } from './modules/lookups/lookups.service';
import { createPoliciesRepository } from './modules/policies/policies.repository';
import { createPoliciesService } from './modules/policies/policies.service';
import { createQuickFiltersRepository } from './modules/quick-filters/quick-filters.repository';
import { createQuickFiltersService } from './modules/quick-filters/quick-filters.service';
import { createSessionsRepository } from './modules/sessions/sessions.repository';
import { createSessionsService } from './modules/sessions/sessions.service';
import { createSecretBox } from './modules/two-factor/secret-box';
import { createSecuritiesRepository } from './modules/securities/securities.repository';
import { createSecuritiesService } from './modules/securities/securities.service';
import { createTagsRepository } from './modules/tags/tags.repository';
import { createTagsService } from './modules/tags/tags.service';
import { createTwoFactorService } from './modules/two-factor/two-factor.service';
import { createUsersRepository } from './modules/users/users.repository';
import { createUsersService } from './modules/users/users.service';
import type { EmailProvider } from './providers/email/email.provider';
import { createDnsEmailVerifier } from './providers/email-verification/dns-email-verifier';
import type { EmailVerifier } from './providers/email-verification/email-verifier';
import { createOutboxEmailProvider } from './providers/email/outbox.provider';
import { createOutboxRepository } from './providers/email/outbox.repository';
import { createSmtpEmailProvider } from './providers/email/smtp.provider';
import { createSsoProvider } from './providers/sso/sso.provider';
import { createLocalDiskStorage } from './providers/storage/local-disk.provider';
import type { StorageProvider } from './providers/storage/storage.provider';

/** Everything a module needs, built once per process: repositories, providers, services. */
export function createContext(
  env: Env,
  db: Database,
  overrides: { email?: EmailProvider; emailVerifier?: EmailVerifier; storage?: StorageProvider; broadcaster?: Broadcaster } = {},
) {
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
  const storage = overrides.storage ?? createLocalDiskStorage(env.STORAGE_DIR);
  const contactsService = createContactsService({ contacts, lookups, companyBrand: users.companyBrand });
  const sessions = createSessionsService({ env, users, sessions: sessionsRepo, audit, email, secrets, features });
  const jobWorkers = createJobWorkersRepository(db, env.JOB_WORKER_STALE_SECONDS);
  const jobs = createJobQueue(db, jobWorkers, (m) => console.warn(`[crm] ${m}`));
  const broadcaster =
    overrides.broadcaster ?? (env.REDIS_URL ? createRedisBroadcaster(env.REDIS_URL, { namespace: env.REDIS_NAMESPACE, log: (m) => console.warn(`[crm] ${m}`) }) : createLocalBroadcaster());
  const importsRepository = createImportRepository(db);
  const imports = createImportService({ imports: importsRepository, storage, broadcaster, jobs, ownerReachable: contacts.ownerReachable, companyBrand: users.companyBrand });
  jobs.define(createImportJob({ imports: importsRepository, storage, announce: imports.announce, companyBrand: users.companyBrand }));
  const transfersRepository = createTransfersRepository(db);
  jobs.define(createTransferJob(transfersRepository));
  const print = createPrintService({ prints: createPrintRepository(db), storage, contacts: contactsService, load: (ids) => contacts.load(ids), jobs });
  jobs.define(print.job);
  return {
    env,
    db,
    /** Imports of lead and client files (modules/import): the service; its job is defined on the queue here. */
    imports,
    /** Transfers, group changes and mailer assignment (modules/transfers); the transfer job is defined on the queue here. */
    /** Batch print of contact sheets and mailing labels (modules/print). */
    print,
    transfers: createTransfersService({ transfers: transfersRepository, contacts: contactsService, ownerReachable: contacts.ownerReachable, jobs }),
    /** Realtime: messages to the sockets of a stream, in every API process (realtime/broadcaster.ts). */
    broadcaster,
    /** The job queue (jobs/queue.ts): send from any process; workers start in main.ts or worker.ts. */
    jobs,
    jobWorkers,
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
    contacts: contactsService,
    contactActions: createContactActionsService({
      contacts: contactsService,
      contactsRepository: contacts,
      actions: createContactActionsRepository(db),
      verifier: overrides.emailVerifier ?? createDnsEmailVerifier(),
    }),
    contactMerge: createContactMergeService({
      contacts: contactsService,
      contactsRepository: contacts,
      merges: createContactMergeRepository(db, contacts),
    }),
    contactsRepository: contacts,
    storage,
    contactNotes: createContactNotesService({
      notes: createContactNotesRepository(db),
      contacts: contactsService,
      ownerReachable: contacts.ownerReachable,
    }),
    contactFiles: createContactFilesService({ files: createContactFilesRepository(db), storage, contacts: contactsService }),
    tags: createTagsService({ tags: createTagsRepository(db), contacts: contactsService }),
    policies: createPoliciesService({ policies: createPoliciesRepository(db), contacts: contactsService }),
    securities: createSecuritiesService({ securities: createSecuritiesRepository(db), contacts: contactsService }),
    contactDocuments: createContactDocumentsService({ documents: createContactDocumentsRepository(db), contacts: contactsService }),
    quickFilters: createQuickFiltersService(createQuickFiltersRepository(db)),
    favorites: createFavoritesService(createFavoritesRepository(db)),
  };
}

export type AppContext = ReturnType<typeof createContext>;

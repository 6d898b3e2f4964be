import { createJobWorkersRepository } from './jobs/job-workers.repository';
import { createJobQueue } from './jobs/queue';
import { createQuietJobsRepository } from './jobs/quiet-jobs.repository';
import {
  createLocalBroadcaster,
  createRedisBroadcaster,
  type Broadcaster,
} from './realtime/broadcaster';
import type { Database } from './db/database';
import { createIdentityChanges } from './db/identity-changes';
import { isSandboxAllowed, type Env } from './env';
import { NotConfigured } from './lib/http-errors';
import { createAuditRepository } from './modules/audit/audit.repository';
import { createSecretBox } from './modules/two-factor/secret-box';
import { createUsersRepository } from './modules/users/users.repository';
import { EMAIL_NOT_CONFIGURED, type EmailProvider } from './vendors/email/email.provider';
import { createDnsEmailVerifier } from './vendors/email-verification/dns-email-verifier';
import type { EmailVerifier } from './vendors/email-verification/email-verifier';
import { createOutboxEmailProvider } from './vendors/email/outbox.provider';
import { createOutboxRepository } from './vendors/email/sandbox/outbox.repository';
import { createSmtpEmailProvider } from './vendors/email/smtp.provider';
import { createLocalDiskStorage } from './vendors/storage/local-disk.provider';
import type { StorageProvider } from './vendors/storage/storage.provider';
import { createIdempotencyRepository } from './modules/idempotency/idempotency.repository';
import { createLocalOrigin } from './lib/local-origin';
import type { PaymentsProvider } from './vendors/payments/payments.provider';
import { createStripeVendor } from './vendors/stripe/stripe.vendor';
import type { SmsProvider } from './vendors/sms/sms.provider';
import { createTwilioVendor } from './vendors/twilio/twilio.vendor';
import { createVendorCallsRepository } from './vendors/kit/vendor-calls.repository';
import { createWebhooksRepository } from './webhooks/webhooks.repository';
import { createWebhooksService } from './webhooks/webhooks.service';

/** Providers a test (or a deployment) puts in place of the configured ones. */
export type CoreOverrides = {
  email?: EmailProvider;
  emailVerifier?: EmailVerifier;
  storage?: StorageProvider;
  broadcaster?: Broadcaster;
  payments?: PaymentsProvider;
  sms?: SmsProvider;
};

/** E-mail in production without SMTP_URL: off, each send naming the setting. */
const unconfiguredEmail: EmailProvider = {
  kind: 'off',
  send: async () => {
    throw new NotConfigured(EMAIL_NOT_CONFIGURED);
  },
};

const warn = (message: string) => console.warn(`[crm] ${message}`);

/**
 * What every module may use, built once per process: the environment, the database, the vendors'
 * providers, the job queue, realtime broadcasts, the audit log, the app secret's box, and the users
 * (every request's identity reads them). Each module wires its own repositories and services from
 * it (modules/<area>/<area>.module.ts); context.ts lists the modules.
 */
export function createCore(env: Env, db: Database, overrides: CoreOverrides = {}) {
  const outbox = createOutboxRepository(db);
  const jobWorkers = createJobWorkersRepository(db, env.JOB_WORKER_STALE_SECONDS);
  const quietJobs = createQuietJobsRepository(db);
  const jobs = createJobQueue(db, jobWorkers, quietJobs, warn, env.JOB_POLL_SECONDS);
  const localOrigin = createLocalOrigin(env);
  const vendorCalls = createVendorCallsRepository(db);
  const identityChanges = createIdentityChanges(db.$client, { max: env.IDENTITY_CACHE_SIZE });
  if (!env.SMTP_URL && !isSandboxAllowed(env)) warn(`${EMAIL_NOT_CONFIGURED}: sign-in codes, password resets and account notices cannot be sent`);
  const audit = createAuditRepository(db);
  const webhooks = createWebhooksService(createWebhooksRepository(db), jobs, audit);
  const { paymentsSettings, payments } = createStripeVendor({ env, localOrigin, vendorCalls, webhooks, warn }, overrides.payments);
  const { smsSettings, sms } = createTwilioVendor({ env, localOrigin, vendorCalls, webhooks, warn }, overrides.sms);
  return {
    env,
    db,
    /** The local e-mail outbox (read by /sandbox/outbox and tests; written when no SMTP_URL is set). */
    outbox,
    email:
      overrides.email ??
      (env.SMTP_URL
        ? createSmtpEmailProvider(env.SMTP_URL, env.MAIL_FROM)
        : isSandboxAllowed(env)
          ? createOutboxEmailProvider(outbox)
          : unconfiguredEmail),
    emailVerifier: overrides.emailVerifier ?? createDnsEmailVerifier(),
    storage: overrides.storage ?? createLocalDiskStorage(env.STORAGE_DIR),
    /** Realtime: messages to the sockets of a stream, in every API process (realtime/broadcaster.ts). */
    broadcaster:
      overrides.broadcaster ??
      (env.REDIS_URL
        ? createRedisBroadcaster(env.REDIS_URL, { namespace: env.REDIS_NAMESPACE, log: warn })
        : createLocalBroadcaster()),
    /** The job queue (jobs/queue.ts): send from any process; workers start in main.ts or worker.ts. */
    jobs,
    jobWorkers,
    /** Companies' quiet periods and the sends they hold (the queue honours them; POST /v1/admin/quiet_jobs sets them). */
    quietJobs,
    audit,
    /** Idempotency-Key claims and the answers kept for them (plugins/idempotency.ts). */
    idempotency: createIdempotencyRepository(db),
    secrets: createSecretBox(env.APP_SECRET),
    /** Who callers are and what "Current user" shows, kept in memory until PostgreSQL announces a change. */
    identityChanges,
    usersRepository: createUsersRepository(db, identityChanges),
    /** Where this server's processes reach the API (the sandboxes, and the webhooks they send back). */
    localOrigin,
    /** Every outbound vendor call (vendor, operation, status, latency, ids; no secrets or card data). */
    vendorCalls,
    /** Stripe's keys, or the sandbox's (mode 'sandbox') when STRIPE_SECRET_KEY is not set. */
    paymentsSettings,
    /** Card payments: the Stripe adapter (vendors/stripe). */
    payments,
    /** Twilio's credentials, or the sandbox's (mode 'sandbox') when TWILIO_ACCOUNT_SID is not set. */
    smsSettings,
    /** Text messages: the Twilio adapter (vendors/twilio). */
    sms,
    /** The one inbound webhook path of every vendor (webhooks/): verifiers, storage once, processing jobs. */
    webhooks,
  };
}

export type Core = ReturnType<typeof createCore>;

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { BRAND_IDS, DEFAULT_BRAND } from '@crm/brand-config';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/** proxy-addr's names for address ranges (loopback 127.0.0.1/8 and ::1, linklocal, uniquelocal: the private ranges). */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may tell the client's address, host and protocol (X-Forwarded-For, -Host, -Proto):
 * none (unset, `false`, `0`); the nearest N hops (`1`: one load balancer in front); or the proxies'
 * addresses and CIDR ranges, comma-separated (`10.0.0.0/8, 192.0.2.7`, or proxy-addr's `loopback`,
 * `linklocal`, `uniquelocal`). "Trust every proxy" is not offered: any client could then claim any
 * address (and escape the per-address limits) or any host (and pick another brand).
 */
const trustProxy = z
  .string()
  .default('false')
  .transform((value, ctx): false | number | string[] => {
    const text = value.trim().toLowerCase();
    if (text === '' || text === 'false' || text === '0') return false;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (!entries.length || bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `Give a hop count or the proxies' addresses or CIDR ranges, comma-separated (not ${bad.map((b) => `"${b}"`).join(', ') || `"${value}"`})`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** The environment, parsed once at boot. Defaults give the embedded, offline setup. */
export const envSchema = z.object({
  /** Must agree with APP_ENV: production is both saying production (isProduction, productionDisagreement). */
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Deployment environment of the product (feature flags and cookies depend on it); must agree with NODE_ENV. */
  APP_ENV: z.enum(['development', 'stage', 'demo', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Address users reach the product at (links in e-mails, SSO redirects). Default: http://localhost:PORT. */
  PUBLIC_URL: z.url().optional(),
  /** The proxies in front of the server whose X-Forwarded-* headers count (see trustProxy). Default: none. */
  TRUST_PROXY: trustProxy,
  /** Any PostgreSQL 15+ server. Unset: an embedded PostgreSQL under DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
  /** Folder of the local-disk storage provider (uploaded files). Unset: DATA_DIR/storage. */
  STORAGE_DIR: z.string().optional(),
  /** Secret for signing and encrypting (pending sign-ins, TOTP secrets at rest). Required in production. */
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(240),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(24),
  COOKIE_SECURE: bool.optional(),
  /** Version of the terms of service; raising it asks every user to accept again. */
  TERMS_VERSION: z.coerce.number().int().min(1).default(1),
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  SIGN_IN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(20),
  SIGN_IN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /**
   * Password sign-in attempts, successful or not, within SIGN_IN_WINDOW_MINUTES: per account, and
   * per client address (an office behind one address signs many agents in). 429 past that; each
   * costs a password hash, so together with the hashing queue they bound what sign-ins take.
   */
  SIGN_INS_PER_ACCOUNT: z.coerce.number().int().min(1).default(20),
  SIGN_INS_PER_IP: z.coerce.number().int().min(1).default(100),
  /** Password-reset e-mails asked for one address per hour (the same answer whether or not it has an account). */
  PASSWORD_RESETS_PER_ACCOUNT: z.coerce.number().int().min(1).default(3),
  /** Password-reset e-mails asked for from one client address per hour, whatever the addresses. */
  PASSWORD_RESETS_PER_IP: z.coerce.number().int().min(1).default(10),
  /** E-mailed sign-in codes sent to one account per hour (at sign-in and "Send code by e-mail"). */
  SIGN_IN_CODES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  /** E-mailed sign-in codes sent for requests from one client address per hour. */
  SIGN_IN_CODES_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Help requests (POST /v1/helps) one user may send per hour; each one e-mails the brand's support team. */
  HELP_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /** SMTP server, e.g. smtp://user:pass@host:587. Unset: e-mails go to the local outbox. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('CRM <no-reply@localhost>'),
  /** OpenID Connect issuer for single sign-on. Unset outside production: the built-in sandbox issuer. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().default('crm-web'),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** Folder with the built brand apps: one `web-<brand>` folder per brand (dist/apps/web-harbor, ...). */
  WEB_DIST: z.string().default('dist/apps'),
  /**
   * The brand served on localhost, 127.0.0.1 and hosts that belong to no brand. A brand id
   * (harbor, keystone, evergreen); the older folder spelling `web-harbor` is accepted too.
   */
  DEFAULT_BRAND: z
    .string()
    .default(DEFAULT_BRAND)
    .transform((value) => value.trim().toLowerCase().replace(/^web-/, ''))
    .pipe(z.enum(BRAND_IDS, { error: `Must be one of ${BRAND_IDS.join(', ')}` })),
  /** Redis for cable broadcasts between API processes (redis://127.0.0.1:6379). Unset: in-process broadcasts (one API process). */
  REDIS_URL: z.string().optional(),
  /** Seconds between the checks that a socket's session still stands (signed out or expired: the socket is closed). */
  CABLE_SESSION_CHECK_SECONDS: z.coerce.number().int().min(1).default(30),
  /** Names this deployment's Redis channels, so that deployments sharing a Redis stay apart. */
  REDIS_NAMESPACE: z.string().regex(/^[\w.-]{1,50}$/, 'Letters, digits, _ . - only').default('crm'),
  /** A job worker not heard from for this many seconds is gone: its running jobs are tried again (it beats every third of it). */
  JOB_WORKER_STALE_SECONDS: z.coerce.number().int().min(3).default(30),
  /** Seconds between a job worker's looks for new jobs of each queue; a job sent by the worker's own process wakes it at once. */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(1),
  /**
   * How many callers (sessions) and "Current user" extras this process keeps in memory, each dropped
   * as soon as PostgreSQL announces a change to it (db/identity-changes.ts). 0 keeps none: for a
   * connection pooler in transaction mode, where LISTEN does not work.
   */
  IDENTITY_CACHE_SIZE: z.coerce.number().int().min(0).default(10_000),
  /**
   * A statement that has run this many times is prepared on each connection, so PostgreSQL plans
   * it once per connection (db/statement-cache.ts). `0` prepares none: for a pooler in transaction
   * mode without prepared-statement support (PgBouncer before 1.21).
   */
  DB_PREPARE_AFTER_RUNS: z.coerce.number().int().min(0).default(3),
  /** How long a request waits for a database connection before it answers 503 (the pool is full or the server does not answer). */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(3_000),
  /**
   * The longest statement a request may run before PostgreSQL cancels it (503). Long work sets its
   * own for its transactions (longWork in db/sql-helpers.ts): import, transfer and export batches,
   * the duplicate scan.
   */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /**
   * A request not answered within this time is answered 503 (Retry-After) while its work runs on
   * to its own time-outs: a frozen database holds a request at most this long. File downloads and
   * uploads are exempt (they stream for as long as the file takes).
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** A transaction left idle this long (its process stalled) is ended by PostgreSQL and its locks freed. */
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /**
   * Stripe secret key (sk_live_… or sk_test_…). Unset: the payments adapter talks to the Stripe
   * sandbox this API serves under /sandbox/stripe (outside production), with test keys made for
   * this installation from APP_SECRET.
   */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(live|test)_\w+$/, 'A Stripe secret key starts with sk_live_ or sk_test_').optional(),
  /** The publishable key the browser's card form uses (pk_live_… / pk_test_…); required with STRIPE_SECRET_KEY. */
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_(live|test)_\w+$/, 'A Stripe publishable key starts with pk_live_ or pk_test_').optional(),
  /** The signing secret of the Stripe webhook endpoint (whsec_…) that posts to /webhooks/stripe. Unset in sandbox mode: one made for this installation. */
  STRIPE_WEBHOOK_SECRET: z.string().min(10).optional(),
  /**
   * Tests only (the renewal kill test, faults): the Stripe sandbox takes this long over each new
   * PaymentIntent, so that a test can kill a worker while its charge is in flight. 0 (the default)
   * adds nothing; refused in production, where the sandbox does not run anyway.
   */
  STRIPE_SANDBOX_CHARGE_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /**
   * Twilio's Account SID (AC…) for text messages. Unset: the SMS adapter talks to the Twilio sandbox
   * this API serves under /sandbox/twilio (outside production), with an account SID and auth token
   * made for this installation from APP_SECRET.
   */
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, 'A Twilio Account SID is AC and 32 hexadecimal digits').optional(),
  /** The account's auth token: it authenticates API calls and signs Twilio's webhooks (X-Twilio-Signature); required with TWILIO_ACCOUNT_SID. */
  TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
  /** A Messaging Service (MG…) to send from instead of a single number; optional. */
  TWILIO_MESSAGING_SERVICE_SID: z.string().regex(/^MG[0-9a-fA-F]{32}$/, 'A Messaging Service SID is MG and 32 hexadecimal digits').optional(),
  /**
   * Where this server's own processes reach the API (the sandboxes and the webhooks they send).
   * Default: http://127.0.0.1:PORT (the port the API actually listens on, in the API process).
   */
  INTERNAL_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})
  // a second copy on another PORT (README) links to itself, not to the first copy's port
  .transform((env) => ({ ...env, PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}` }));

export type Env = z.infer<typeof envSchema> & { APP_SECRET: string; STORAGE_DIR: string };

/** Parses the environment; prints every problem and exits when it is invalid. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const disagreement = productionDisagreement(env);
  if (disagreement) throw new Error(`Invalid environment:\n  ${disagreement}`);
  if (isProduction(env) && !env.APP_SECRET) {
    throw new Error('Invalid environment:\n  APP_SECRET: required in production');
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_PUBLISHABLE_KEY) {
    throw new Error('Invalid environment:\n  STRIPE_PUBLISHABLE_KEY: required with STRIPE_SECRET_KEY');
  }
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    throw new Error('Invalid environment:\n  STRIPE_WEBHOOK_SECRET: required with STRIPE_SECRET_KEY');
  }
  if (env.TWILIO_ACCOUNT_SID && !env.TWILIO_AUTH_TOKEN) {
    throw new Error('Invalid environment:\n  TWILIO_AUTH_TOKEN: required with TWILIO_ACCOUNT_SID');
  }
  if (env.STRIPE_SANDBOX_CHARGE_DELAY_MS > 0 && isProduction(env)) {
    throw new Error('Invalid environment:\n  STRIPE_SANDBOX_CHARGE_DELAY_MS: a test setting, refused in production');
  }
  return {
    ...env,
    APP_SECRET: env.APP_SECRET ?? localSecret(env.DATA_DIR),
    STORAGE_DIR: env.STORAGE_DIR ?? `${env.DATA_DIR}/storage`,
  };
}

/** Outside production a secret is made once and kept in the data folder (never in the repo). */
function localSecret(dataDir: string): string {
  const file = resolve(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The two variables the production rule reads. */
type Deployment = Pick<Env, 'NODE_ENV' | 'APP_ENV'>;

/**
 * The production rule, the one answer to "is this production": NODE_ENV=production and
 * APP_ENV=production together. The two must agree (productionDisagreement: the server refuses to
 * start otherwise); should they not (an environment built without loadEnv), either one saying
 * production counts as production, so that nothing a production deployment must not serve (the
 * sandboxes, the outbox, development overrides) is ever served by a half-configured one.
 */
export function isProduction(env: Deployment): boolean {
  return env.NODE_ENV === 'production' || env.APP_ENV === 'production';
}

/**
 * Why NODE_ENV and APP_ENV disagree, or null when they agree. They disagree when exactly one of
 * them says production: NODE_ENV=production with APP_ENV development (its default), stage or demo,
 * or APP_ENV=production with NODE_ENV development (its default) or test. Stage and demo run with
 * NODE_ENV development or test.
 */
export function productionDisagreement(env: Deployment): string | null {
  if ((env.NODE_ENV === 'production') === (env.APP_ENV === 'production')) return null;
  return (
    `NODE_ENV and APP_ENV disagree (NODE_ENV=${env.NODE_ENV}, APP_ENV=${env.APP_ENV}): ` +
    'production is NODE_ENV=production and APP_ENV=production together; stage, demo and development run with NODE_ENV development or test'
  );
}

/** Whether sandboxes (the vendors' stand-ins under /sandbox: SSO issuer, e-mail outbox, Stripe) may be served: never in production. */
export function isSandboxAllowed(env: Deployment): boolean {
  return !isProduction(env);
}

/** A developer's own machine (APP_ENV=development, and not production by the rule): the sandbox SSO issuer, localhost redirects. */
export function isDevelopment(env: Deployment): boolean {
  return env.APP_ENV === 'development' && !isProduction(env);
}

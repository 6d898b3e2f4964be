import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { citext, createdAt, updatedAt } from './columns';

export const companies = pgTable('companies', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  domainName: citext('domain_name').notNull().unique(),
  /** The brand (libs/brand-config BRAND_IDS) the company belongs to; its users sign in on that brand's hosts only. */
  brand: text('brand').notNull().default('harbor'),
  /**
   * Development, stage and demo only: the feature flag an administrator is previewing (spec part 1
   * §9); mirrored into the crm_active_flag domain cookie.
   */
  activeFeatureFlag: text('active_feature_flag'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The roles of spec part 1 §6; brands choose which they offer. */
export const roles = pgTable('roles', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  label: text('label').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The user this one reports to; everyone below a user is their downline. */
    uplineId: integer('upline_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    email: citext('email').notNull().unique(),
    username: citext('username').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    accountType: text('account_type').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    timezone: text('timezone').notNull().default('est'),
    active: boolean('active').notNull().default(true),
    c1: boolean('c_1').notNull().default(false),
    /** Paid membership kept without a plan: granted by hand (POST /v1/admin/users/{id}/paid_membership) or from before billing. */
    paidUser: boolean('paid_user').notNull().default(true),
    /** The end of the account plan's paid period (billing); the account is paid until then. `paid_user?` is either of the two. */
    paidUntil: timestamp('paid_until', { withTimezone: true }),
    changePassword: boolean('change_password').notNull().default(false),
    tosAcceptedVersion: integer('tos_accepted_version'),
    tosAcceptedAt: timestamp('tos_accepted_at', { withTimezone: true }),
    twoFaRequired: boolean('two_fa_required').notNull().default(false),
    otpEnabled: boolean('otp_enabled').notNull().default(false),
    /** TOTP secret, encrypted with the app secret; the pending one while enrolling. */
    otpSecret: text('otp_secret'),
    otpSecretPending: text('otp_secret_pending'),
    lastOtpAt: timestamp('last_otp_at', { withTimezone: true }),
    otpDelivery: text('otp_delivery').notNull().default('app'),
    emailOtpDigest: text('email_otp_digest'),
    emailOtpExpiresAt: timestamp('email_otp_expires_at', { withTimezone: true }),
    resetPasswordDigest: text('reset_password_digest').unique(),
    resetPasswordSentAt: timestamp('reset_password_sent_at', { withTimezone: true }),
    apiTokenDigest: text('api_token_digest').unique(),
    apiTokenPrefix: text('api_token_prefix'),
    apiTokenCreatedAt: timestamp('api_token_created_at', { withTimezone: true }),
    /** What the user's API token may do (scopes of the contract, as API keys have). */
    apiTokenScopes: text('api_token_scopes').array().notNull().default(sql`'{contacts:read,contacts:write}'::text[]`),
    personalPhotoUrl: text('personal_photo_url'),
    logoUrl: text('logo_url'),
    fontSize: text('font_size'),
    primaryColor: text('primary_color'),
    background: text('background'),
    aboutMe: text('about_me'),
    /** Agent title: one of the agent titles of the user's brand. */
    title: text('title'),
    dialerVerifiedPhoneNumber: text('dialer_verified_phone_number'),
    dialerEnabled: boolean('dialer_enabled').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** The version of the password rule (PASSWORD_RULE_VERSION) the current password was found to pass; null: not checked yet. */
    passwordRuleVersion: integer('password_rule_version'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('users_upline_idx').on(t.uplineId), index('users_company_idx').on(t.companyId)],
);

/**
 * Two-factor recovery codes: ten single-use codes shown once at enrolment (and when the user makes
 * new ones), stored as SHA-256 digests only; a code is used up by setting used_at.
 */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeDigest: text('code_digest').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_digest_idx').on(t.userId, t.codeDigest)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenDigest: text('token_digest').notNull(),
    /** Set when an admin or impersonator opened this session as another user. */
    actorSessionId: integer('actor_session_id').references((): AnyPgColumn => sessions.id, {
      onDelete: 'cascade',
    }),
    loginType: text('login_type'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The last proof of presence: the sign-in itself, or POST /v1/sessions/reauthenticate (credential changes need one within 15 minutes). */
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_idx').on(t.tokenDigest), index('sessions_user_idx').on(t.userId)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyDigest: text('key_digest').notNull().unique(),
    active: boolean('active').notNull().default(true),
    /** What the key may do (scopes of the contract). Keys made before scopes got contacts:read and contacts:write. */
    scopes: text('scopes').array().notNull().default(sql`'{contacts:read,contacts:write}'::text[]`),
    /** After this the key answers 401; null: never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    event: text('event').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_logs_event_user_idx').on(t.event, t.userId, t.createdAt),
    index('audit_logs_event_ip_idx').on(t.event, t.ip, t.createdAt),
    // Limits per e-mail address (password-reset requests count the address asked for, known or not).
    index('audit_logs_event_email_idx').on(t.event, sql`lower(${t.details}->>'email')`, t.createdAt),
  ],
);

/** Single sign-on requests waiting for the issuer's callback (state, nonce and PKCE verifier). */
export const ssoRequests = pgTable('sso_requests', {
  state: text('state').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** For a re-authentication (not a sign-in): the user who asked; only their session may finish it. */
  reauthUserId: integer('reauth_user_id').references(() => users.id, { onDelete: 'cascade' }),
});

/** The users a user marked as favourites (colleagues of the same company). */
export const favoriteUsers = pgTable(
  'favorite_users',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    favoriteId: integer('favorite_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.favoriteId] }), index('favorite_users_favorite_idx').on(t.favoriteId)],
);

/** A company column of a table whose rows go with their company. */
export const companyRef = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
/** A user column (who did it, whose it is) of a record that goes with that user. */
export const userRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

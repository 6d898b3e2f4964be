import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  numeric,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const citext = customType<{ data: string }>({ dataType: () => 'citext' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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
    paidUser: boolean('paid_user').notNull().default(true),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('users_upline_idx').on(t.uplineId), index('users_company_idx').on(t.companyId)],
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

/**
 * Administrators' overrides of the brand's feature-flag matrix for their company: for every user
 * (role null) or for one role. At most one per company, flag and role (null counted as one value).
 */
export const featureFlagOverrides = pgTable(
  'feature_flag_overrides',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    flag: text('flag').notNull(),
    role: text('role'),
    enabled: boolean('enabled').notNull(),
    updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('feature_flag_overrides_company_flag_role_idx').on(t.companyId, t.flag, sql`coalesce(${t.role}, '')`)],
);

/** Local e-mail outbox used when no SMTP server is configured (developers and tests read it). */
export const outboxEmails = pgTable('outbox_emails', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  /** Where replies go when it is not the sender (a help request replies to the user who asked). */
  replyTo: text('reply_to'),
  createdAt: createdAt(),
});

/**
 * Help requests sent from the help widget (POST /v1/helps). Each is e-mailed to the support
 * address of the brand the user's company belongs to; the row keeps what was sent and for whom.
 */
export const helpRequests = pgTable(
  'help_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The brand (libs/brand-config BRAND_IDS) whose support team got the request. */
    brand: text('brand').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The path the user was on, when the browser sent it. */
    page: text('page'),
    createdAt: createdAt(),
  },
  (t) => [index('help_requests_user_created_idx').on(t.userId, t.createdAt), index('help_requests_company_idx').on(t.companyId)],
);

/** Single sign-on requests waiting for the issuer's callback (state, nonce and PKCE verifier). */
export const ssoRequests = pgTable('sso_requests', {
  state: text('state').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

// ---------------------------------------------------------------------------------------------
// Contacts (issue 4). Catalogs are per company: one database serves many companies of several
// brands, and each company's administrators keep their own statuses, sources, carriers and vendors
// (the admin screens come later). Seeds give every company the same realistic starting set.
// ---------------------------------------------------------------------------------------------

const catalogColumns = () => ({
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** Display order within the company. */
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Contact statuses (New, Contacted, Appointment Set, ...). */
export const statuses = pgTable('statuses', { ...catalogColumns(), title: citext('title').notNull() }, (t) => [
  uniqueIndex('statuses_company_title_idx').on(t.companyId, t.title),
]);

/** AgentFlow statuses: where a contact stands in the agent's sales flow. */
export const agentflowStatuses = pgTable('agentflow_statuses', { ...catalogColumns(), title: citext('title').notNull() }, (t) => [
  uniqueIndex('agentflow_statuses_company_title_idx').on(t.companyId, t.title),
]);

/** Lead sources (Facebook Lead, Direct Mail, Referral, ...). */
export const sources = pgTable('sources', { ...catalogColumns(), title: citext('title').notNull() }, (t) => [
  uniqueIndex('sources_company_title_idx').on(t.companyId, t.title),
]);

/** API vendors: lead sellers posting leads, call-tracking services (vendor_type leads | calls | data). */
export const apiVendors = pgTable(
  'api_vendors',
  { ...catalogColumns(), vendorName: citext('vendor_name').notNull(), vendorType: text('vendor_type').notNull() },
  (t) => [uniqueIndex('api_vendors_company_name_idx').on(t.companyId, t.vendorName)],
);

/** Insurance carriers (policies refer to them). */
export const carriers = pgTable('carriers', { ...catalogColumns(), name: citext('name').notNull() }, (t) => [
  uniqueIndex('carriers_company_name_idx').on(t.companyId, t.name),
]);

/**
 * A contact (lead, prospect or client) owned by a user. Soft deleted: `deleted_at` set means in
 * the trash. Children (phones, e-mails, and later notes, files, tags, policies, securities, ...)
 * reference it with on delete cascade.
 *
 * Indexes are chosen for a million rows across a company (checked with EXPLAIN ANALYZE on 1M rows):
 * - partial `(owner_id, last_name, id)` / `(owner_id, created_at, id)` where live: an owner's list in
 *   the default (or newest-first) order straight from the index. `deleted_at` is not a key column:
 *   PostgreSQL does not treat `deleted_at IS NULL` as an equality, so a key
 *   `(owner_id, deleted_at, last_name, id)` could not give the order and the planner sorted instead.
 *   The same keys support keyset paging `(last_name, id) > (?, ?)` when the list gets a cursor.
 * - partial `(company_id, last_name, id, owner_id)` / `(company_id, created_at, id, owner_id)` where
 *   live: the broad reach of administrators and large downlines. The trailing owner_id lets the
 *   downline's owner filter run on an index-only scan (no heap visit per skipped row on deep pages).
 * - partial indexes on the trash (`deleted_at is not null`), which is small, for the trash view.
 * - a pg_trgm GIN index on `search_text` (names, e-mails, phone digits) serves `q` with ILIKE
 *   '%word%' for every word; exact phone and e-mail lookups use the child tables' btree indexes.
 * - partial `(company_id, first_name, id, owner_id)` / `(company_id, city, id, owner_id)` where live:
 *   the first-name and city sorts of a broad reach read in order instead of sorting the whole reach
 *   (tools/bench, 970k contacts in a manager's downline: page 1 went from 1.2-1.5 s to 1-10 ms).
 * - a pg_trgm GIN index on `city` serves "city contains" (ILIKE '%x%'), whose capped count otherwise
 *   reads the whole reach when fewer than the cap match (same bench: 1.4-2.1 s down to 0.35 s).
 * Other sort columns (state, zip, date of birth) sort the matching rows; that is quick within an
 * owner or a downline and the place to add indexes if company-wide sorts need them.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The owning user; a user who owns contacts cannot be deleted until they are moved. */
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    category: text('category').notNull().default('lead'),
    statusId: integer('status_id').references(() => statuses.id, { onDelete: 'set null' }),
    agentflowStatusId: integer('agentflow_status_id').references(() => agentflowStatuses.id, { onDelete: 'set null' }),
    sourceId: integer('source_id').references(() => sources.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    address1: text('address1'),
    address2: text('address2'),
    city: text('city'),
    /** US state or DC, two letters. */
    state: text('state'),
    zip: text('zip'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    gender: text('gender'),
    language: text('language'),
    timezone: text('timezone').notNull().default('est'),
    medicareNumber: text('medicare_number'),
    partADate: date('part_a_date', { mode: 'string' }),
    partBDate: date('part_b_date', { mode: 'string' }),
    linkedContactId: integer('linked_contact_id').references((): AnyPgColumn => contacts.id, { onDelete: 'set null' }),
    /** The "new" marker: set on arrival, cleared when the contact is first viewed. */
    isNew: boolean('is_new').notNull().default(true),
    /** The quick note. */
    note: text('note'),
    /**
     * Lower-cased names, e-mails and phone digits, kept by the repository on every write (phones
     * and e-mails live in child tables, so a generated column cannot see them).
     */
    searchText: text('search_text').notNull().default(''),
    /** The latest recorded activity (PUT activity_info): when and what (call, sms, email, ...). */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    lastActivityType: text('last_activity_type'),
    /** When the contact was made ready for Medicare quoting (PUT medicare_import_contact). */
    medicareImportedAt: timestamp('medicare_imported_at', { withTimezone: true }),
    /** Set on a contact merged into another (it is then in the trash until restored). */
    mergedIntoId: integer('merged_into_id').references((): AnyPgColumn => contacts.id, { onDelete: 'set null' }),
    /**
     * The import attempt and file row a contact came from (lead tracking, and the import's
     * idempotency key: a row resumed after a crash is inserted with ON CONFLICT DO NOTHING). No
     * foreign key: deleting an attempt leaves its contacts alone, and attempt ids are never reused.
     */
    importAttemptId: integer('import_attempt_id'),
    importRow: integer('import_row'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('contacts_owner_last_name_idx').on(t.ownerId, t.lastName, t.id).where(sql`${t.deletedAt} is null`),
    index('contacts_owner_created_idx').on(t.ownerId, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index('contacts_company_last_name_idx').on(t.companyId, t.lastName, t.id, t.ownerId).where(sql`${t.deletedAt} is null`),
    index('contacts_company_created_idx').on(t.companyId, t.createdAt, t.id, t.ownerId).where(sql`${t.deletedAt} is null`),
    index('contacts_owner_trash_idx').on(t.ownerId, t.lastName, t.id).where(sql`${t.deletedAt} is not null`),
    index('contacts_company_trash_idx').on(t.companyId, t.lastName, t.id).where(sql`${t.deletedAt} is not null`),
    index('contacts_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('contacts_company_first_name_idx').on(t.companyId, t.firstName, t.id, t.ownerId).where(sql`${t.deletedAt} is null`),
    index('contacts_company_city_idx').on(t.companyId, t.city, t.id, t.ownerId).where(sql`${t.deletedAt} is null`),
    // A live contact's reach by id, read without the table: counts that start from tags or policies
    // check each contact's company and owner here (a tag's capped count: 9 ms instead of 26).
    index('contacts_live_id_idx').on(t.id, t.companyId, t.ownerId).where(sql`${t.deletedAt} is null`),
    index('contacts_status_idx').on(t.statusId),
    index('contacts_agentflow_status_idx').on(t.agentflowStatusId),
    index('contacts_source_idx').on(t.sourceId),
    index('contacts_linked_contact_idx').on(t.linkedContactId).where(sql`${t.linkedContactId} is not null`),
    // deleting a contact sets merged_into_id to null where it points at it: without an index each delete read the whole table
    index('contacts_merged_into_idx').on(t.mergedIntoId).where(sql`${t.mergedIntoId} is not null`),
    uniqueIndex('contacts_import_row_idx').on(t.importAttemptId, t.importRow).where(sql`${t.importAttemptId} is not null`),
    check('contacts_category_check', sql`${t.category} in ('lead', 'prospect', 'client')`),
  ],
);

/** A contact's phones, digits only in dialing form (a 10-digit number gets its leading 1). */
export const contactPhones = pgTable(
  'contact_phones',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    /** 2 Mobile, 9 Other. */
    phoneType: smallint('phone_type').notNull().default(2),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_phones_contact_idx').on(t.contactId, t.position),
    /** Exact lookups: an incoming call's number, duplicate checks. */
    index('contact_phones_number_idx').on(t.number),
    check('contact_phones_type_check', sql`${t.phoneType} in (2, 9)`),
  ],
);

/** A contact's e-mail addresses with their verification state. */
export const contactEmails = pgTable(
  'contact_emails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    email: citext('email').notNull(),
    verified: boolean('verified').notNull().default(false),
    /** unchecked, valid, invalid, unknown (validation could not decide) or forced (an agent vouched for it). */
    verification: text('verification').notNull().default('unchecked'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_emails_contact_idx').on(t.contactId, t.position),
    // an import's scrub looks e-mails up as lower-case text: ten times faster to probe and to keep up than a citext index
    index('contact_emails_lower_email_idx').on(sql`lower(${t.email}::text)`),
  ],
);

/** A user's saved contacts scopes ("quick filters"), by name; names are unique per user, ignoring case. */
export const quickFilters = pgTable(
  'quick_filters',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contactsScope: jsonb('contacts_scope').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('quick_filters_user_name_idx').on(t.userId, sql`lower(${t.name})`)],
);

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

const contactRef = () =>
  integer('contact_id')
    .notNull()
    .references(() => contacts.id, { onDelete: 'cascade' });

/** Tags are shared by a company (name unique ignoring case) and put on contacts through contact_tags. */
/**
 * Every city a company's contacts have (or had): kept by statement triggers on contacts (migration
 * 0009), so that a city search ("contains ville") finds the few matching names here and reads the
 * contacts of those cities from the city index, instead of a trigram scan of every contact's city.
 * A name no contact has any more stays; it matches nothing.
 */
export const contactCities = pgTable(
  'contact_cities',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    city: text('city').notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.city] })],
);

export const tags = pgTable(
  'tags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: citext('name').notNull(),
    /** #rrggbb */
    color: text('color').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('tags_company_name_idx').on(t.companyId, t.name)],
);

export const contactTags = pgTable(
  'contact_tags',
  {
    contactId: contactRef(),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  /** (tag_id, contact_id) serves the list's included/excluded tag filters. */
  (t) => [primaryKey({ columns: [t.contactId, t.tagId] }), index('contact_tags_tag_idx').on(t.tagId, t.contactId)],
);

/** The notes tab: dated notes by their authors (the contact's quick note is contacts.note). */
export const contactNotes = pgTable(
  'contact_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contactId: contactRef(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('contact_notes_contact_idx').on(t.contactId, t.createdAt)],
);

/** Files attached to a contact; the bytes live in the storage provider under storage_key. */
export const contactFiles = pgTable(
  'contact_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contactId: contactRef(),
    uploadedById: integer('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name the file had on the uploader's machine; downloads carry it. */
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_files_contact_idx').on(t.contactId, t.createdAt)],
);

/** Insurance policies of a contact. */
export const policies = pgTable(
  'policies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contactId: contactRef(),
    carrierId: integer('carrier_id').references(() => carriers.id, { onDelete: 'set null' }),
    policyType: text('policy_type').notNull(),
    policyNumber: text('policy_number'),
    status: text('status').notNull().default('pending'),
    premium: numeric('premium', { precision: 12, scale: 2 }),
    premiumMode: text('premium_mode').notNull().default('monthly'),
    faceAmount: numeric('face_amount', { precision: 14, scale: 2 }),
    applicationDate: date('application_date', { mode: 'string' }),
    effectiveDate: date('effective_date', { mode: 'string' }),
    terminationDate: date('termination_date', { mode: 'string' }),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  /** (policy_type, contact_id) and (carrier_id, contact_id) serve the list's policy type and carrier filters. */
  (t) => [
    index('policies_contact_idx').on(t.contactId),
    index('policies_type_contact_idx').on(t.policyType, t.contactId),
    index('policies_carrier_contact_idx').on(t.carrierId, t.contactId),
  ],
);

/** Securities (financial holdings) of a contact. */
export const securities = pgTable(
  'securities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contactId: contactRef(),
    securityType: text('security_type').notNull(),
    name: text('name').notNull(),
    symbol: text('symbol'),
    institution: text('institution'),
    accountNumber: text('account_number'),
    quantity: numeric('quantity', { precision: 18, scale: 4 }),
    value: numeric('value', { precision: 14, scale: 2 }),
    asOfDate: date('as_of_date', { mode: 'string' }),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('securities_contact_idx').on(t.contactId)],
);

/** Documents kept whole per contact: the data-capture questionnaire and the Rx details. */
export const contactDocuments = pgTable(
  'contact_documents',
  {
    contactId: contactRef(),
    /** data_capture | rx_details */
    kind: text('kind').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.kind] })],
);

/** Activities recorded on a contact (calls, texts, e-mails, ...); the latest is mirrored on the contact. */
export const contactActivities = pgTable(
  'contact_activities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contactId: contactRef(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    activityType: text('activity_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_activities_contact_idx').on(t.contactId, t.createdAt)],
);

/**
 * One merge: which contact survived, which was merged into it, and what moved (child ids per kind,
 * tag ids added), so restoring the merged contact can move its children back.
 */
export const contactMerges = pgTable(
  'contact_merges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    survivorId: integer('survivor_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    mergedId: integer('merged_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    mergedById: integer('merged_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Ids per kind of child (phones, emails, notes, ...), tag ids added, and document kinds (strings) moved. */
    moved: jsonb('moved').$type<Record<string, number[] | string[]>>().notNull(),
    createdAt: createdAt(),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
  },
  (t) => [index('contact_merges_merged_idx').on(t.mergedId), index('contact_merges_survivor_idx').on(t.survivorId)],
);

/**
 * The job workers that are running (jobs/queue.ts): each writes its row when it starts and every
 * few seconds after, and removes it when it stops; one not heard from for WORKER_STALE_SECONDS is
 * gone (killed). GET /v1/contacts/workers_status reads them.
 */
export const jobWorkers = pgTable('job_workers', {
  id: text('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  queues: text('queues').array().notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A company column of a table whose rows go with their company. */
const companyRef = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
/** A user column (who did it, whose it is) of a record that goes with that user. */
const userRef = (name: string) =>
  integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * A job a worker is running now (jobs/queue.ts): written when the run starts, removed when it ends.
 * A lease whose worker stopped beating is a crashed run: the queue fails the job so that pg-boss
 * retries it at once instead of after its expiry.
 */
export const jobLeases = pgTable('job_leases', {
  jobId: text('job_id').primaryKey(),
  name: text('name').notNull(),
  workerId: text('worker_id').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A file uploaded for an import (its bytes in the storage provider), read by validate_import and the import job. */
export const importFiles = pgTable(
  'import_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    userId: userRef('user_id'),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    /** csv or xlsx. */
    format: text('format').notNull(),
    /** How its text is read: utf-8, utf-16le, utf-16be or windows-1252. */
    encoding: text('encoding').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('import_files_user_idx').on(t.userId)],
);

/**
 * An import of a file into contacts (spec part 2 §4 import attempts). The job writes its progress
 * here with every batch, in the batch's transaction: processed_rows is where a resumed run goes on.
 */
export const importAttempts = pgTable(
  'import_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    /** Who started it. */
    userId: userRef('user_id'),
    /** Who owns the new contacts (with a pool, the first of the pool). */
    ownerId: userRef('owner_id'),
    fileId: integer('file_id')
      .notNull()
      .references(() => importFiles.id),
    fileName: text('file_name').notNull(),
    category: text('category').notNull(),
    /** queued, processing, completed, failed. */
    status: text('status').notNull().default('queued'),
    /** The form: fields, tags, pool, scrub_against (the parsed import options). */
    options: jsonb('options').$type<Record<string, unknown>>().notNull(),
    headers: jsonb('headers').$type<string[]>().notNull().default([]),
    apiVendorId: integer('api_vendor_id').references(() => apiVendors.id, { onDelete: 'set null' }),
    leadType: text('lead_type'),
    processedRows: integer('processed_rows').notNull().default(0),
    readBytes: integer('read_bytes').notNull().default(0),
    importedCount: integer('imported_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    failure: text('failure'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('import_attempts_user_idx').on(t.userId, t.id), index('import_attempts_company_idx').on(t.companyId, t.id)],
);

/** A row an import refused (kind invalid) or skipped (kind skipped), with its reasons and its values as read. */
export const importProblems = pgTable(
  'import_problems',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => importAttempts.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    kind: text('kind').notNull(),
    problems: jsonb('problems').$type<{ column: string; reason: string }[]>().notNull(),
    values: jsonb('values').$type<string[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.rowNumber] })],
);

/** A user's saved import mappings, by name (unique per user, ignoring case). */
export const importSettings = pgTable(
  'import_settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef('user_id'),
    name: citext('name').notNull(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    fields: jsonb('fields').$type<(string | null)[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('import_settings_user_name_idx').on(t.userId, t.name)],
);

/**
 * A transfer (spec part 2 §4): contacts moved to another user by a job, with other fields set on
 * the way (update_transfer_group, mailer assignment). The contacts are fixed when it is made
 * (contact_ids, within the maker's reach then); done_batches says what a resumed run may skip.
 */
export const transferAttempts = pgTable(
  'transfer_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    userId: userRef('user_id'),
    toUserId: userRef('to_user_id'),
    /** queued, processing, done, complete (confirmed), failed. */
    status: text('status').notNull().default('queued'),
    reverted: boolean('reverted').notNull().default(false),
    /** The revert-in-progress marker. */
    reverting: boolean('reverting').notNull().default(false),
    /** Other fields set on the way: category, status_id, agentflow_status_id, source_id. */
    changes: jsonb('changes').$type<Record<string, string | number | null>>().notNull().default({}),
    /** The maker's reach when it was made (kind, company, user): contacts out of it by the time the job runs stay. */
    reach: jsonb('reach').$type<{ kind: 'company' | 'downline' | 'own'; companyId: number; userId: number }>().notNull(),
    contactIds: integer('contact_ids').array().notNull(),
    totalCount: integer('total_count').notNull(),
    processedCount: integer('processed_count').notNull().default(0),
    movedCount: integer('moved_count').notNull().default(0),
    /** The batches (TRANSFER_BATCH contacts each, by position in contact_ids) written so far: a resumed run does the others. */
    doneBatches: integer('done_batches').array().notNull().default(sql`'{}'::int[]`),
    failure: text('failure'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('transfer_attempts_company_idx').on(t.companyId, t.id), index('transfer_attempts_user_idx').on(t.userId, t.id), index('transfer_attempts_to_user_idx').on(t.toUserId, t.id)],
);

/** A contact a transfer moved: from whom, to whom, and the earlier values of the other fields it set. */
export const transferLogs = pgTable(
  'transfer_logs',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => transferAttempts.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    fromOwnerId: userRef('from_owner_id'),
    toOwnerId: userRef('to_owner_id'),
    previous: jsonb('previous').$type<Record<string, string | number | null>>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.contactId] }), index('transfer_logs_contact_idx').on(t.contactId)],
);

/** A batch print (contact sheets or mailing labels) built by a job; its PDF in the storage provider. */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: text('id').primaryKey(),
    companyId: companyRef(),
    userId: userRef('user_id'),
    layout: text('layout').notNull(),
    contactIds: integer('contact_ids').array().notNull(),
    /** queued, processing, done, failed. */
    status: text('status').notNull().default('queued'),
    storageKey: text('storage_key'),
    failure: text('failure'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('print_jobs_user_idx').on(t.userId, t.createdAt)],
);

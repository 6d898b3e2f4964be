import { sql, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, boolean, numeric, check, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { citext, createdAt, updatedAt } from './columns';
import { companies, users } from './accounts';
import { agentflowStatuses, carriers, sources, statuses } from './catalogs';

/**
 * A date of birth's month and day as one number, month * 100 + day (July 4 → 704, Feb 29 → 229):
 * the key of the birthday index, so "birthdays in the next two weeks" is one or two ranges of it
 * (two across the year end). Written once for the index and every query that must match it: the
 * planner uses an expression index only for the same expression.
 */
export const birthdayMonthDay = (dateOfBirth: AnyPgColumn | SQL) =>
  sql`((extract(month from ${dateOfBirth}) * 100 + extract(day from ${dateOfBirth}))::smallint)`;

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
 * - partial `(company_id, category, birthday month-day, owner_id, date_of_birth)` where live: the
 *   dashboard's birthdays of a category in a window of days are a range of it, read in birthday
 *   order; the owner check of a downline or an agent runs on the index entry, and the window's
 *   count reads the index only (date_of_birth is there because PostgreSQL answers from an
 *   expression index only when the expression's column is in it too: without it the count of a
 *   million-contact downline's 7,000 birthdays visited the table, 129 ms against 11). It also
 *   serves the dashboard's capped counts by category (contacts without a date of birth have a
 *   null key).
 * - partial `(company_id, date_of_birth, owner_id)` where live and born: contacts turning 65 soon
 *   are a range of dates of birth.
 *
 * first_name, last_name and city are in the ICU root collation "und-x-icu" (migration 0020; Drizzle
 * has no column collation, so it is not declared below): names in any language sort as people
 * expect (Łukasz among the L's), and the indexes above on those columns are in the same collation,
 * so the sorted list still reads them in order.
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
     * Names, e-mails and phone digits folded by search_fold (lower case, no accents, no
     * apostrophes, no hyphens: migrations 0020 and 0038), kept by the repository on every write (phones and e-mails
     * live in child tables, so a generated column cannot see them).
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
    index('contacts_owner_last_name_idx').on(t.ownerId, t.lastName, t.firstName, t.id).where(sql`${t.deletedAt} is null`),
    index('contacts_owner_created_idx').on(t.ownerId, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index('contacts_company_last_name_idx').on(t.companyId, t.lastName, t.firstName, t.id, t.ownerId).where(sql`${t.deletedAt} is null`),
    index('contacts_company_created_idx').on(t.companyId, t.createdAt, t.id, t.ownerId).where(sql`${t.deletedAt} is null`),
    index('contacts_owner_trash_idx').on(t.ownerId, t.lastName, t.firstName, t.id).where(sql`${t.deletedAt} is not null`),
    index('contacts_company_trash_idx').on(t.companyId, t.lastName, t.firstName, t.id).where(sql`${t.deletedAt} is not null`),
    // The search box's words, by owner (btree_gin): an agent's search reads only their own matches
    // in the index (1.4 ms for a common surname in a book of 26,000 among a million contacts), where
    // the words alone made it visit every matching contact of the company (3,000 rows, 8–16 ms).
    // Broader reaches use the words alone, as before. Without GIN's pending list (fastupdate): every
    // search scanned the whole list of recent inserts (4,700 of them cost 1.5 ms a search), and the
    // insert that found it full merged it while the agent waited; a create costs 0.1 ms more instead.
    index('contacts_owner_search_idx').using('gin', t.ownerId, t.searchText.op('gin_trgm_ops')).with({ fastupdate: false }),
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
    index('contacts_company_birthday_idx').on(t.companyId, t.category, birthdayMonthDay(t.dateOfBirth), t.ownerId, t.dateOfBirth).where(sql`${t.deletedAt} is null`),
    index('contacts_company_birth_date_idx').on(t.companyId, t.dateOfBirth, t.ownerId).where(sql`${t.deletedAt} is null and ${t.dateOfBirth} is not null`),
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
    /** A logged call's outcome (contract CALL_OUTCOMES). */
    outcome: text('outcome'),
    /** The note the logged activity added to the Notes tab; undoing the activity deletes it. */
    noteId: integer('note_id').references(() => contactNotes.id, { onDelete: 'set null' }),
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

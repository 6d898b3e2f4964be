import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { citext, createdAt, updatedAt } from './columns';
import { apiVendors } from './catalogs';
import { companyRef, userRef } from './accounts';

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
    /** Rows that updated the contact they name (a Contact ID column). */
    updatedCount: integer('updated_count').notNull().default(0),
    /** Contacts made or updated with values left out (counted in imported_count or updated_count too). */
    warningCount: integer('warning_count').notNull().default(0),
    failure: text('failure'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('import_attempts_user_idx').on(t.userId, t.id), index('import_attempts_company_idx').on(t.companyId, t.id)],
);

/**
 * A row an import refused (kind invalid), skipped (kind skipped), imported with values left out
 * (kind warning) or updated a contact with values left out (kind updated), with the contact it
 * made or updated (its id: no reference, the error file names it and a re-import checks it again), its problems (column as the file names it, value, reason; value and
 * severity are missing on rows of imports made before warnings) and its values as read.
 */
export const importProblems = pgTable(
  'import_problems',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => importAttempts.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    kind: text('kind').notNull(),
    problems: jsonb('problems').$type<{ column: string; value?: string; reason: string; severity?: 'warning' | 'refusal' }[]>().notNull(),
    values: jsonb('values').$type<string[]>().notNull(),
    contactId: integer('contact_id'),
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

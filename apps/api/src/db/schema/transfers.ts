import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { contacts } from './contacts';
import { companyRef, userRef } from './accounts';

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

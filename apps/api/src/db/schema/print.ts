import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { companyRef, userRef } from './accounts';

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

import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { userRef } from './accounts';

/**
 * A write sent with an Idempotency-Key (plugins/idempotency.ts): the first request's answer, kept
 * 24 hours, so that a repeat of it (the client retrying after a lost answer) gets the same answer
 * and creates nothing. `fingerprint` is the request (method, path, body) the key was first used
 * with; `locked_until` holds repeats off while the first is still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: userRef('user_id'),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** running | done */
    state: text('state').notNull().default('running'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_at').on(t.createdAt)],
);

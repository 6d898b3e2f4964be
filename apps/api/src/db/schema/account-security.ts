import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { userRef } from './accounts';
import { citext, createdAt } from './columns';

/**
 * What became of a requested e-mail change. reported: "this was not me" before it was confirmed
 * (cancelled); held: "this was not me" after a confirmation (the account on hold); restored: the
 * old address put back, with the account's password or second factor.
 */
export const EMAIL_CHANGE_STATES = ['pending', 'confirmed', 'cancelled', 'superseded', 'reported', 'held', 'restored'] as const;
export type EmailChangeState = (typeof EMAIL_CHANGE_STATES)[number];

/**
 * A change of a user's e-mail address: it takes effect only when the link sent to the new address
 * is opened (token, 24 hours); the old address is told at once and gets a "this was not me" link
 * (cancel token, 72 hours, once) that cancels the change or, when it was already confirmed, holds
 * the account until the old address is restored with the account's password or second factor.
 * Tokens are stored as SHA-256 digests only. At most one change of a user is pending.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef('user_id'),
    oldEmail: citext('old_email').notNull(),
    newEmail: citext('new_email').notNull(),
    tokenDigest: text('token_digest').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    cancelTokenDigest: text('cancel_token_digest').notNull().unique(),
    cancelExpiresAt: timestamp('cancel_expires_at', { withTimezone: true }).notNull(),
    state: text('state').$type<EmailChangeState>().notNull().default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_changes_one_pending_idx').on(t.userId).where(sql`${t.state} = 'pending'`)],
);

/**
 * The devices a user signed in from: browser family and coarse network (IPv4 /24, IPv6 /48). A
 * sign-in from a device not listed here (other than a user's first sign-in) is announced by e-mail.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef('user_id'),
    browser: text('browser').notNull(),
    network: text('network').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('known_devices_user_device_idx').on(t.userId, t.browser, t.network)],
);

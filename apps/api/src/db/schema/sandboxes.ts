import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Every sandbox's state (vendors/kit/sandbox): each object as its vendor shapes it, by the vendor's
 * own id, with its owner in the vendor's model (Stripe: the customer) for the vendor's lists. An
 * object keeps what the sandbox remembers beside the vendor's shape in `hidden` (a test card's
 * behaviour), never sent. Outside production only.
 */
export const sandboxObjects = pgTable(
  'sandbox_objects',
  {
    vendor: text('vendor').notNull(),
    id: text('id').notNull(),
    object: text('object').notNull(),
    owner: text('owner'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    hidden: jsonb('hidden').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.vendor, t.id] }), index('sandbox_objects_owner_idx').on(t.vendor, t.owner, t.object)],
);

/** An idempotency key of a request to a sandbox, per vendor and API key, kept as the vendor keeps it: the first answer, replayed. */
export const sandboxIdempotency = pgTable(
  'sandbox_idempotency',
  {
    vendor: text('vendor').notNull(),
    apiKey: text('api_key_digest').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** running | done */
    state: text('state').notNull().default('running'),
    status: integer('status'),
    body: text('body'),
    requestId: text('request_id'),
    createdAt: createdAt(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.vendor, t.apiKey, t.key] }), index('sandbox_idempotency_created_idx').on(t.createdAt)],
);

/** A callback a sandbox sent to the product (which event, to where, its answer), as its vendor would. */
export const sandboxDeliveries = pgTable(
  'sandbox_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    vendor: text('vendor').notNull(),
    eventId: text('event_id').notNull(),
    url: text('url').notNull(),
    status: integer('status'),
    error: text('error'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_deliveries_event_idx').on(t.vendor, t.eventId)],
);

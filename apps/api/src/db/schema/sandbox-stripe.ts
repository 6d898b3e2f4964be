import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * The Stripe sandbox's state (sandbox/stripe/): each object as Stripe shapes it (customer,
 * payment_method, setup_intent, payment_intent, charge, refund, event), by its Stripe id. A payment
 * method keeps the test card's behaviour, never its number. Outside production only.
 */
export const sandboxStripeObjects = pgTable(
  'sandbox_stripe_objects',
  {
    id: text('id').primaryKey(),
    object: text('object').notNull(),
    customer: text('customer'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** What the sandbox remembers beside Stripe's shape (a test card's behaviour); never sent. */
    hidden: jsonb('hidden').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_stripe_objects_customer_idx').on(t.customer, t.object)],
);

/** Idempotency-Key of a request to the sandbox, per API key, as Stripe keeps it (24 hours): the first answer, replayed. */
export const sandboxStripeIdempotency = pgTable(
  'sandbox_stripe_idempotency',
  {
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
  (t) => [primaryKey({ columns: [t.apiKey, t.key] }), index('sandbox_stripe_idempotency_created_idx').on(t.createdAt)],
);

/** A webhook delivery attempt of the sandbox (which event, to where, its answer). */
export const sandboxStripeDeliveries = pgTable('sandbox_stripe_deliveries', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  eventId: text('event_id').notNull(),
  url: text('url').notNull(),
  status: integer('status'),
  error: text('error'),
  response: jsonb('response'),
  createdAt: createdAt(),
});

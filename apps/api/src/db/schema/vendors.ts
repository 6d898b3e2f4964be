import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Every call an adapter made to a vendor (vendors/kit/vendor-calls.repository.ts): vendor, operation, HTTP
 * status, latency, the vendor's request id and our correlation id. Never secrets, tokens or card
 * data. The admin API-request log reads it.
 */
export const vendorCalls = pgTable(
  'vendor_calls',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    vendor: text('vendor').notNull(),
    operation: text('operation').notNull(),
    /** The vendor's HTTP status; null when no answer came (network failure, time-out). */
    status: integer('status'),
    ok: boolean('ok').notNull(),
    latencyMs: integer('latency_ms').notNull(),
    /** The vendor's id of the request (Stripe's Request-Id). */
    requestId: text('request_id'),
    /** Ours: the API request or job that made the call. */
    correlationId: text('correlation_id'),
    /** The vendor's error code on failure (card_declined, ...), never its payload. */
    errorCode: text('error_code'),
    createdAt: createdAt(),
  },
  (t) => [index('vendor_calls_vendor_created_idx').on(t.vendor, t.createdAt)],
);

/**
 * Inbound webhooks of every vendor (webhooks/): stored once by the vendor's event id after their
 * signature was verified, then processed by a job (status received → processed, or failed with the
 * last error while the job retries).
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    vendor: text('vendor').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    /** received | processed | failed | dead (out of tries: the sweeper stops; for an administrator to look at) */
    status: text('status').notNull().default('received'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('webhook_events_vendor_event_idx').on(t.vendor, t.eventId), index('webhook_events_status_idx').on(t.status).where(sql`status <> 'processed'`)],
);

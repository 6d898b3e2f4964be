import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idParams, pagingMeta, timestamp } from './common.contract';

// ---------------------------------------------------------------------------------------------
// Vendor events (admin): the inbound webhook events of every vendor that could not be processed
// (DESIGN.md §1 "Inbound webhooks, one path"). An event whose processing job failed is tried again
// by the sweeper; one out of tries is `dead`, and waits here for an administrator, who may try it
// again from the start. What the vendor sent (the payload) is never shown: it can hold personal data.
// ---------------------------------------------------------------------------------------------

/** Every state of a stored event: received (its job queued), processed, failed (tried again), dead (out of tries). */
export const WEBHOOK_EVENT_STATUSES = ['received', 'processed', 'failed', 'dead'] as const;
export type WebhookEventStatus = (typeof WEBHOOK_EVENT_STATUSES)[number];
/** The states an administrator lists and may try again. */
export const WEBHOOK_EVENT_LIST_STATUSES = ['dead', 'failed'] as const satisfies readonly WebhookEventStatus[];
export type WebhookEventListStatus = (typeof WEBHOOK_EVENT_LIST_STATUSES)[number];
export const WEBHOOK_EVENTS_PAGE_MAX = 100;

/** One stored event as an administrator sees it: never its payload. */
export const webhookEvent = z.object({
  id: z.number().int(),
  /** The vendor's name as in its webhook path (/webhooks/stripe). */
  vendor: z.string(),
  /** The vendor's own id of the event. */
  event_id: z.string(),
  /** The vendor's event type (payment_intent.succeeded). */
  type: z.string(),
  status: z.enum(WEBHOOK_EVENT_STATUSES),
  /** Tries so far (each run of its processing job counts one). */
  attempts: z.number().int(),
  /** The error of the last failed try, if any. */
  last_error: z.string().nullable(),
  received_at: timestamp,
});
export type WebhookEvent = z.infer<typeof webhookEvent>;

export const webhookEventsQuery = z.object({
  status: z.enum(WEBHOOK_EVENT_LIST_STATUSES, { error: 'Status must be dead or failed' }).default('dead'),
  vendor: z
    .string({ error: 'Vendor must be text' })
    .trim()
    .regex(/^[a-z0-9_-]{1,40}$/, 'Vendor must be a vendor name such as stripe')
    .optional(),
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be 1 or more')
    .max(1_000_000, 'Page is too large')
    .default(1),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be 1 or more')
    .max(WEBHOOK_EVENTS_PAGE_MAX, `Limit must be at most ${WEBHOOK_EVENTS_PAGE_MAX}`)
    .default(25),
});

// Who: `access: 'admin'` lets the guard refuse everyone but administrators (admin, sub_admin); the
// API then allows the System Admin (role admin) only, the strictest rule the product has (the one for
// giving the admin role, admin-users.service.ts), since these events are the whole deployment's,
// not one company's. No API-key scope: a browser session only.

export const listWebhookEvents = defineEndpoint({
  method: 'GET',
  path: '/v1/admin/webhook_events',
  summary:
    "Inbound vendor webhook events that could not be processed (dead: out of tries, the default; or failed: to be tried again), newest first, without what the vendor sent. The deployment's events, for System Admins only",
  tag: 'admin_webhooks',
  access: 'admin',
  query: webhookEventsQuery,
  response: z.object({ data: z.array(webhookEvent), meta: pagingMeta }),
});

export const retryWebhookEvent = defineEndpoint({
  method: 'POST',
  path: '/v1/admin/webhook_events/{id}/retry',
  summary:
    'Try a dead or failed event again from the start: it becomes failed with no tries counted, and its processing job is queued at once (422 for an event in another state). System Admins only',
  tag: 'admin_webhooks',
  access: 'admin',
  params: idParams,
  response: z.object({ data: webhookEvent }),
});

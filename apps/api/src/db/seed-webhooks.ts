import type { WebhooksRepository } from '../webhooks/webhooks.repository';
import { WEBHOOK_MAX_ATTEMPTS } from '../webhooks/webhooks.service';

/** The demo's dead letter: a Stripe event out of tries, stored once by its event id. */
export const DEMO_DEAD_EVENT = { vendor: 'stripe', eventId: 'evt_demo_dead_letter', type: 'customer.updated' } as const;

/**
 * One inbound vendor event that is dead (out of tries, as the sweeper leaves one), so that Admin →
 * Vendor events has something to show in the demo, and the e2e test something to retry (no route
 * makes an event dead; reaching it through real failures takes 14 tries and the sweeper's minutes).
 * Retrying it succeeds: billing takes a customer.updated event and has nothing to do for it. A
 * second run adds nothing (stored once by vendor and event id), and leaves a retried one as it is.
 */
export async function seedDemoDeadLetter(webhooks: Pick<WebhooksRepository, 'storeDead'>): Promise<boolean> {
  const stored = await webhooks.storeDead({
    ...DEMO_DEAD_EVENT,
    payload: {
      id: DEMO_DEAD_EVENT.eventId,
      object: 'event',
      type: DEMO_DEAD_EVENT.type,
      data: { object: { id: 'cus_demo_dead_letter', object: 'customer' } },
      livemode: false,
    },
    attempts: WEBHOOK_MAX_ATTEMPTS,
    lastError: 'The Stripe API did not answer within 10 seconds (a demo event: try it again from Admin → Vendor events)',
    receivedAt: new Date(Date.now() - 2 * 86_400_000),
  });
  return stored !== null;
}

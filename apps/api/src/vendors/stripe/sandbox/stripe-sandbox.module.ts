import Stripe from 'stripe';
import type { Core } from '../../../core';
import { isSandboxAllowed } from '../../../env';
import { webhookPath } from '../../../webhooks/webhook-contract';
import { defineSandboxDelivery } from '../../kit/sandbox/delivery';
import { createStripeSandboxRepository } from './stripe-sandbox.repository';
import { createStripeSandboxService } from './stripe-sandbox.service';

/** The job that sends one sandbox event to the product's webhook route (retried like Stripe retries a failed delivery). */
export const STRIPE_SANDBOX_WEBHOOK_JOB = 'stripe-sandbox-webhook';

/**
 * The Stripe sandbox (outside production, when no STRIPE_SECRET_KEY is set): its state (the kit's
 * store), its service, and its webhook deliveries (the kit's delivery job), POSTed to the product's
 * /webhooks/stripe signed with the webhook secret the product verifies. Null when the sandbox is not in use.
 */
export function createStripeSandboxModule({ env, db, jobs, localOrigin, paymentsSettings: settings }: Core) {
  if (!isSandboxAllowed(env) || settings.mode !== 'sandbox') return { stripeSandbox: null };
  const repo = createStripeSandboxRepository(db);
  const delivery = defineSandboxDelivery(jobs, repo, {
    job: STRIPE_SANDBOX_WEBHOOK_JOB,
    retryLimit: 8,
    retryDelaySeconds: 2,
    async sign(eventId) {
      const event = await repo.find(eventId, 'event');
      if (!event) return null;
      const body = JSON.stringify(event.data);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: settings.webhookSecret, timestamp: Math.floor(Date.now() / 1000) });
      return {
        url: new URL(webhookPath('stripe'), localOrigin.url()).toString(),
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body,
      };
    },
  });
  const service = createStripeSandboxService(repo, (event) => delivery.queue(event.id), { chargeDelayMs: env.STRIPE_SANDBOX_CHARGE_DELAY_MS });
  return { stripeSandbox: { service, repository: repo, settings, deliver: delivery.deliver } };
}

export type StripeSandboxModule = ReturnType<typeof createStripeSandboxModule>;

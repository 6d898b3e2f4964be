import Stripe from 'stripe';
import type { Core } from '../../../core';
import { isSandboxAllowed } from '../../../env';
import { webhookPath } from '../../../webhooks/webhooks.routes';
import { createStripeSandboxRepository } from './stripe-sandbox.repository';
import { createStripeSandboxService } from './stripe-sandbox.service';

/** The job that sends one sandbox event to the product's webhook route (retried like Stripe retries a failed delivery). */
export const STRIPE_SANDBOX_WEBHOOK_JOB = 'stripe-sandbox-webhook';
const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * The Stripe sandbox (outside production, when no STRIPE_SECRET_KEY is set): its state, its
 * service, and its webhook deliveries, each a job (kept in PostgreSQL, so a crash loses none),
 * POSTed to the product's /webhooks/stripe signed with the webhook secret the product verifies.
 * Null when the sandbox is not in use.
 */
export function createStripeSandboxModule({ env, db, jobs, localOrigin, paymentsSettings: settings }: Core) {
  if (!isSandboxAllowed(env) || settings.mode !== 'sandbox') return { stripeSandbox: null };
  const repo = createStripeSandboxRepository(db);
  const service = createStripeSandboxService(
    repo,
    async (event) => {
      await jobs.send(STRIPE_SANDBOX_WEBHOOK_JOB, { event_id: event.id });
    },
    { chargeDelayMs: env.STRIPE_SANDBOX_CHARGE_DELAY_MS },
  );

  async function deliver(eventId: string): Promise<void> {
    const event = await repo.find(eventId, 'event');
    if (!event) return;
    const url = new URL(webhookPath('stripe'), localOrigin.url()).toString();
    const payload = JSON.stringify(event.data);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: settings.webhookSecret, timestamp: Math.floor(Date.now() / 1000) });
    let status: number | null = null;
    let error: string | null = null;
    let response: unknown = null;
    try {
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
        body: payload,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      status = answer.status;
      const text = await answer.text();
      response = text.slice(0, 1000);
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
    }
    await repo.recordDelivery({ eventId, url, status, error, response });
    if (status === null || status < 200 || status >= 300) throw new Error(`Webhook ${eventId} to ${url}: ${error ?? `HTTP ${status}`}`);
  }

  jobs.define<{ event_id: string }>({
    name: STRIPE_SANDBOX_WEBHOOK_JOB,
    retryLimit: 8,
    retryDelaySeconds: 2,
    expireInSeconds: 60,
    run: async (data) => deliver(data.event_id),
  });

  return { stripeSandbox: { service, repository: repo, settings, deliver } };
}

export type StripeSandboxModule = ReturnType<typeof createStripeSandboxModule>;

import { createHmac } from 'node:crypto';
import { isProduction, type Env } from '../../env';
import type { PaymentsMode } from './payments.provider';

/** The path under which this API serves the Stripe sandbox's copy of Stripe's API (`/sandbox/stripe/v1/...`). */
export const STRIPE_SANDBOX_PREFIX = '/sandbox/stripe';

export type StripeSettings = {
  mode: PaymentsMode;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
};

/** What card payments answer in production without Stripe's keys (mode off). */
export const PAYMENTS_NOT_CONFIGURED = 'Card payments are not configured: set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET';

/** A key of this installation's sandbox: derived from APP_SECRET (made per data folder, never committed). */
function sandboxKey(env: Env, prefix: string, purpose: string): string {
  return `${prefix}${createHmac('sha256', env.APP_SECRET).update(`stripe-sandbox:${purpose}`).digest('base64url').replace(/[-_]/g, '').slice(0, 32)}`;
}

/**
 * Stripe's keys: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET when set
 * (live or test mode); otherwise, in production, off (PAYMENTS_NOT_CONFIGURED); elsewhere sandbox mode, with test keys and a webhook signing secret made for
 * this installation (STRIPE_WEBHOOK_SECRET, when set, is used as the sandbox's signing secret too).
 */
export function stripeSettings(env: Env): StripeSettings {
  if (env.STRIPE_SECRET_KEY) {
    return {
      mode: env.STRIPE_SECRET_KEY.includes('_live_') ? 'live' : 'test',
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
    };
  }
  // production serves no sandbox (the production rule): without Stripe's keys, card payments are off
  if (isProduction(env)) return { mode: 'off', secretKey: '', publishableKey: '', webhookSecret: '' };
  return {
    mode: 'sandbox',
    secretKey: sandboxKey(env, 'sk_test_', 'secret'),
    publishableKey: sandboxKey(env, 'pk_test_', 'publishable'),
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? sandboxKey(env, 'whsec_', 'webhook'),
  };
}

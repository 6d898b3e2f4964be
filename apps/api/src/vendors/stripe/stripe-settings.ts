import type { Env } from '../../env';
import { vendorSettings, type VendorState } from '../kit/vendor-settings';

/** The path under which this API serves the Stripe sandbox's copy of Stripe's API (`/sandbox/stripe/v1/...`). */
export const STRIPE_SANDBOX_PREFIX = '/sandbox/stripe';
/** Where the product's card form loads Stripe.js from in sandbox mode: the sandbox's stand-in (sandbox/stripe-js/stripe.js), in place of js.stripe.com. */
export const SANDBOX_STRIPE_JS_PATH = `${STRIPE_SANDBOX_PREFIX}/js/stripe.js`;

export type StripeSettings = VendorState & {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
};

/**
 * Stripe's keys (vendors/kit/vendor-settings.ts): STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and
 * STRIPE_WEBHOOK_SECRET when set (live or test mode, by the key); in production without them, off;
 * elsewhere the sandbox, with test keys and a webhook signing secret made for this installation
 * (STRIPE_WEBHOOK_SECRET, when set, is the sandbox's signing secret too).
 */
export function stripeSettings(env: Env): StripeSettings {
  return vendorSettings(env, {
    name: 'stripe',
    feature: 'Card payments',
    settings: ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'],
    live: () =>
      env.STRIPE_SECRET_KEY
        ? {
            mode: env.STRIPE_SECRET_KEY.includes('_live_') ? 'live' : 'test',
            secretKey: env.STRIPE_SECRET_KEY,
            publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
            webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
          }
        : null,
    sandbox: (secret) => ({
      secretKey: secret('secret', 'sk_test_'),
      publishableKey: secret('publishable', 'pk_test_'),
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? secret('webhook', 'whsec_'),
    }),
    off: { secretKey: '', publishableKey: '', webhookSecret: '' },
  });
}

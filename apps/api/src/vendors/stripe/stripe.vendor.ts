import type { VendorDeps } from '../kit/vendor-deps';
import type { PaymentsProvider } from '../payments/payments.provider';
import { createUnconfiguredPayments } from '../payments/unconfigured.provider';
import { stripeSettings } from './stripe-settings';
import { createStripePaymentsProvider } from './stripe.provider';

/**
 * Stripe in this product: its settings (live, test, sandbox or off), the card payments adapter on
 * them (or payments off, naming the missing settings), and its webhook verifier at /webhooks/stripe.
 * `override` puts a test's provider in place of the adapter.
 */
export function createStripeVendor({ env, localOrigin, vendorCalls, webhooks, warn }: VendorDeps, override?: PaymentsProvider) {
  const settings = stripeSettings(env);
  if (settings.unavailable) warn(`${settings.unavailable} (the Stripe sandbox is never served in production)`);
  const payments =
    override ?? (settings.unavailable ? createUnconfiguredPayments(settings.unavailable) : createStripePaymentsProvider(settings, localOrigin, vendorCalls));
  webhooks.verifier('stripe', ({ rawBody, headers }) => {
    const signature = headers['stripe-signature'];
    return { events: [payments.verifyWebhook(rawBody, typeof signature === 'string' ? signature : undefined)] };
  });
  return { paymentsSettings: settings, payments };
}

import { loadStripe, type Stripe } from '@stripe/stripe-js';
import type { PaymentsSetup } from '@crm/contract';

export const STRIPE_JS_LOAD_FAILED = 'The card form could not be loaded. Check your connection and reload the page.';

/** Puts a script on the page and waits for it (the sandbox's Stripe.js, which then stands where loadStripe looks: window.Stripe). */
function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(STRIPE_JS_LOAD_FAILED)));
    document.head.append(script);
  });
}

const stripeByKey = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js for the account's payments (GET /v1/accounts/info `payments`), loaded once per key and
 * source: Stripe's own from js.stripe.com (as Stripe requires), or in sandbox mode the sandbox's
 * stand-in (`stripe_js_url`) first. A failed load is tried again the next time it is asked for.
 */
export function stripeFor({ publishable_key: key, stripe_js_url: scriptUrl }: Pick<PaymentsSetup, 'publishable_key' | 'stripe_js_url'>): Promise<Stripe | null> {
  const id = `${scriptUrl ?? 'js.stripe.com'} ${key}`;
  let stripe = stripeByKey.get(id);
  if (!stripe) {
    stripe = (scriptUrl && !('Stripe' in window) ? loadScript(scriptUrl) : Promise.resolve()).then(() => loadStripe(key));
    stripe.catch(() => stripeByKey.delete(id));
    stripeByKey.set(id, stripe);
  }
  return stripe;
}

/**
 * The customer confirms a payment or a card with their bank (3-D Secure): Stripe.js's
 * handleNextAction shows the bank's page for the intent of `clientSecret`. Answers null when the
 * bank confirmed it, or the message to show (the bank's refusal, or Stripe.js not loading).
 */
export async function confirmWithBank(payments: Pick<PaymentsSetup, 'publishable_key' | 'stripe_js_url'>, clientSecret: string): Promise<string | null> {
  const stripe = await stripeFor(payments).catch(() => null);
  if (!stripe) return STRIPE_JS_LOAD_FAILED;
  const answered = await stripe.handleNextAction({ clientSecret });
  return answered.error ? (answered.error.message ?? 'Your bank did not confirm it.') : null;
}

import { useState } from 'react';
import type { PaymentsSetup } from '@crm/contract';
import { pollUntil } from '@crm/util';

/** What the customer's bank or the wait for the vendor said no with: the message to show. */
export class NotConfirmed extends Error {}

/** How long the page waits for the vendor's word that what the bank confirmed went through, and how often it asks. */
const VENDOR_WORD_WAIT = { timeoutMs: 60_000, everyMs: 1_000 };

const TEXTS = {
  payment: {
    asked: 'Confirm the payment with your bank in the window that opened.',
    confirmed: 'Your bank confirmed the payment. Finishing…',
    slow: 'Your bank confirmed the payment, but it is taking longer than usual to go through. Check your billing page in a minute.',
  },
  card: {
    asked: 'Confirm the card with your bank in the window that opened.',
    confirmed: 'Your bank confirmed the card. Saving it…',
    slow: 'Your bank confirmed the card, but saving it is taking longer than usual. Check this page again in a minute.',
  },
} as const;

/**
 * A payment or a card the customer's bank asks them to confirm (3-D Secure, an answer's
 * `requires_action`): the bank's page through Stripe.js (loaded only now), then a wait for the
 * vendor's word, since the product changes nothing before Stripe's webhook (`wentThrough` is asked
 * every second for a minute). `progress` says what is happening, for a status line; a refusal or a
 * wait that runs out throws NotConfirmed with the message to show.
 */
export function useBankConfirmation() {
  const [progress, setProgress] = useState<string | null>(null);
  const confirm = async (
    payments: Pick<PaymentsSetup, 'publishable_key' | 'stripe_js_url'>,
    clientSecret: string,
    what: keyof typeof TEXTS,
    wentThrough: () => Promise<boolean>,
  ): Promise<void> => {
    const texts = TEXTS[what];
    try {
      setProgress(texts.asked);
      const { confirmWithBank } = await import('./stripe-js');
      const refused = await confirmWithBank(payments, clientSecret);
      if (refused) throw new NotConfirmed(refused);
      setProgress(texts.confirmed);
      if (!(await pollUntil(wentThrough, VENDOR_WORD_WAIT))) throw new NotConfirmed(texts.slow);
    } finally {
      setProgress(null);
    }
  };
  return { progress, confirm };
}

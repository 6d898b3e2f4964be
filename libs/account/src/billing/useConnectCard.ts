import { ApiError, useApiClient } from '@crm/api-client';
import type { CardOnFile } from '@crm/contract';

/**
 * What putting a card on file came to: saved; declined (the message to show beside the card); or
 * waiting for the customer to authenticate with their bank (3-D Secure), for Stripe.js's
 * handleNextAction with `clientSecret`.
 */
export type ConnectOutcome = { kind: 'saved' } | { kind: 'declined'; message: string } | { kind: 'authenticate'; clientSecret: string };

/**
 * Puts a tokenised card on file (POST /v1/accounts/connect_card with the payment method id, never
 * the number). A refusal of the bank (422 on `card`) is an outcome; other failures are thrown.
 */
export function useConnectCard(): (paymentMethodId: string) => Promise<ConnectOutcome> {
  const client = useApiClient();
  return async (paymentMethodId) => {
    try {
      const answer = await client.call('connectCard', { body: { payment_method_id: paymentMethodId } });
      return answer.requires_action ? { kind: 'authenticate', clientSecret: answer.requires_action.client_secret } : { kind: 'saved' };
    } catch (error) {
      const fields = error instanceof ApiError && error.status === 422 ? error.fieldErrors() : {};
      const message = fields['card'] ?? fields['payment_method_id'];
      if (!message) throw error;
      return { kind: 'declined', message };
    }
  };
}

/** How long the page waits for the vendor's word that an authenticated card is saved, and how often it asks. */
const CARD_ON_FILE_WAIT_MS = 60_000;
const CARD_ON_FILE_POLL_MS = 1_000;

/**
 * After the bank confirmed a card, the product saves it when the vendor's webhook says so: this
 * asks the account (GET /v1/accounts/info) until the card on file is `card`, and answers whether
 * it came within the wait.
 */
export function useAwaitCardOnFile(): (card: CardOnFile) => Promise<boolean> {
  const client = useApiClient();
  return async (card) => {
    const until = Date.now() + CARD_ON_FILE_WAIT_MS;
    for (;;) {
      const { data } = await client.call('accountInfo');
      const onFile = data.payment_infos[0];
      if (onFile && onFile.brand === card.brand && onFile.last4 === card.last4 && onFile.exp_month === card.exp_month && onFile.exp_year === card.exp_year) return true;
      if (Date.now() >= until) return false;
      await new Promise((resolve) => setTimeout(resolve, CARD_ON_FILE_POLL_MS));
    }
  };
}

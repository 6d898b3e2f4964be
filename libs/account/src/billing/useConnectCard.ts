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

/** Whether the card on file (GET /v1/accounts/info) is `card`: what the page waits for once the bank confirmed a card. */
export function useIsCardOnFile(): (card: CardOnFile) => Promise<boolean> {
  const client = useApiClient();
  return async (card) => {
    const onFile = (await client.call('accountInfo')).data.payment_infos[0];
    return Boolean(onFile && onFile.brand === card.brand && onFile.last4 === card.last4 && onFile.exp_month === card.exp_month && onFile.exp_year === card.exp_year);
  };
}

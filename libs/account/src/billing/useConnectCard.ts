import { ApiError, useApiClient } from '@crm/api-client';

/**
 * Puts a tokenised card on file (POST /v1/accounts/connect_card with the payment method id, never
 * the number). Answers null when saved, or the message to show beside the card when the bank
 * declined it (422 on `card`); other failures are thrown. Both card forms (the sandbox's own and
 * Stripe Elements) use it.
 */
export function useConnectCard(): (paymentMethodId: string) => Promise<string | null> {
  const client = useApiClient();
  return async (paymentMethodId) => {
    try {
      await client.call('connectCard', { body: { payment_method_id: paymentMethodId } });
      return null;
    } catch (error) {
      const fields = error instanceof ApiError && error.status === 422 ? error.fieldErrors() : {};
      const message = fields['card'] ?? fields['payment_method_id'];
      if (!message) throw error;
      return message;
    }
  };
}

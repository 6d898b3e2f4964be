import { NotConfigured } from '../../lib/http-errors';
import { WebhookSignatureInvalid } from '../../webhooks/webhook-contract';
import type { PaymentsProvider } from './payments.provider';
import { PAYMENTS_NOT_CONFIGURED } from './stripe-settings';

/**
 * Card payments in production without Stripe's keys (mode off): no vendor call is made, each
 * answers NotConfigured (503, naming the settings), so nothing is saved or charged, and a saved
 * card stays as it was. Webhooks are refused: there is no secret to verify them with.
 */
export function createUnconfiguredPayments(): PaymentsProvider {
  const off = async (): Promise<never> => {
    throw new NotConfigured(PAYMENTS_NOT_CONFIGURED);
  };
  return {
    vendor: 'stripe',
    mode: 'off',
    publishableKey: '',
    tokenizeUrl: null,
    unavailable: PAYMENTS_NOT_CONFIGURED,
    createCustomer: off,
    saveCard: off,
    paymentMethod: off,
    detachCard: off,
    charge: off,
    refund: off,
    retrieve: off,
    verifyWebhook() {
      throw new WebhookSignatureInvalid(PAYMENTS_NOT_CONFIGURED);
    },
  };
}

import { NotConfigured } from '../../lib/http-errors';
import { WebhookSignatureInvalid } from '../../webhooks/webhook-contract';
import type { PaymentsProvider } from './payments.provider';

/**
 * Card payments in production without the vendor's keys (mode off): no vendor call is made, each
 * answers NotConfigured (503, `unavailable`: the settings to set), so nothing is saved or charged, and a saved
 * card stays as it was. Webhooks are refused: there is no secret to verify them with.
 */
export function createUnconfiguredPayments(unavailable: string): PaymentsProvider {
  const off = async (): Promise<never> => {
    throw new NotConfigured(unavailable);
  };
  return {
    vendor: 'stripe',
    mode: 'off',
    publishableKey: '',
    stripeJsUrl: null,
    unavailable,
    createCustomer: off,
    saveCard: off,
    makeDefaultCard: off,
    paymentMethod: off,
    detachCard: off,
    charge: off,
    refund: off,
    retrieve: off,
    readEvent: off,
    verifyWebhook() {
      throw new WebhookSignatureInvalid(unavailable);
    },
  };
}

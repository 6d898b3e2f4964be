import { NotConfigured } from '../../lib/http-errors';
import type { SmsProvider } from './sms.provider';

/**
 * Text messages in production without the vendor's credentials (mode off): no vendor call is made;
 * each answers NotConfigured (503, `unavailable` naming the settings). The webhook verifier refuses
 * every post (twilio.vendor.ts): there is no auth token to check a signature with.
 */
export function createUnconfiguredSms(unavailable: string): SmsProvider {
  const off = async (): Promise<never> => {
    throw new NotConfigured(unavailable);
  };
  return {
    vendor: 'twilio',
    mode: 'off',
    unavailable,
    sendMessage: off,
    searchNumbers: off,
    buyNumber: off,
    lookupLineType: off,
    readEvent: () => null,
  };
}

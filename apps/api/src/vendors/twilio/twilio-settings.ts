import { createHash } from 'node:crypto';
import type { Env } from '../../env';
import { vendorSettings, type VendorState } from '../kit/vendor-settings';

/** The path under which this API serves the Twilio sandbox's copy of Twilio's APIs (`/sandbox/twilio/2010-04-01/...`, `/sandbox/twilio/lookups/v2/...`). */
export const TWILIO_SANDBOX_PREFIX = '/sandbox/twilio';

export type TwilioSettings = VendorState & {
  accountSid: string;
  authToken: string;
  /** The Messaging Service (MG…) to send from when a send names no number; null when none is set. */
  messagingServiceSid: string | null;
};

/**
 * Twilio's credentials (vendors/kit/vendor-settings.ts): TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN
 * (and TWILIO_MESSAGING_SERVICE_SID) when set; in production without them, off; elsewhere the
 * sandbox, with an account SID (`AC` and 32 hexadecimal digits, Twilio's shape) and an auth token
 * made for this installation. The auth token authenticates the API calls and signs the webhooks.
 */
export function twilioSettings(env: Env): TwilioSettings {
  return vendorSettings<Omit<TwilioSettings, keyof VendorState>>(env, {
    name: 'twilio',
    feature: 'Text messages',
    settings: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN'],
    live: () =>
      env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN
        ? { mode: 'live', accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID ?? null }
        : null,
    sandbox: (secret) => ({
      accountSid: `AC${createHash('sha256').update(secret('account')).digest('hex').slice(0, 32)}`,
      authToken: createHash('sha256').update(secret('auth-token')).digest('hex').slice(0, 32),
      messagingServiceSid: null,
    }),
    off: { accountSid: '', authToken: '', messagingServiceSid: null },
  });
}

import twilio from 'twilio';
import { WebhookEventMalformed, WebhookSignatureInvalid, type WebhookVerifier } from '../../webhooks/webhook-contract';
import type { VendorDeps } from '../kit/vendor-deps';
import type { SmsProvider } from '../sms/sms.provider';
import { createUnconfiguredSms } from '../sms/unconfigured.provider';
import { twilioSettings, type TwilioSettings } from './twilio-settings';
import { createTwilioSmsProvider, TWILIO_EVENT } from './twilio.provider';

/** What /webhooks/twilio answers at once: empty TwiML (no reply text; the keyword replies are the SMS module's). */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/**
 * Twilio's webhooks (inbound messages and status callbacks), as the kit's one inbound path verifies
 * them: X-Twilio-Signature checked with the SDK's `validateRequest` on the configured public URL and
 * the form fields (missing or wrong: 403, as Twilio's documentation answers a forged request), and
 * the AccountSid must be the configured account's. The event id is the MessageSid for an inbound
 * message, and MessageSid:MessageStatus for a status callback (Twilio sends one per status; a repeat
 * is the same event). Answered with empty TwiML.
 */
export function twilioWebhookVerifier(settings: Pick<TwilioSettings, 'accountSid' | 'authToken' | 'unavailable'>): WebhookVerifier {
  return ({ headers, url, form }) => {
    if (settings.unavailable) throw new WebhookSignatureInvalid(settings.unavailable, 403);
    const signature = headers['x-twilio-signature'];
    if (typeof signature !== 'string' || !signature) throw new WebhookSignatureInvalid('No X-Twilio-Signature header', 403);
    if (!form) throw new WebhookSignatureInvalid('Not a form post', 403);
    if (!twilio.validateRequest(settings.authToken, signature, url, form)) throw new WebhookSignatureInvalid('X-Twilio-Signature does not match', 403);
    if (form.AccountSid !== settings.accountSid) throw new WebhookSignatureInvalid('AccountSid is not the configured account', 403);
    const messageSid = form.MessageSid ?? form.SmsSid;
    if (!messageSid) throw new WebhookEventMalformed('No MessageSid');
    const created = Math.floor(Date.now() / 1000);
    const event = form.MessageStatus
      ? { id: `${messageSid}:${form.MessageStatus}`, type: TWILIO_EVENT.status, created, payload: form }
      : { id: messageSid, type: TWILIO_EVENT.received, created, payload: form };
    return { events: [event], reply: { contentType: 'text/xml', body: EMPTY_TWIML } };
  };
}

/**
 * Twilio in this product: its settings (live, sandbox or off), the text-message adapter on them (or
 * texts off, naming the missing settings), and its webhook verifier at /webhooks/twilio.
 * `override` puts a test's provider in place of the adapter.
 */
export function createTwilioVendor({ env, localOrigin, vendorCalls, webhooks, warn }: VendorDeps, override?: SmsProvider) {
  const settings = twilioSettings(env);
  if (settings.unavailable) warn(`${settings.unavailable} (the Twilio sandbox is never served in production)`);
  const sms = override ?? (settings.unavailable ? createUnconfiguredSms(settings.unavailable) : createTwilioSmsProvider(settings, localOrigin, vendorCalls));
  webhooks.verifier('twilio', twilioWebhookVerifier(settings));
  return { smsSettings: settings, sms };
}

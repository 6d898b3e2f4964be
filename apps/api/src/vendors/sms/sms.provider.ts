import type { VerifiedEvent } from '../../webhooks/webhook-contract';
import type { VendorMode } from '../kit/vendor-settings';

/**
 * Text messages (DESIGN.md §1 "Vendors"): one adapter on the vendor's SDK (twilio.provider.ts),
 * pointed at the local Twilio sandbox when no TWILIO_ACCOUNT_SID is configured. The product speaks
 * only these types; Twilio's names stay in the adapter.
 */

/** What a vendor call carries for the call log. */
export type CallContext = { correlationId?: string | null };

/** A message's state as the carrier reports it (Twilio's MessageStatus values the product reads). */
export type SmsStatus = 'accepted' | 'queued' | 'sending' | 'sent' | 'delivered' | 'undelivered' | 'failed' | 'received' | 'receiving' | 'canceled' | 'scheduled' | 'read';

export type SendSmsRequest = {
  /** An E.164 number of the account, or a Messaging Service SID (MG…). */
  from: string;
  to: string;
  body: string;
  /** Public URLs the carrier fetches for an MMS. */
  mediaUrls?: string[];
  /** Where the vendor posts the message's status changes (the product's /webhooks/twilio). */
  statusCallback: string;
};
export type SentSms = { id: string; status: SmsStatus; segments: number };

export type AvailableNumber = { phoneNumber: string; friendlyName: string; locality: string | null; region: string | null; postalCode: string | null; sms: boolean; mms: boolean; voice: boolean };
export type OwnedNumber = { id: string; phoneNumber: string; smsUrl: string | null; statusCallback: string | null };

/** What a number is, by its carrier's records (Lookup's line type). */
export type LineType = 'mobile' | 'landline' | 'voip' | 'unknown';

/** The product's events of text messages (from the vendor's inbound and status webhooks). */
export type SmsEvent =
  | {
      kind: 'sms.received';
      messageId: string;
      from: string;
      to: string;
      body: string;
      media: { url: string; contentType: string | null }[];
      /** The vendor account that received it (checked against the configured one by the verifier). */
      accountId: string;
      /** The Messaging Service whose pool the number is in, when it is. */
      messagingServiceId: string | null;
      /** The vendor's own reading of a keyword (Advanced Opt-Out): STOP, START or HELP. */
      optOutType: 'STOP' | 'START' | 'HELP' | null;
    }
  | { kind: 'sms.status'; messageId: string; status: SmsStatus; errorCode: number | null };

export type SmsProvider = {
  vendor: string;
  mode: VendorMode;
  /** Why texts cannot be sent (mode off, naming the settings), or null. */
  unavailable: string | null;
  sendMessage(request: SendSmsRequest, context?: CallContext): Promise<SentSms>;
  searchNumbers(query: { areaCode?: string; contains?: string }, context?: CallContext): Promise<AvailableNumber[]>;
  buyNumber(request: { phoneNumber: string; smsUrl: string; statusCallback: string }, context?: CallContext): Promise<OwnedNumber>;
  lookupLineType(number: string, context?: CallContext): Promise<LineType>;
  /** A verified webhook event of the vendor in the product's words; null when it means nothing to the product. */
  readEvent(event: Pick<VerifiedEvent, 'type' | 'payload'>): SmsEvent | null;
};

/**
 * A refusal of the vendor, with its own error code (Twilio's: 21211, 21610, 21614, …) and the HTTP
 * status it answered (the vendor's, not the product's answer: the SMS module says what the user is told).
 */
export class SmsRequestRefused extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly vendorStatus: number,
  ) {
    super(message);
    this.name = 'SmsRequestRefused';
  }
}
/** The number is not a valid phone number (Twilio 21211). */
export class SmsInvalidNumber extends SmsRequestRefused {
  override name = 'SmsInvalidNumber';
}
/** The recipient replied STOP to this sender: the vendor refuses to send to them (Twilio 21610). */
export class SmsRecipientOptedOut extends SmsRequestRefused {
  override name = 'SmsRecipientOptedOut';
}
/** The number cannot receive text messages (a landline; Twilio 21614). */
export class SmsNotCapable extends SmsRequestRefused {
  override name = 'SmsNotCapable';
}

/** The vendor's error code in the product's class. */
export function smsRefusal(message: string, code: number, vendorStatus: number): SmsRequestRefused {
  if (code === 21211) return new SmsInvalidNumber(message, code, vendorStatus);
  if (code === 21610) return new SmsRecipientOptedOut(message, code, vendorStatus);
  if (code === 21614) return new SmsNotCapable(message, code, vendorStatus);
  return new SmsRequestRefused(message, code, vendorStatus);
}

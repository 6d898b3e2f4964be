/**
 * Twilio's magic test numbers (Twilio's "Test credentials" documentation), answered by the sandbox
 * as Twilio answers them, and the sandbox's own numbers for a failure after acceptance.
 */
export type TwilioRefusal = { status: number; code: number; message: string };

const refusal = (code: number, message: string, status = 400): TwilioRefusal => ({ status, code, message });

/** A send to these `To` numbers is refused at once. */
export const MAGIC_TO: Readonly<Record<string, TwilioRefusal>> = {
  '+15005550001': refusal(21211, "The 'To' number +15005550001 is not a valid phone number."),
  '+15005550002': refusal(21612, "The 'To' phone number: +15005550002, is not currently reachable using the 'From' phone number via SMS."),
  '+15005550003': refusal(21408, "Permission to send an SMS has not been enabled for the region indicated by the 'To' number: +15005550003."),
  '+15005550004': refusal(21610, 'Attempt to send to unsubscribed recipient'),
  '+15005550009': refusal(21614, "'To' number +15005550009 is not a valid mobile number"),
};

/** A send from these `From` numbers is refused at once; +15005550006 is Twilio's valid test sender. */
export const MAGIC_FROM: Readonly<Record<string, TwilioRefusal>> = {
  '+15005550001': refusal(21212, "The 'From' number +15005550001 is not a valid phone number, shortcode, or alphanumeric sender ID."),
  '+15005550007': refusal(21606, 'The From phone number +15005550007 is not a valid, SMS-capable inbound phone number or short code for your account.'),
  '+15005550008': refusal(21611, "This 'From' number has exceeded the maximum number of queued messages"),
};
export const VALID_TEST_FROM = '+15005550006';

/** The sandbox's own: accepted, then the carrier's failure (a status callback with its ErrorCode). */
export const FAILS_LATER: Readonly<Record<string, { status: 'undelivered' | 'failed'; errorCode: number }>> = {
  '+15005550010': { status: 'undelivered', errorCode: 30003 },
  '+15005550011': { status: 'failed', errorCode: 30008 },
};

/** Buying these numbers is refused (Twilio's IncomingPhoneNumbers test numbers). */
export const MAGIC_BUY: Readonly<Record<string, TwilioRefusal>> = {
  '+15005550000': refusal(21422, 'PhoneNumber +15005550000 is not available.'),
  '+15005550001': refusal(21421, 'PhoneNumber +15005550001 is invalid.'),
};

/**
 * Lookup's line type, deterministic from the number: the magic landline (+15005550009, which
 * cannot take texts), then by the last digit: 0–5 mobile, 6–7 landline, 8 non-fixed VoIP, 9 fixed VoIP.
 */
export function lineTypeOfNumber(number: string): 'mobile' | 'landline' | 'nonFixedVoip' | 'fixedVoip' {
  if (number === '+15005550009') return 'landline';
  const last = Number(number.at(-1));
  if (last <= 5) return 'mobile';
  if (last <= 7) return 'landline';
  return last === 8 ? 'nonFixedVoip' : 'fixedVoip';
}

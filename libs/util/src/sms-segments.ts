/**
 * How a text message is split for sending (3GPP TS 23.038, as Twilio counts it): GSM-7 when every
 * character is in the GSM 03.38 alphabet (its extension table's characters count two), else UCS-2
 * (UTF-16 code units). One segment holds 160 GSM-7 characters or 70 UCS-2 units; a longer message
 * is sent in parts of 153 or 67 (each part carries a header). Shared by the composer's counter, the
 * product's usage records and the Twilio sandbox.
 */
export type SmsEncoding = 'GSM-7' | 'UCS-2';
export type SmsSegments = { encoding: SmsEncoding; /** GSM-7 septets or UCS-2 code units. */ units: number; segments: number };

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '\f^{}\\[~]|€';
const BASIC = new Set(GSM_BASIC);
const EXTENSION = new Set(GSM_EXTENSION);

/** The encoding a body is sent in, its length in that encoding, and the number of segments (at least one). */
export function smsSegments(body: string): SmsSegments {
  let septets = 0;
  for (const char of body) {
    if (BASIC.has(char)) septets += 1;
    else if (EXTENSION.has(char)) septets += 2;
    else {
      const units = body.length;
      return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
    }
  }
  return { encoding: 'GSM-7', units: septets, segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}

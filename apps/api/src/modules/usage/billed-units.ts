/**
 * The billing rules of metered usage, in one place: how a vendor's call or message becomes units
 * of the usage ledger (the dialer's minutes, SMS segments), as the carrier bills them.
 */

/** A call's billed minutes: its seconds rounded up to whole minutes, per call (as Twilio bills); a call of 0 seconds is 0. */
export function callMinutes(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds < 0) throw new Error(`A call lasts a number of seconds ≥ 0 (got ${seconds})`);
  return Math.ceil(Math.floor(seconds) / 60);
}

/** The GSM 03.38 basic character set: one septet each. */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
/** Its extension table: two septets each (an escape, then the character). */
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

/**
 * A message's segments as carriers count them: text that fits GSM-7 is 160 septets in one segment,
 * 153 in each of several (the rest is the concatenation header; an extension character such as €
 * takes two septets); any other character makes the whole message UCS-2: 70 UTF-16 units in one
 * segment, 67 in each of several. An empty message is one segment.
 */
export function smsSegments(body: string): number {
  let septets = 0;
  for (const char of body) {
    if (GSM_BASIC.has(char)) septets += 1;
    else if (GSM_EXTENDED.has(char)) septets += 2;
    else return body.length <= 70 ? 1 : Math.ceil(body.length / 67);
  }
  return septets <= 160 ? 1 : Math.ceil(septets / 153);
}

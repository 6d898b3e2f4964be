// ---------------------------------------------------------------------------------------------
// The product's one rule for an e-mail address: what mail systems accept (issue 12). The contract
// takes no dependency but zod, so the rule is written here, from the RFCs, and everything that
// checks an address (the contract's `email` schema, the import, the brand configuration, the e-mail
// verifier) calls it.
// ---------------------------------------------------------------------------------------------

/**
 * A dot-atom's characters (RFC 5322 atext, which has the apostrophe and the plus sign), plus any
 * character outside ASCII (RFC 6531/6532 UTF8-non-ascii) that is not a space, a control or an
 * invisible formatting character: those cannot be typed into an address on purpose.
 */
const ATOM = /^(?:[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]|[^\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Z}\p{ASCII}])+$/u;
/** A quoted local part (RFC 5321 Quoted-string): printable ASCII but `"` and `\` as they are, any printable character after `\`, and non-ASCII as above. */
const QUOTED = /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e]|[^\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Z}\p{ASCII}])+"$/u;
/**
 * A domain label: letters, digits and inner hyphens (RFC 1035 as RFC 1123 relaxed it), where an
 * internationalised label (RFC 5890 U-label) has letters, marks and digits of any script.
 */
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?$/u;
const ASCII = /^\p{ASCII}*$/u;

/** Limits of RFC 5321 §4.5.3.1, in octets (UTF-8 for internationalised addresses, RFC 6531 §3.3). */
const LOCAL_MAX = 64;
const DOMAIN_MAX = 253;
const LABEL_MAX = 63;
const ADDRESS_MAX = 254;

const octets = (text: string) => new TextEncoder().encode(text).length;

/**
 * The domain as DNS knows it: an internationalised domain in its ASCII form (xn--…), by the
 * WHATWG URL parser of the browser or Node (UTS #46, the mapping browsers and mail clients use);
 * null when that parser refuses it.
 */
export function asciiDomain(domain: string): string | null {
  if (ASCII.test(domain)) return domain.toLowerCase();
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return null;
  }
}

/**
 * Whether a text can be an e-mail address (no spaces around it; callers trim). Accepts what mail
 * systems accept: RFC 5321/5322 local parts (o'brien@…, a+b@…, "john doe"@…) and internationalised
 * addresses (RFC 6531: josé.smith@exämple.com, 用户@例子.广告). Refuses what cannot be one: no @,
 * spaces or a second @ outside quotes, empty labels or dots at either end, a domain without a dot
 * (a name on the sender's own network, never a lead's address), an all-digit top-level label or
 * an address literal ([192.0.2.1]; no lead list has one, and they are not delivered across the
 * Internet), and parts longer than SMTP allows.
 */
export function isEmailAddress(text: string): boolean {
  const at = text.lastIndexOf('@');
  if (at <= 0 || at === text.length - 1) return false;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (octets(text) > ADDRESS_MAX || octets(local) > LOCAL_MAX) return false;
  const localOk = local.startsWith('"') ? QUOTED.test(local) : local.split('.').every((atom) => ATOM.test(atom));
  if (!localOk) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return false;
  if (/^\d+$/.test(labels.at(-1) as string)) return false;
  const dns = asciiDomain(domain);
  return dns !== null && dns.length <= DOMAIN_MAX && dns.split('.').every((label) => label.length > 0 && label.length <= LABEL_MAX);
}

import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** An id in a vendor's shape: its prefix, then `length` random letters and digits (Stripe: `pi_` and 24). */
export function sandboxId(prefix: string, length = 24): string {
  return `${prefix}${[...randomBytes(length)].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

/** An id of lowercase hexadecimal digits after its prefix (Twilio's SIDs: `SM` and 32). */
export function sandboxHexId(prefix: string, length = 32): string {
  return `${prefix}${randomBytes(Math.ceil(length / 2)).toString('hex').slice(0, length)}`;
}

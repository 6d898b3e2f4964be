import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, normalizeRecoveryCode } from '@crm/contract';
import { digest } from '../../lib/crypto';

/** Letters and digits that are hard to mistake for one another (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code as shown: two groups of five (about 50 random bits), e.g. "k7m2p-x9qrt". */
function recoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A fresh set of recovery codes (RECOVERY_CODE_COUNT, all different). */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(recoveryCode());
  return [...codes];
}

/** What is stored of a user's recovery code: the digest of the user and the code as normalised (any case, with or without its hyphen). */
export function recoveryCodeDigest(userId: number, code: string): string {
  return digest(`recovery:${userId}:${normalizeRecoveryCode(code)}`);
}

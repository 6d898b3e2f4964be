import argon2 from 'argon2';
import { normalizePassword } from '@crm/password-rule';

/** argon2id with the library's recommended cost (m=64 MiB, t=3, p=4), of the password's NFKC form. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(normalizePassword(password), { type: argon2.argon2id });
}

const DUMMY_HASH = hashPassword('timing-equaliser-password-1');

/**
 * Whether `password` is the one behind `hash`. Passwords are hashed in their NFKC form (so a
 * password typed with full-width letters or a ligature signs in like its plain form); hashes made
 * before that were of the raw text, so when the NFKC form does not match and differs from what was
 * typed, the raw text is tried too. Existing users are not locked out; their next change stores
 * the NFKC form.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  // An unknown account still pays for one verification, so timing does not reveal which e-mails exist.
  const normalized = normalizePassword(password);
  if (!hash) {
    // As many verifications as a known account with a wrong password costs.
    await argon2.verify(await DUMMY_HASH, normalized).catch(() => false);
    if (normalized !== password) await argon2.verify(await DUMMY_HASH, password).catch(() => false);
    return false;
  }
  if (await argon2.verify(hash, normalized).catch(() => false)) return true;
  return normalized !== password && argon2.verify(hash, password).catch(() => false);
}

import { availableParallelism } from 'node:os';
import argon2 from 'argon2';
import pLimit from 'p-limit';
import { normalizePassword } from '@crm/password-rule';

/**
 * argon2id at OWASP's first recommended setting (Password Storage Cheat Sheet: m=19 MiB, t=2,
 * p=1): a verification takes about an eighth of the library's default (m=64 MiB, t=3, p=4) —
 * 97 ms against 817 ms measured on this project's 2-core machine under load. Hashes made with the
 * earlier setting still verify (a hash names its own parameters).
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Every hash and verification waits its turn here, at most one per core at a time: twenty people
 * signing in at once queue for the cores instead of taking every core (and the thread pool that
 * file and DNS work share) from everyone else's requests.
 */
const hashing = pLimit(Math.max(1, availableParallelism()));

/** How many hashes run now and how many wait (for tests and diagnostics). */
export const hashingLoad = () => ({ active: hashing.activeCount, waiting: hashing.pendingCount, limit: hashing.concurrency });

const verify = (hash: string, password: string) => hashing(() => argon2.verify(hash, password)).catch(() => false);

/** The password's NFKC form, hashed with ARGON2_OPTIONS. */
export function hashPassword(password: string): Promise<string> {
  return hashing(() => argon2.hash(normalizePassword(password), ARGON2_OPTIONS));
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
    await verify(await DUMMY_HASH, normalized);
    if (normalized !== password) await verify(await DUMMY_HASH, password);
    return false;
  }
  if (await verify(hash, normalized)) return true;
  return normalized !== password && verify(hash, password);
}

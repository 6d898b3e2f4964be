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
 * Every hash and verification waits its turn here: one at a time on a machine of two cores or more
 * (one per core less one), so that twenty people signing in at once queue for a core instead of
 * taking every core — and the thread pool that file and DNS work share — from everyone else.
 */
const hashing = pLimit(Math.max(1, availableParallelism() - 1));

/**
 * The share of its core a hashing turn may use: after a hash of t ms its turn rests t × (1 / share −
 * 1) ms before the next may start (the answer is not held: only the next hash waits). At 0.2 a
 * storm of sign-ins takes at most a fifth of a core; the signed-in users' requests keep the rest
 * (npm run bench:signin-storm: users/me kept 67–73 % of its throughput at 0.2 and 51–59 % at
 * 0.25, once it answered from memory at 23,000 req/s; 20 people signing in at once wait 2.3–2.5 s).
 */
const HASHING_SHARE = 0.2;

/** `work` in a hashing turn: its answer as soon as it has one, the turn kept through its rest. */
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    void hashing(async () => {
      const started = performance.now();
      await work().then(resolve, reject);
      const rest = (performance.now() - started) * (1 / HASHING_SHARE - 1);
      await new Promise((done) => setTimeout(done, rest));
    });
  });
}

/** How many hashes run now and how many wait (for tests and diagnostics). */
export const hashingLoad = () => ({ active: hashing.activeCount, waiting: hashing.pendingCount, limit: hashing.concurrency });

const verify = (hash: string, password: string) => inTurn(() => argon2.verify(hash, password)).catch(() => false);

/** The password's NFKC form, hashed with ARGON2_OPTIONS. */
export function hashPassword(password: string): Promise<string> {
  return inTurn(() => argon2.hash(normalizePassword(password), ARGON2_OPTIONS));
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

import argon2 from 'argon2';

/** argon2id with the library's recommended cost (m=64 MiB, t=3, p=4). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

const DUMMY_HASH = hashPassword('timing-equaliser-password-1');

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  // An unknown account still pays for one verification, so timing does not reveal which e-mails exist.
  if (!hash) {
    await argon2.verify(await DUMMY_HASH, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}

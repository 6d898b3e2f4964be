import { decrypt, encrypt } from '../../lib/crypto';

/** TOTP secrets are kept encrypted with the app secret. */
export function createSecretBox(appSecret: string) {
  return {
    seal: (plain: string) => encrypt(plain, appSecret),
    open: (sealed: string) => decrypt(sealed, appSecret),
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;

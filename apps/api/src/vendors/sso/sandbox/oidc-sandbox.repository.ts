import type { JWK } from 'jose';
import type { Database } from '../../../db/database';
import { sandboxId } from '../../kit/sandbox/ids';
import { createSandboxStore, type SandboxObject } from '../../kit/sandbox/sandbox.repository';

/** The sandbox issuer's name in the sandbox kit's store. */
export const OIDC_SANDBOX_VENDOR = 'oidc';

/** How long an authorization code may be exchanged (a real issuer's: a minute or so). */
const CODE_SECONDS = 60;
/** The one signing key of the sandbox issuer (its `kid` in the JWKS). */
const SIGNING_KEY_ID = 'sandbox';

/** What the issuer granted at its authorize page, to be exchanged once at its token endpoint. */
export type CodeGrant = { email: string; nonce: string; redirect_uri: string; code_challenge: string; client_id: string; auth_time: number };

type StoredCode = SandboxObject & CodeGrant & { object: 'authorization_code'; expires_at: number; redeemed: boolean };

/** The issuer's key pair as JWKs: the public one in the key object, the private one only in what the store keeps hidden. */
export type SigningKey = { kid: string; publicJwk: JWK; privateJwk: JWK };

/**
 * The sandbox OpenID Connect issuer's state, in the sandbox kit's store (vendor `oidc`): its
 * signing key, made once and shared by every API process (each one's JWKS verifies the ID tokens
 * of any other), and its authorization codes, each exchanged at most once and within a minute, as
 * a real issuer's.
 */
export function createOidcSandboxRepository(db: Database) {
  const store = createSandboxStore(db, OIDC_SANDBOX_VENDOR, (object) => (typeof object.client_id === 'string' ? object.client_id : null));
  return {
    /** The issuer's signing key: the one kept, or the one `make` gives when none is kept yet. */
    async signingKey(make: () => Promise<{ publicJwk: JWK; privateJwk: JWK }>): Promise<SigningKey> {
      let kept = await store.find(SIGNING_KEY_ID, 'signing_key');
      if (!kept) {
        const { publicJwk, privateJwk } = await make();
        // two processes may make one at once: the first kept is every one's
        kept = await store.insertOnce({ id: SIGNING_KEY_ID, object: 'signing_key', jwk: publicJwk }, { jwk: privateJwk });
      }
      return { kid: kept.data.id, publicJwk: kept.data.jwk as JWK, privateJwk: (kept.hidden as { jwk: JWK }).jwk };
    },

    /** A new authorization code for a grant. */
    async issueCode(grant: CodeGrant): Promise<string> {
      const code: StoredCode = { ...grant, id: sandboxId('code_', 32), object: 'authorization_code', expires_at: Date.now() + CODE_SECONDS * 1000, redeemed: false };
      await store.insert(code);
      return code.id;
    },

    /** The grant of a code, once (its row locked, so two exchanges at once give it to one); null when unknown, expired or exchanged before. */
    async redeemCode(code: string): Promise<CodeGrant | null> {
      return store.locked(code, 'authorization_code', async (found, tx) => {
        const stored = found?.data as StoredCode | undefined;
        if (!stored || stored.redeemed || stored.expires_at <= Date.now()) return null;
        await tx.save({ ...stored, redeemed: true });
        const { email, nonce, redirect_uri, code_challenge, client_id, auth_time } = stored;
        return { email, nonce, redirect_uri, code_challenge, client_id, auth_time };
      });
    },
  };
}

export type OidcSandboxRepository = ReturnType<typeof createOidcSandboxRepository>;

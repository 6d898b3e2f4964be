import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../app';
import { createContext } from '../../../context';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { SANDBOX_ISSUER_PATH, ssoClientSecret } from '../sso.provider';
import { createOidcSandboxRepository } from './oidc-sandbox.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const REDIRECT_URI = 'http://localhost:3000/api/auth/callback';
const VERIFIER = 'sandbox-issuer-test-code-verifier-of-43-characters';
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');
const form = (fields: Record<string, string>) => ({ payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

/** The developer says who they are at the issuer's authorize page: the code the browser is sent back with. */
async function codeFor(app: FastifyInstance, email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `${SANDBOX_ISSUER_PATH}/authorize`,
    ...form({ client_id: t.env.OIDC_CLIENT_ID, redirect_uri: REDIRECT_URI, state: 'st', nonce: 'n-1', code_challenge: CHALLENGE, email }),
  });
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location as string).searchParams.get('code') as string;
}

/** The product's exchange of a code at the token endpoint (client_secret_post, PKCE). */
const exchange = (app: FastifyInstance, code: string, fields: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: `${SANDBOX_ISSUER_PATH}/token`,
    ...form({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: VERIFIER, client_id: t.env.OIDC_CLIENT_ID, client_secret: ssoClientSecret(t.env), ...fields }),
  });

const jwksOf = async (app: FastifyInstance) => (await app.inject({ method: 'GET', url: `${SANDBOX_ISSUER_PATH}/jwks` })).json() as JSONWebKeySet;

describe('the sandbox OpenID Connect issuer keeps its state in the sandbox kit', () => {
  it('two processes making the signing key at once keep one, the first made', async () => {
    const make = async () => {
      const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
      return { publicJwk: await exportJWK(publicKey), privateJwk: await exportJWK(privateKey) };
    };
    const [one, other] = await Promise.all([createOidcSandboxRepository(t.ctx.db).signingKey(make), createOidcSandboxRepository(t.ctx.db).signingKey(make)]);
    expect(other).toEqual(one);
    expect(one.privateJwk).toHaveProperty('d');
    expect(one.publicJwk).not.toHaveProperty('d');
    expect((await jwksOf(t.app)).keys).toEqual([{ ...one.publicJwk, kid: one.kid, use: 'sig', alg: 'ES256' }]);
  });

  it('exchanges a code once, for an ID token that its keys verify', async () => {
    const code = await codeFor(t.app, 'ann@example.com');
    const first = await exchange(t.app, code);
    expect(first.statusCode, first.body).toBe(200);
    const { payload } = await jwtVerify(first.json().id_token, createLocalJWKSet(await jwksOf(t.app)), {
      issuer: new URL(SANDBOX_ISSUER_PATH, t.env.PUBLIC_URL).toString(),
      audience: t.env.OIDC_CLIENT_ID,
    });
    expect(payload).toMatchObject({ email: 'ann@example.com', email_verified: true, nonce: 'n-1', sub: 'ann@example.com' });
    const again = await exchange(t.app, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'invalid_grant' });
  });

  it('refuses an unknown code, a code past its minute, and a code with the wrong verifier (which spends it)', async () => {
    expect((await exchange(t.app, 'code_nothing')).json()).toEqual({ error: 'invalid_grant' });

    const late = await codeFor(t.app, 'ann@example.com');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    try {
      expect((await exchange(t.app, late)).json()).toEqual({ error: 'invalid_grant' });
    } finally {
      vi.useRealTimers();
    }

    const guessed = await codeFor(t.app, 'ann@example.com');
    expect((await exchange(t.app, guessed, { code_verifier: 'not-the-verifier-the-product-made-for-this-one' })).statusCode).toBe(400);
    expect((await exchange(t.app, guessed)).statusCode).toBe(400);
  });

  it("every API process is one issuer: another process's JWKS is the same, and it exchanges this one's codes", async () => {
    const other = await buildApp(createContext(t.env, t.ctx.db), { logger: false, serveWeb: false });
    try {
      await other.ready();
      expect(await jwksOf(other)).toEqual(await jwksOf(t.app));
      const answer = await exchange(other, await codeFor(t.app, 'bo@example.com'));
      expect(answer.statusCode, answer.body).toBe(200);
      const { payload } = await jwtVerify(answer.json().id_token, createLocalJWKSet(await jwksOf(t.app)));
      expect(payload.email).toBe('bo@example.com');
    } finally {
      await other.close();
    }
  });
});

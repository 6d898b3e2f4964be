import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { exportJWK, generateKeyPair, importJWK, SignJWT } from 'jose';
import type { AppContext } from '../../../context';
import { safeEqual, sign } from '../../../lib/crypto';
import { SANDBOX_ISSUER_PATH, ssoClientSecret } from '../sso.provider';
import { createOidcSandboxRepository, type OidcSandboxRepository } from './oidc-sandbox.repository';

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** A new ES256 key pair as JWKs. */
async function makeKeyPair() {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { publicJwk: await exportJWK(publicKey), privateJwk: await exportJWK(privateKey) };
}

/** The issuer's signing key (made once for every process): its id, its public JWK for the JWKS, and the private key that signs. */
async function signingKeyOf(repo: OidcSandboxRepository) {
  const { kid, publicJwk, privateJwk } = await repo.signingKey(makeKeyPair);
  return { kid, jwk: { ...publicJwk, kid, use: 'sig', alg: 'ES256' }, privateKey: await importJWK(privateJwk, 'ES256') };
}

/**
 * A sandbox OpenID Connect issuer for development and tests: discovery, an authorize page where
 * the developer says who they are, a token endpoint that checks the client secret and PKCE, and
 * signed ID tokens. It behaves like a company identity provider from the user's side. Its state
 * (the signing key every process shares, the authorization codes, each exchanged once) is in the
 * sandbox kit's store (oidc-sandbox.repository.ts).
 */
export async function registerSandboxOidcRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { env } = ctx;
  const issuer = new URL(SANDBOX_ISSUER_PATH, env.PUBLIC_URL).toString();
  const repo = createOidcSandboxRepository(ctx.db);
  const clientSecret = ssoClientSecret(env);
  // read (or made) on first use, not while the app is built; asked again after a failure
  let signing: ReturnType<typeof signingKeyOf> | undefined;
  const signingKey = () => {
    signing ??= signingKeyOf(repo).catch((error: unknown) => {
      signing = undefined;
      throw error;
    });
    return signing;
  };

  app.get(`${SANDBOX_ISSUER_PATH}/.well-known/openid-configuration`, async () => ({
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['ES256'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    scopes_supported: ['openid', 'email', 'profile'],
  }));

  app.get(`${SANDBOX_ISSUER_PATH}/jwks`, async () => ({ keys: [(await signingKey()).jwk] }));

  app.get(`${SANDBOX_ISSUER_PATH}/authorize`, async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const hidden = ['client_id', 'redirect_uri', 'state', 'nonce', 'code_challenge']
      .map((name) => `<input type="hidden" name="${name}" value="${escape(query[name] ?? '')}">`)
      .join('');
    return reply.type('text/html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox identity provider</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#1f2937}label{display:block;margin:1rem 0 .25rem}input[type=email]{width:100%;padding:.5rem;font-size:1rem}button{margin-top:1rem;padding:.5rem 1rem;font-size:1rem;background:#1d4ed8;color:#fff;border:0;border-radius:.25rem}</style>
</head><body><main><h1>Sandbox identity provider</h1>
<p>This stands in for your company's single sign-on provider in development. Sign in as:</p>
<form method="post" action="${SANDBOX_ISSUER_PATH}/authorize">${hidden}
<label for="email">Work e-mail</label><input id="email" name="email" type="email" required autocomplete="email">
<button type="submit">Continue</button></form></main></body></html>`);
  });

  app.post(`${SANDBOX_ISSUER_PATH}/authorize`, async (request, reply: FastifyReply) => {
    const form = request.body as Record<string, string | undefined>;
    const redirect = form.redirect_uri && URL.canParse(form.redirect_uri) ? new URL(form.redirect_uri) : null;
    if (!redirect || form.client_id !== env.OIDC_CLIENT_ID || !form.email || !form.code_challenge) {
      return reply.code(400).type('text/plain').send('Invalid authorization request');
    }
    const code = await repo.issueCode({
      email: form.email,
      nonce: form.nonce ?? '',
      redirect_uri: form.redirect_uri as string, // a URL: redirect above
      code_challenge: form.code_challenge,
      client_id: form.client_id,
      // the sandbox always asks who you are: every login is fresh (so prompt=login and max_age=0 hold)
      auth_time: Math.floor(Date.now() / 1000),
    });
    redirect.searchParams.set('code', code);
    redirect.searchParams.set('state', form.state ?? '');
    return reply.redirect(redirect.toString(), 302);
  });

  app.post(`${SANDBOX_ISSUER_PATH}/token`, async (request, reply) => {
    const form = request.body as Record<string, string | undefined>;
    const basic = request.headers.authorization?.startsWith('Basic ')
      ? Buffer.from(request.headers.authorization.slice(6), 'base64').toString().split(':').map(decodeURIComponent)
      : [];
    const clientId = form.client_id ?? basic[0];
    const secret = form.client_secret ?? basic[1] ?? '';
    if (clientId !== env.OIDC_CLIENT_ID || !safeEqual(secret, clientSecret)) {
      return reply.code(401).send({ error: 'invalid_client' });
    }
    // a code is taken once, whatever the checks below find (a real issuer's codes are single-use)
    const payload = form.code ? await repo.redeemCode(form.code) : null;
    const challenge = createHash('sha256').update(form.code_verifier ?? '').digest('base64url');
    if (!payload || payload.redirect_uri !== form.redirect_uri || payload.client_id !== clientId || payload.code_challenge !== challenge) {
      return reply.code(400).send({ error: 'invalid_grant' });
    }
    const { kid, privateKey } = await signingKey();
    const idToken = await new SignJWT({ email: payload.email, email_verified: true, nonce: payload.nonce, auth_time: payload.auth_time })
      .setProtectedHeader({ alg: 'ES256', kid })
      .setIssuer(issuer)
      .setSubject(payload.email)
      .setAudience(clientId)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    return { access_token: sign({ sub: payload.email, exp: Date.now() + 300_000 }, clientSecret), token_type: 'Bearer', expires_in: 300, id_token: idToken };
  });
}

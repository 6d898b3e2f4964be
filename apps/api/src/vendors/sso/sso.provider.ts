import { createHmac } from 'node:crypto';
import * as oidc from 'openid-client';
import { BRANDS, type BrandId } from '@crm/brand-config';
import type { Database } from '../../db/database';
import { isDevelopment, isSandboxAllowed, type Env } from '../../env';
import { unauthorized, unprocessable } from '../../lib/http-errors';
import { createSsoRepository } from './sso.repository';

const REQUEST_MINUTES = 10;
/** The browser's callback pages: the sign-in's, and the re-authentication's (a real issuer must know both). */
const CALLBACK_PATHS = ['/api/auth/callback', '/api/auth/callback/reauth'];
export const SANDBOX_ISSUER_PATH = '/sandbox/oidc';
/** What single sign-on answers where no issuer is configured and the sandbox issuer does not run (production, stage, demo). */
export const SSO_NOT_CONFIGURED = 'Single sign-on is not configured: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET';

/**
 * The built-in sandbox issuer runs only in development (never in production by the production
 * rule, nor on stage or demo, where anyone could sign in as anyone) and only while no real issuer
 * is configured.
 */
export function sandboxIssuerEnabled(env: Env): boolean {
  return !env.OIDC_ISSUER && isSandboxAllowed(env) && isDevelopment(env);
}

export function ssoClientSecret(env: Env): string {
  return env.OIDC_CLIENT_SECRET ?? createHmac('sha256', env.APP_SECRET).update('sandbox-oidc-client').digest('base64url');
}

export type SsoFetch = oidc.CustomFetch;

/**
 * Single sign-on with OpenID Connect (authorization code + PKCE) through openid-client, against the
 * configured issuer or the sandbox issuer. Answers the e-mail the issuer vouches for.
 */
export function createSsoProvider(env: Env, db: Database, options: { fetch?: SsoFetch } = {}) {
  const requests = createSsoRepository(db);
  const issuer = env.OIDC_ISSUER ?? new URL(SANDBOX_ISSUER_PATH, env.PUBLIC_URL).toString();
  const sandbox = sandboxIssuerEnabled(env);
  let config: Promise<oidc.Configuration> | undefined;
  const fetchOverride: { current?: SsoFetch } = { current: options.fetch };

  function configuration(): Promise<oidc.Configuration> {
    config ??= oidc
      .discovery(new URL(issuer), env.OIDC_CLIENT_ID, ssoClientSecret(env), undefined, {
        execute: sandbox ? [oidc.allowInsecureRequests] : [],
        [oidc.customFetch]: (url, init) => (fetchOverride.current ?? (fetch as SsoFetch))(url, init),
      })
      .catch((error: unknown) => {
        config = undefined;
        throw error;
      });
    return config;
  }

  /** A callback path on PUBLIC_URL or one of the brand's own domains (https outside development), or localhost in development. */
  function allowedRedirect(redirectUri: string, brand: BrandId): boolean {
    const url = new URL(redirectUri);
    if (!CALLBACK_PATHS.includes(url.pathname)) return false;
    if (url.origin === new URL(env.PUBLIC_URL).origin) return true;
    const development = isDevelopment(env);
    if (BRANDS[brand].domains.includes(url.hostname) && (development || url.protocol === 'https:')) return true;
    return development && ['localhost', '127.0.0.1'].includes(url.hostname);
  }

  return {
    enabled: () => Boolean(env.OIDC_ISSUER) || sandbox,
    setFetch(fn: SsoFetch) {
      fetchOverride.current = fn;
    },

    /**
     * The issuer's authorization address. For a re-authentication (`reauthUserId`) it asks the
     * issuer for a fresh login (prompt=login, max_age=0), and only that user's session may finish it.
     */
    async authorizationUrl(redirectUri: string, brand: BrandId, reauthUserId: number | null = null): Promise<string> {
      if (!allowedRedirect(redirectUri, brand)) throw unprocessable({ redirect_uri: 'This return address is not allowed' });
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      await requests.save({ state, nonce, codeVerifier, redirectUri, reauthUserId, expiresAt: new Date(Date.now() + REQUEST_MINUTES * 60_000) });
      const url = oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ...(reauthUserId !== null && { prompt: 'login', max_age: '0' }),
      });
      return url.toString();
    },

    /**
     * Exchanges the callback's code; the answer is the verified e-mail address and when the issuer
     * authenticated the user (auth_time, seconds; null when it does not say). A sign-in's state
     * cannot finish a re-authentication and the other way round (`reauthUserId` must match).
     */
    async complete(code: string, state: string, reauthUserId: number | null = null): Promise<{ email: string; authTime: number | null }> {
      const request = await requests.take(state);
      if (!request || request.reauthUserId !== reauthUserId) throw unauthorized('Single sign-on expired. Start again.', 'state');
      const callback = new URL(request.redirectUri);
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', state);
      try {
        const tokens = await oidc.authorizationCodeGrant(await configuration(), callback, {
          pkceCodeVerifier: request.codeVerifier,
          expectedState: state,
          expectedNonce: request.nonce,
        });
        const claims = tokens.claims();
        if (!claims?.email || claims.email_verified === false) throw new Error('no verified e-mail');
        return { email: String(claims.email), authTime: typeof claims.auth_time === 'number' ? claims.auth_time : null };
      } catch {
        throw unauthorized('Single sign-on failed. Try again or sign in with your password.', 'base');
      }
    },
  };
}

export type SsoProvider = ReturnType<typeof createSsoProvider>;

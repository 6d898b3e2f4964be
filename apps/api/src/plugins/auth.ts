import type { BrandId } from '@crm/brand-config';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints, REAUTH_REQUIRED, type Endpoint, type FlagName } from '@crm/contract';
import type { AppContext } from '../context';
import { randomToken, safeEqual, verifySigned } from '../lib/crypto';
import { forbidden, unauthorized } from '../lib/http-errors';
import { subjectOf } from '../modules/feature-flags/feature-flags.service';
import type { Identity, RequestMeta } from '../modules/sessions/identity';
import { KEY_NOT_ALLOWED, ownSession, recentlyAuthenticated } from '../modules/sessions/own-session';
import { isAdmin, openGate } from '../modules/users/current-user';
import { COOKIES, CSRF_HEADER, csrfCookie } from './cookies';

declare module 'fastify' {
  // Fastify's request type is extended by declaration merging, which needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    identity: Identity | null;
    pendingOtpUserId: number | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Paths whose requests carry a caller: the API, the sign-in callbacks and the realtime socket. */
const API_PATH = /^\/(v1|auth|cable)(\/|$)/;

export type PendingOtp = { uid: number; exp: number };
export const PENDING_OTP_MINUTES = 5;

export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null };
}

/**
 * Who is calling: an API key (Authorization: Bearer), or the session cookie. Cookie-based calls
 * that change something must echo the CSRF cookie in the X-CSRF-Token header, which any answer
 * but health's sets when the request has none. A session belongs to
 * the brand of its user's company: on another brand's host (or after switching `?brand=` in
 * development) it counts as no session, so endpoints that need a user answer 401. An API key
 * (or a user's API token) works the same way: only on its user's brand's hosts, else 401.
 */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('identity', null);
  app.decorateRequest('pendingOtpUserId', null);

  app.addHook('onRequest', async (request, reply) => {
    // health is asked by monitors and load balancers, never by a page: no CSRF cookie for it
    if (!request.cookies[COOKIES.csrf] && !isHealth(request.url)) reply.setCookie(COOKIES.csrf, randomToken(), csrfCookie());
    if (!API_PATH.test(request.url)) return;

    const bearer = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
    if (bearer) {
      request.identity = await identityFromKey(ctx, bearer, request.brand);
      if (!request.identity) throw unauthorized('Invalid API key');
      return;
    }
    if (!SAFE_METHODS.has(request.method)) checkCsrf(request);

    request.identity = await sessionIdentity(ctx, request);
    const pending = verifySigned<PendingOtp>(request.cookies[COOKIES.pendingOtp], ctx.env.APP_SECRET);
    request.pendingOtpUserId = pending?.uid ?? null;
  });
}

/** The caller of the request's session cookie on this brand's host (null: none, ended, or another brand's). */
export async function sessionIdentity(ctx: AppContext, request: FastifyRequest): Promise<Identity | null> {
  const token = request.cookies[COOKIES.session];
  const resolved = token ? await ctx.sessions.resolve(token) : null;
  return resolved?.brand === request.brand ? { ...resolved, via: 'session', scopes: null } : null;
}

/** Whether the request asks for health (its path, with or without a query), read from the URL: Fastify makes request.routeOptions anew at every read. */
function isHealth(url: string): boolean {
  const path = endpoints.health.path;
  return url.startsWith(path) && (url.length === path.length || url[path.length] === '?');
}

function checkCsrf(request: FastifyRequest): void {
  const cookie = request.cookies[COOKIES.csrf];
  const header = request.headers[CSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
    throw forbidden({ csrf: 'Missing or invalid CSRF token' });
  }
}

/** The user behind a key or user token with the scopes it carries (an expired or switched-off key: none). */
async function identityFromKey(ctx: AppContext, key: string, brand: BrandId): Promise<Identity | null> {
  const holder = key.startsWith('crmu_')
    ? await ctx.users.findByApiToken(key).then((user) => user && { userId: user.id, scopes: user.apiTokenScopes })
    : await ctx.apiKeys.authenticate(key);
  const access = holder ? await ctx.usersRepository.findWithAccess(holder.userId) : undefined;
  if (!holder || !access || !access.user.active || access.brand !== brand) return null;
  return { ...access, session: null, via: 'api_key', scopes: holder.scopes };
}

export const REAUTH_MESSAGE = 'Confirm it is you to continue';
export const missingScope = (scope: string) => `This API key lacks the scope ${scope}`;

/**
 * An endpoint's scope against a key's scopes (Endpoint.scope): an endpoint without one is out of
 * every key's reach; a key without the endpoint's scope gets 403 naming it. Sessions pass.
 */
function checkScope(endpoint: Endpoint, identity: Identity): void {
  if (identity.scopes === null) return;
  if (!endpoint.scope) throw forbidden({ user: KEY_NOT_ALLOWED });
  if (!identity.scopes.includes(endpoint.scope)) throw forbidden({ user: missingScope(endpoint.scope) });
}

/**
 * Whether this request is one Endpoint.recentAuth covers (for the field form: a new value of the
 * field; with `value`: the field set to that value).
 */
function asksRecentAuth(endpoint: Endpoint, request: FastifyRequest, identity: Identity): boolean {
  const rule = endpoint.recentAuth;
  if (!rule) return false;
  if (rule === true) return true;
  const wanted = (request.body as Record<string, unknown> | null | undefined)?.[rule.field];
  if (rule.value !== undefined) return wanted === rule.value;
  return wanted !== undefined && wanted !== (identity.user as Record<string, unknown>)[rule.field];
}

/**
 * Proof of presence (Endpoint.recentAuth): only a browser session of the account's owner that
 * signed in or re-authenticated within RECENT_AUTH_MINUTES. Otherwise 403: a key or an
 * impersonating session with a message; a session without recent proof with `reauth: 'required'`,
 * which the browser answers by asking for the password (POST /v1/sessions/reauthenticate).
 */
function checkRecentAuth(endpoint: Endpoint, request: FastifyRequest, identity: Identity): void {
  if (!asksRecentAuth(endpoint, request, identity)) return;
  if (!recentlyAuthenticated(ownSession(identity))) throw forbidden({ user: REAUTH_MESSAGE, reauth: REAUTH_REQUIRED });
}

/**
 * The access rule of an endpoint (see Endpoint.access, Endpoint.gate and Endpoint.flag in the
 * contract). A flagged endpoint answers 403 when its feature is off for the caller: for a signed-in
 * user as their flags resolve (brand, role, company, overrides); for a public endpoint as they
 * resolve for a visitor of the request's brand (no role, no company).
 */
export function authorize(ctx: AppContext, endpoint: Endpoint) {
  const flag = endpoint.flag as FlagName | undefined;
  const visitorFlagOff = (request: FastifyRequest) => flag !== undefined && !ctx.features.forVisitor(request.brand)[flag];
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (endpoint.access === 'public' || (endpoint.access === 'pending_otp' && !request.identity && request.pendingOtpUserId)) {
      if (visitorFlagOff(request)) throw forbidden();
      return;
    }
    const identity = request.identity;
    if (!identity) throw unauthorized();
    checkScope(endpoint, identity);
    if (endpoint.access === 'admin' && !isAdmin(identity.roles)) throw forbidden();
    checkRecentAuth(endpoint, request, identity);
    const impersonated = Boolean(identity.session?.actorSessionId);
    if (endpoint.gate !== 'exempt' && !impersonated) {
      const gate = openGate(identity.user, ctx.env.TERMS_VERSION);
      if (gate) throw forbidden({ gate });
    }
    if (flag !== undefined && !(await ctx.features.forUser(subjectOf(identity)))[flag]) throw forbidden();
  };
}

export function requireIdentity(request: FastifyRequest): Identity {
  if (!request.identity) throw unauthorized();
  return request.identity;
}

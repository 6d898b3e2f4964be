import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';

/** Cookie names (the spec: a user token, and an admin and an impersonator token besides it). */
export const COOKIES = {
  session: 'crm_session',
  admin: 'crm_admin_session',
  impersonator: 'crm_impersonator',
  csrf: 'crm_csrf',
  pendingOtp: 'crm_2fa',
  /** Development override of the request's brand (`?brand=keystone`), outside production only. */
  brand: 'crm_brand',
  /** The feature flag an administrator previews (development, stage and demo; spec part 1 §9). */
  activeFlag: 'crm_active_flag',
} as const;

export const CSRF_HEADER = 'x-csrf-token';

let secureCookies = false;
export function configureCookies(options: { secure: boolean }): void {
  secureCookies = options.secure;
}

export function httpOnlyCookie(maxAgeSeconds?: number): CookieSerializeOptions {
  return { path: '/', httpOnly: true, sameSite: 'lax', secure: secureCookies, maxAge: maxAgeSeconds };
}

/** The CSRF cookie is readable by the page, which echoes it in the X-CSRF-Token header. */
export function csrfCookie(): CookieSerializeOptions {
  return { path: '/', httpOnly: false, sameSite: 'lax', secure: secureCookies };
}

/** A cookie the page may read (not httpOnly), optionally shared with every subdomain of `domain`. */
export function readableCookie(options: { domain?: string; maxAgeSeconds?: number } = {}): CookieSerializeOptions {
  return {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: secureCookies,
    ...(options.domain && { domain: options.domain }),
    ...(options.maxAgeSeconds !== undefined && { maxAge: options.maxAgeSeconds }),
  };
}

/** A 401 clears the session tokens; a sign-in waiting for its code keeps its pending cookie so the code can be retyped. */
export function clearSessionCookies(reply: FastifyReply): void {
  for (const name of [COOKIES.session, COOKIES.admin, COOKIES.impersonator]) {
    reply.clearCookie(name, { path: '/' });
  }
}

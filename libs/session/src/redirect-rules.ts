import type { CurrentUser } from '@crm/contract';
import type { LoginMarker } from './login-stack';
import { isBillingPath, isProfilePath, LOGIN_PATH } from './public-paths';

export const TERMS_ACCEPT_PATH = '/terms-of-use?accept=1';
export const PASSWORD_TAB_PATH = '/account/profile?tab=password';
export const TWO_FACTOR_TAB_PATH = '/account/profile?tab=two_factor';
export const BILLING_PATH = '/billing';

export type RedirectContext = {
  pathname: string;
  /** The login stack; a non-empty stack means the user is impersonating or logged in as admin. */
  loginStack: readonly LoginMarker[];
  /** Send unpaid accounts to /billing (spec part 1 §2); off for brands without a billing area. */
  requirePaid?: boolean;
};

/** Whether the signed-in session is an impersonation or an admin's "login as". */
export function isImpersonating(user: CurrentUser, loginStack: readonly LoginMarker[]): boolean {
  return user.impersonated_by != null || loginStack.length > 0;
}

/**
 * Terms of service to accept: never accepted (tos false), or changed since they were accepted
 * (updated_tos true) — the API's reading of the two flags.
 */
export function termsPending(user: CurrentUser): boolean {
  return !user.tos || user.updated_tos;
}

export function twoFactorSetupPending(user: CurrentUser): boolean {
  return user['two_fa_is_required?'] && !user['has_2fa_enabled?'];
}

/**
 * Redirect rules for a route that needs a session (spec part 1 §2), in the API's gate order:
 * no user -> /login; forced password change -> password tab; required two-factor missing ->
 * two-factor tab; terms not accepted -> terms page (those three not on profile or billing pages,
 * nor for users impersonating or logged in as admin); unpaid -> /billing (not on profile or
 * billing pages, nor while impersonating: issue 13 and the API's gates exempt an impersonation).
 * Answers the path to go to, or null to stay.
 */
export function sessionRedirect(user: CurrentUser | null, context: RedirectContext): string | null {
  if (!user) return LOGIN_PATH;
  const exemptPage = isProfilePath(context.pathname) || isBillingPath(context.pathname);
  if (exemptPage) return null;
  // An impersonating (or logged-in-as) admin passes every account gate, as the API lets them through.
  if (isImpersonating(user, context.loginStack)) return null;
  if (user['change_password?']) return PASSWORD_TAB_PATH;
  if (twoFactorSetupPending(user)) return TWO_FACTOR_TAB_PATH;
  if (termsPending(user)) return TERMS_ACCEPT_PATH;
  if ((context.requirePaid ?? true) && !user['paid_user?']) return BILLING_PATH;
  return null;
}

/** Routes that need no login and no user loading (spec part 1 §2). */
export const PUBLIC_PATHS = [
  '/login',
  '/login-app',
  '/reset-password',
  '/email-change',
  '/contact-us',
  '/privacy-policy',
  '/terms-of-use',
  '/api/auth/callback',
  '/sso-logout',
] as const;

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';

function matches(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** Whether a path is one of the public routes (the session check does not run there). */
export function isPublicPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_PATHS.some((base) => matches(path, base));
}

/** Profile pages (/account/profile...), exempt from the account redirects. */
export function isProfilePath(pathname: string): boolean {
  return matches(pathname, '/account/profile');
}

/** Billing pages (/billing, /billing/plan, /billing/review, /billing/update ...). */
export function isBillingPath(pathname: string): boolean {
  return matches(pathname, '/billing');
}

import { storageKey } from '@crm/util';
import { isPublicPath } from './public-paths';

/** Where to go after login; per tab (session storage) so it survives the single sign-on round trip. */
export const RETURN_PATH_KEY = storageKey(null, 'return_path');

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Only same-site app paths are remembered (never `//host`, never a public page such as /login). */
export function isSafeReturnPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  const pathname = path.split(/[?#]/)[0] ?? path;
  return !isPublicPath(pathname) && pathname !== '/';
}

export function rememberReturnPath(path: string): void {
  if (isSafeReturnPath(path)) storage()?.setItem(RETURN_PATH_KEY, path);
}

/** The remembered path, or `/`; reading it forgets it. */
export function takeReturnPath(): string {
  const store = storage();
  const path = store?.getItem(RETURN_PATH_KEY) ?? null;
  store?.removeItem(RETURN_PATH_KEY);
  return path && isSafeReturnPath(path) ? path : '/';
}

export function forgetReturnPath(): void {
  storage()?.removeItem(RETURN_PATH_KEY);
}

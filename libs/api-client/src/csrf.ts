export const CSRF_COOKIE = 'crm_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

/** One cookie's value from a `document.cookie` string; undefined when absent. */
export function readCookie(
  name: string,
  cookies: string = typeof document === 'undefined' ? '' : document.cookie,
) {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** Adds the CSRF header, read from the `crm_csrf` cookie, to every non-GET request. */
export function addCsrfHeader(headers: Headers, method: string): void {
  if (method === 'GET') return;
  const token = readCookie(CSRF_COOKIE);
  if (token) headers.set(CSRF_HEADER, token);
}

import { ACCESS_DENIED } from '@crm/contract';

export type FieldErrors = Record<string, string>;

/** An answer a service decides on; the error handler turns it into the JSON body of DESIGN.md §4. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly errors: FieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(Object.values(errors)[0] ?? `HTTP ${status}`);
  }
}

/**
 * A vendor this deployment has no credentials for (production without them: the production rule
 * serves no sandbox in their place): its features are off, and the answer names the setting.
 */
export class NotConfigured extends HttpError {
  constructor(message: string) {
    super(503, { base: message });
    this.name = 'NotConfigured';
  }
}

export const unauthorized = (message = 'You need to sign in', field = 'base') => new HttpError(401, { [field]: message });
export const forbidden = (extra: FieldErrors = {}) => new HttpError(403, { user: ACCESS_DENIED, ...extra });
export const notFound = (what = 'Record') => new HttpError(404, { base: `${what} not found` });
export const unprocessable = (errors: FieldErrors) => new HttpError(422, errors);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    { base: `Too many attempts. Try again in ${retryAfterSeconds} seconds.` },
    { 'retry-after': String(retryAfterSeconds) },
  );

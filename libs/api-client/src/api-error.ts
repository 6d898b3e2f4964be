export type ApiErrorDetails = {
  /** Defaults to the spec's 'Request failed'; downloads use the status text. */
  message?: string;
  statusText?: string;
  /** The address that answered (helps a 401 handler tell the session check from other calls). */
  url?: string;
};

/** Any non-OK answer of the API (spec part 1 §8): 'Request failed' carrying the status and the body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  /** The answer's body, parsed as JSON when possible, else its text. */
  readonly body: unknown;
  readonly url: string;

  constructor(status: number, body: unknown, details: ApiErrorDetails = {}) {
    super(details.message ?? 'Request failed');
    this.status = status;
    this.body = body;
    this.statusText = details.statusText ?? '';
    this.url = details.url ?? '';
  }

  /** `body.errors` as field → first message (`{ errors: { email: ['taken', 'bad'] } }` → `{ email: 'taken' }`). */
  fieldErrors(): Record<string, string> {
    const errors = isRecord(this.body) ? this.body['errors'] : undefined;
    if (!isRecord(errors)) return {};
    const result: Record<string, string> = {};
    for (const [field, messages] of Object.entries(errors)) {
      const first: unknown = Array.isArray(messages) ? messages[0] : messages;
      if (typeof first === 'string') result[field] = first;
    }
    return result;
  }
}

/** A 403 that a re-authentication would lift (`{ errors: { reauth: 'required' } }`, REAUTH_REQUIRED of the contract). */
export function isReauthRequired(error: unknown): error is ApiError {
  if (!(error instanceof ApiError) || error.status !== 403) return false;
  const errors = isRecord(error.body) ? error.body['errors'] : undefined;
  return isRecord(errors) && errors['reauth'] === 'required';
}

/** The answer of a check against the contract's response schema failed (development only). */
export class ResponseValidationError extends Error {
  override readonly name = 'ResponseValidationError';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function abortError(): DOMException {
  return new DOMException('The request was aborted', 'AbortError');
}

/** An aborted request (by `abortAll()` or the caller's signal). Callers ignore these. */
export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'AbortError'
  );
}

/**
 * The service could not answer just now: the API said so (502/503/504, e.g. its database is
 * restarting) or the request never reached it (fetch's TypeError). Reads are retried by themselves
 * and the app shows that it is reconnecting.
 */
export function isServiceUnavailable(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 502 || error.status === 503 || error.status === 504;
  return error instanceof TypeError && !isAbortError(error);
}

/** Whether an error goes to error reporting: request failures and aborts do not (spec part 1 §8). */
export function shouldReport(error: unknown): boolean {
  return !(error instanceof ApiError) && !isAbortError(error);
}

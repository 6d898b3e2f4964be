/**
 * Whether an error means the database could not serve the request just now — not reachable, not
 * answering within a time-out, shutting down or restarting — as opposed to a fault of the request
 * or of the code. The error handler answers these with 503 and Retry-After (the client tries again
 * by itself); everything else unexpected stays a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) return true;
  }
  return false;
}

/** Seconds a client is asked to wait before trying again (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

/** The answer's body when the service cannot serve a request just now. */
export const UNAVAILABLE_BODY = { errors: { base: 'The service is briefly unavailable. Please try again in a few seconds.' } };

/**
 * PostgreSQL's SQLSTATEs for a cancelled statement (statement_timeout), an ended idle transaction,
 * a server shutting down, starting or full; class 08 (connection exceptions) is matched by its
 * prefix; and Node's socket errors.
 */
const UNAVAILABLE_CODES = new Set(['57014', '25P03', '57P01', '57P02', '57P03', '53300', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

/** node-postgres's own errors for a pool that waited too long or a connection that died. */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Query read timeout',
];

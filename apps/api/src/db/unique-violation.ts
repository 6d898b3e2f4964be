/** PostgreSQL's SQLSTATE for a row that a unique index refused. */
const UNIQUE_VIOLATION = '23505';

/**
 * Whether an error (or one it wraps: drizzle puts the driver's error in `cause`) is a unique
 * index refusing a row. Code that expects a duplicate turns it into its own answer; one it did not
 * expect (two requests racing past the same check) is answered 409 by the error handler.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

/** The answer to a unique violation no code expected: the request raced another one; trying again gets the real answer. */
export const CONFLICT_BODY = { errors: { base: 'Another request changed this at the same time. Please reload and try again.' } };

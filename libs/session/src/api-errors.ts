import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, isAbortError } from '@crm/api-client';

export const GENERIC_ERROR = 'Something went wrong. Please try again.';
export const NETWORK_ERROR = 'Could not reach the server. Check your connection and try again.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toSeconds(value: unknown): number | null {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number > 0
    ? Math.ceil(number)
    : null;
}

/** Seconds to wait after a 429, when the error tells (a `retryAfter` from the Retry-After header, or the body). */
export function retryAfterSeconds(error: ApiError): number | null {
  const fromError = toSeconds((error as ApiError & { retryAfter?: unknown }).retryAfter);
  if (fromError !== null) return fromError;
  const body = error.body;
  if (!isRecord(body)) return null;
  return toSeconds(body['retry_after']) ?? toSeconds(body['retryAfter']);
}

export function tooManyAttemptsMessage(seconds: number | null): string {
  return seconds === null
    ? 'Too many attempts. Try again later.'
    : `Too many attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

/**
 * The message to show for a failed request, beside the form: the server's `errors.base` (for example
 * 'Invalid email or password'), 'Too many attempts…' for 429, the first field message otherwise.
 */
export function apiErrorMessage(error: unknown, fallback: string = GENERIC_ERROR): string {
  if (error instanceof ApiError) {
    const fields = error.fieldErrors();
    if (error.status === 429) {
      const seconds = retryAfterSeconds(error);
      return seconds === null && fields['base'] ? fields['base'] : tooManyAttemptsMessage(seconds);
    }
    return fields['base'] ?? fields['user'] ?? Object.values(fields)[0] ?? fallback;
  }
  if (error instanceof TypeError) return NETWORK_ERROR;
  return fallback;
}

/**
 * Shows an API error in a react-hook-form form: messages of known fields (a 422's, or a 401's such
 * as a wrong one-time code) go beside those fields (`setError`); answers the message for the rest
 * (to show beside the form), or null when every message found its field. Aborts answer null.
 */
export function applyApiErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback?: string,
): string | null {
  if (isAbortError(error)) return null;
  if (error instanceof ApiError && error.status !== 429) {
    const messages = error.fieldErrors();
    let rest: string | null = null;
    let first = true;
    for (const [field, message] of Object.entries(messages)) {
      if ((fields as readonly string[]).includes(field)) {
        setError(field as Path<T>, { type: 'server', message }, { shouldFocus: first });
        first = false;
      } else {
        rest ??= message;
      }
    }
    if (!first) return rest;
  }
  return apiErrorMessage(error, fallback);
}

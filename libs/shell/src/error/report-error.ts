import { shouldReport } from '@crm/api-client';

export type ErrorReporter = (error: unknown, context?: Record<string, unknown>) => void;

const consoleReporter: ErrorReporter = (error, context) => {
  console.error('[crm] unexpected error', error, context ?? '');
};

let reporter: ErrorReporter = consoleReporter;

/** Replaces where unexpected errors go (an error-tracking service); returns the previous reporter. */
export function setErrorReporter(next: ErrorReporter): ErrorReporter {
  const previous = reporter;
  reporter = next;
  return previous;
}

/**
 * Sends an unexpected error to the development team. Request-failed (ApiError) and aborted
 * requests are not reported (spec part 1 §8).
 */
export function reportError(error: unknown, context?: Record<string, unknown>): void {
  if (!shouldReport(error)) return;
  try {
    reporter(error, context);
  } catch {
    // A broken reporter must never take the error screen down with it.
  }
}

import { QueryClient, focusManager } from '@tanstack/react-query';
import { ApiError, ResponseValidationError, isAbortError, isServiceUnavailable } from './api-error';

/** Session data fetching constants of spec part 1 §9. */
export const DEDUPE_MS = 2000;
export const FOCUS_THROTTLE_MS = 5000;
export const ERROR_RETRY_MS = 5000;
export const SLOW_CONNECTION_RETRY_MS = 10000;
export const SLOW_LOADING_MS = 3000;
/** Retries after the first failure (not a spec figure: a bounded choice). */
export const MAX_RETRIES = 2;
/** Retries of a read while the service is unavailable: about five minutes at the retry interval (then the screen shows its error). */
export const UNAVAILABLE_RETRIES = 60;

const SLOW_CONNECTION_TYPES = ['slow-2g', '2g'];

type NetworkInformation = { effectiveType?: string };

export function isSlowConnection(): boolean {
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return SLOW_CONNECTION_TYPES.includes(connection?.effectiveType ?? '');
}

/** Error retry interval: 5000 ms, or 10000 ms on a slow connection. */
export function retryDelay(): number {
  return isSlowConnection() ? SLOW_CONNECTION_RETRY_MS : ERROR_RETRY_MS;
}

/**
 * No retry of aborts, 4xx answers or contract mismatches; a service that is briefly unavailable
 * (503, no connection) is tried again for UNAVAILABLE_RETRIES; at most MAX_RETRIES otherwise.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isAbortError(error) || error instanceof ResponseValidationError) return false;
  if (isServiceUnavailable(error)) return failureCount < UNAVAILABLE_RETRIES;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

type FocusSetup = Parameters<typeof focusManager.setEventListener>[0];

/** Window focus (or the tab becoming visible) tells TanStack Query at most once per `intervalMs`. */
export function throttledFocusListener(intervalMs: number = FOCUS_THROTTLE_MS): FocusSetup {
  return (handleFocus) => {
    if (typeof window === 'undefined') return undefined;
    let last = -Infinity;
    const listener = () => {
      if (document.visibilityState === 'hidden') return;
      const now = Date.now();
      if (now - last < intervalMs) return;
      last = now;
      handleFocus();
    };
    window.addEventListener('visibilitychange', listener);
    window.addEventListener('focus', listener);
    return () => {
      window.removeEventListener('visibilitychange', listener);
      window.removeEventListener('focus', listener);
    };
  };
}

export const queryDefaults = {
  staleTime: DEDUPE_MS,
  refetchOnWindowFocus: true,
  refetchOnReconnect: true,
  retry: shouldRetry,
  retryDelay,
} as const;

/** The app's QueryClient with the spec's data-fetching defaults; also throttles the focus manager. */
export function createQueryClient(): QueryClient {
  focusManager.setEventListener(throttledFocusListener());
  return new QueryClient({ defaultOptions: { queries: { ...queryDefaults } } });
}

import { focusManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, ResponseValidationError, abortError } from './api-error';
import {
  DEDUPE_MS,
  ERROR_RETRY_MS,
  FOCUS_THROTTLE_MS,
  MAX_RETRIES,
  UNAVAILABLE_RETRIES,
  SLOW_CONNECTION_RETRY_MS,
  SLOW_LOADING_MS,
  createQueryClient,
  retryDelay,
  shouldRetry,
  throttledFocusListener,
} from './query-client';

function setConnection(effectiveType: string | undefined) {
  Object.defineProperty(navigator, 'connection', {
    value: effectiveType ? { effectiveType } : undefined,
    configurable: true,
  });
}

afterEach(() => {
  setConnection(undefined);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('spec constants (part 1 §9 session data fetching)', () => {
  it('match the spec', () => {
    expect(DEDUPE_MS).toBe(2000);
    expect(FOCUS_THROTTLE_MS).toBe(5000);
    expect(ERROR_RETRY_MS).toBe(5000);
    expect(SLOW_CONNECTION_RETRY_MS).toBe(10000);
    expect(SLOW_LOADING_MS).toBe(3000);
    expect(MAX_RETRIES).toBe(2);
  });
});

describe('createQueryClient', () => {
  it('uses the spec values as query defaults', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.staleTime).toBe(2000);
    expect(queries?.refetchOnWindowFocus).toBe(true);
    expect(queries?.refetchOnReconnect).toBe(true);
    expect(queries?.retry).toBe(shouldRetry);
    expect(queries?.retryDelay).toBe(retryDelay);
  });
  it('dedupes a query fetched again within 2000 ms', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const queryFn = vi.fn(async () => 'me');
    await client.fetchQuery({ queryKey: ['me'], queryFn });
    vi.advanceTimersByTime(1999);
    await client.fetchQuery({ queryKey: ['me'], queryFn });
    expect(queryFn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    await client.fetchQuery({ queryKey: ['me'], queryFn });
    expect(queryFn).toHaveBeenCalledTimes(2);
  });
  it('installs the throttled focus listener', () => {
    const setEventListener = vi.spyOn(focusManager, 'setEventListener');
    createQueryClient();
    expect(setEventListener).toHaveBeenCalledOnce();
  });
});

describe('retryDelay', () => {
  it('waits 5000 ms, or 10000 ms on slow-2g and 2g connections', () => {
    expect(retryDelay()).toBe(5000);
    setConnection('4g');
    expect(retryDelay()).toBe(5000);
    setConnection('3g');
    expect(retryDelay()).toBe(5000);
    setConnection('2g');
    expect(retryDelay()).toBe(10000);
    setConnection('slow-2g');
    expect(retryDelay()).toBe(10000);
  });
});

describe('shouldRetry', () => {
  it('never retries 4xx answers', () => {
    for (const status of [400, 401, 403, 404, 422, 429])
      expect(shouldRetry(0, new ApiError(status, null))).toBe(false);
  });
  it('never retries aborts or contract mismatches', () => {
    expect(shouldRetry(0, abortError())).toBe(false);
    expect(shouldRetry(0, new ResponseValidationError('x'))).toBe(false);
  });
  it('retries other failures at most twice', () => {
    expect(shouldRetry(0, new ApiError(500, null))).toBe(true);
    expect(shouldRetry(1, new ApiError(500, null))).toBe(true);
    expect(shouldRetry(2, new ApiError(500, null))).toBe(false);
  });
  it('keeps retrying while the service is briefly unavailable (503, no connection), for about five minutes', () => {
    for (const error of [new ApiError(503, null), new ApiError(502, null), new TypeError('Failed to fetch')]) {
      expect(shouldRetry(2, error)).toBe(true);
      expect(shouldRetry(UNAVAILABLE_RETRIES - 1, error)).toBe(true);
      expect(shouldRetry(UNAVAILABLE_RETRIES, error)).toBe(false);
    }
    expect(UNAVAILABLE_RETRIES * ERROR_RETRY_MS).toBe(5 * 60_000);
  });
});

describe('throttledFocusListener', () => {
  it('passes focus on at most once per 5000 ms, and only when visible', () => {
    vi.useFakeTimers();
    const handleFocus = vi.fn();
    const cleanup = throttledFocusListener()(handleFocus);
    window.dispatchEvent(new Event('focus'));
    window.dispatchEvent(new Event('visibilitychange'));
    expect(handleFocus).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(4999);
    window.dispatchEvent(new Event('focus'));
    expect(handleFocus).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    window.dispatchEvent(new Event('focus'));
    expect(handleFocus).toHaveBeenCalledTimes(2);

    vi.advanceTimersByTime(5000);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    window.dispatchEvent(new Event('visibilitychange'));
    expect(handleFocus).toHaveBeenCalledTimes(2);

    cleanup?.();
    vi.restoreAllMocks();
    vi.advanceTimersByTime(5000);
    window.dispatchEvent(new Event('focus'));
    expect(handleFocus).toHaveBeenCalledTimes(2);
  });
});

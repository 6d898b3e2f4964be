export { createApiClient } from './api-client';
export type { ApiClient, ApiClientOptions, DownloadArgs, DownloadOptions, RequestArgs, RequestOptions } from './types';
export { ApiError, ResponseValidationError, isAbortError, isReauthRequired, isServiceUnavailable, shouldReport } from './api-error';
export type { ApiErrorDetails } from './api-error';
export { CSRF_COOKIE, CSRF_HEADER, readCookie } from './csrf';
export { toQueryString } from './query-string';
export { withoutEmptySearch } from './contacts-scope';
export { filenameFromContentDisposition, readWithProgress, saveDownload } from './download';
export type { DownloadProgress, DownloadResult } from './download';
export {
  DEDUPE_MS,
  ERROR_RETRY_MS,
  FOCUS_THROTTLE_MS,
  MAX_RETRIES,
  UNAVAILABLE_RETRIES,
  SLOW_CONNECTION_RETRY_MS,
  SLOW_LOADING_MS,
  createQueryClient,
  queryDefaults,
  retryDelay,
  shouldRetry,
} from './query-client';
export { useSlowLoading } from './useSlowLoading';
export { useReconnecting } from './useReconnecting';
export { ApiClientProvider } from './ApiClientProvider';
export type { ApiClientProviderProps } from './ApiClientProvider';
export { useApiClient } from './useApiClient';
export { cableUrl, subscribeCable } from './cable';
export { createCableConsumer } from './cable-consumer';
export type { CableStatus, CableSubscriptionOptions } from './cable';
export { useCableChannel } from './useCableChannel';

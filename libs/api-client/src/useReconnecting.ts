import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { isServiceUnavailable } from './api-error';

const retryingUnavailable = (query: Query) => query.state.fetchStatus !== 'idle' && isServiceUnavailable(query.state.fetchFailureReason);

/**
 * Whether a read is being tried again because the service is briefly unavailable (503 or no
 * connection): the app shows that it is reconnecting until the reads come back.
 */
export function useReconnecting(): boolean {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  return useSyncExternalStore(subscribe, () => cache.getAll().some(retryingUnavailable));
}

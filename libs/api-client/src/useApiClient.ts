import { useContext } from 'react';
import { ApiClientContext } from './api-client-context';
import type { ApiClient } from './types';

export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient must be used inside <ApiClientProvider>');
  return client;
}

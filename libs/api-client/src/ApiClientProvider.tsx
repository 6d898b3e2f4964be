import type { ReactNode } from 'react';
import { ApiClientContext } from './api-client-context';
import type { ApiClient } from './types';

export type ApiClientProviderProps = { client: ApiClient; children: ReactNode };

export function ApiClientProvider({ client, children }: ApiClientProviderProps) {
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

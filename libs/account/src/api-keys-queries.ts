import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@crm/api-client';

/** Query keys of the account library. */
export const accountKeys = {
  all: ['account'] as const,
  apiKeys: () => [...accountKeys.all, 'api_keys'] as const,
};

/** The signed-in user's API keys (GET /v1/api_keys). */
export function apiKeysQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: accountKeys.apiKeys(),
    queryFn: ({ signal }) => client.call('listApiKeys', { signal }),
    select: (answer) => answer.data,
  });
}

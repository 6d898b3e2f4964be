import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@crm/api-client';

/** Query keys of the account library. */
export const accountKeys = {
  all: ['account'] as const,
  apiKeys: () => [...accountKeys.all, 'api_keys'] as const,
  recoveryCodes: () => [...accountKeys.all, 'recovery_codes'] as const,
};

/** How many two-factor recovery codes the user has left (GET /v1/two_factor/recovery_codes). */
export function recoveryCodesQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: accountKeys.recoveryCodes(),
    queryFn: ({ signal }) => client.call('recoveryCodesStatus', { signal }),
    select: (answer) => answer.remaining,
  });
}

/** The signed-in user's API keys (GET /v1/api_keys). */
export function apiKeysQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: accountKeys.apiKeys(),
    queryFn: ({ signal }) => client.call('listApiKeys', { signal }),
    select: (answer) => answer.data,
  });
}

import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@crm/api-client';

/** Query key of the session check (GET /auth/profile). */
export const sessionQueryKey = ['session', 'profile'] as const;

/** The session check; the answer is the current user, passed through whole. */
export function sessionQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => client.call('authProfile', { signal }),
  });
}

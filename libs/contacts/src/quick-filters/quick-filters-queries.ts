import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@crm/api-client';

/** Query key of the signed-in user's quick filters. */
export const quickFiltersKey = ['quick-filters'] as const;

/** The signed-in user's quick filters, by name (GET /v1/quick_filters). */
export function quickFiltersQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: quickFiltersKey,
    queryFn: ({ signal }) => client.call('listQuickFilters', { signal }),
    select: (answer) => answer.data,
  });
}

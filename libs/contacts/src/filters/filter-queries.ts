import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@crm/api-client';

/** Query key of the signed-in user's favourite users. */
export const favoritesKey = ['favorites'] as const;

/** The signed-in user's favourite users (GET /v1/favorite_lists). */
export function favoritesQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: favoritesKey,
    queryFn: ({ signal }) => client.call('listFavorites', { signal }),
    select: (answer) => answer.data,
  });
}

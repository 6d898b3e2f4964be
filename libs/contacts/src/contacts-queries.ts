import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@crm/api-client';
import type { ContactsScope } from '@crm/contract';

/** Rows per request of the list: the contract's page maximum, loaded as the user scrolls. */
export const CONTACTS_LIST_PAGE_SIZE = 500;

/** Query keys of the contacts library. */
export const contactKeys = {
  all: ['contacts'] as const,
  lists: () => [...contactKeys.all, 'list'] as const,
  list: (scope: ContactsScope) => [...contactKeys.lists(), scope] as const,
  details: () => [...contactKeys.all, 'detail'] as const,
  detail: (id: number) => [...contactKeys.details(), id] as const,
  lookups: (name: 'statuses' | 'sources') => ['lookups', name] as const,
};

/** The contact list for a scope (PATCH /v1/contacts), pages of 500 loaded one after another. */
export function contactsListQueryOptions(client: ApiClient, scope: ContactsScope) {
  return infiniteQueryOptions({
    queryKey: contactKeys.list(scope),
    queryFn: ({ pageParam, signal }) =>
      client.call('listContacts', {
        body: { contacts_scope: { ...scope, page: pageParam, limit: CONTACTS_LIST_PAGE_SIZE } },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => {
      const { current_page, total_pages, limit, total_count_capped } = last.meta;
      if (current_page < total_pages) return current_page + 1;
      // Beyond the count cap total_pages follows the cap; a full page means there may be more.
      return total_count_capped && last.data.length >= limit ? current_page + 1 : undefined;
    },
    placeholderData: keepPreviousData,
  });
}

/** One contact (GET /v1/contacts/{id}); the API removes its "new" marker as it is viewed. */
export function contactQueryOptions(client: ApiClient, id: number) {
  return queryOptions({
    queryKey: contactKeys.detail(id),
    queryFn: ({ signal }) => client.call('showContact', { params: { id }, query: {}, signal }),
    select: (answer) => answer.data,
  });
}

export function statusesQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: contactKeys.lookups('statuses'),
    queryFn: ({ signal }) => client.call('listStatuses', { signal }),
    select: (answer) => answer.data,
    staleTime: 5 * 60_000,
  });
}

export function sourcesQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: contactKeys.lookups('sources'),
    queryFn: ({ signal }) => client.call('listSources', { signal }),
    select: (answer) => answer.data,
    staleTime: 5 * 60_000,
  });
}

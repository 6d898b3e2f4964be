import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@crm/api-client';
import { CONTACTS_LIST_PAGE_SIZE, type ContactsMeta, type ContactsScope } from '@crm/contract';

export { CONTACTS_LIST_PAGE_SIZE };

/** The records of a contact that its page's tabs list. */
export type ContactRecordKind = 'notes' | 'files' | 'policies' | 'securities' | 'data_capture' | 'rx_details' | 'transfer_history';

/** Query keys of the contacts library. */
export const contactKeys = {
  all: ['contacts'] as const,
  lists: () => [...contactKeys.all, 'list'] as const,
  list: (scope: ContactsScope) => [...contactKeys.lists(), scope] as const,
  details: () => [...contactKeys.all, 'detail'] as const,
  detail: (id: number) => [...contactKeys.details(), id] as const,
  lookups: (name: 'statuses' | 'sources' | 'agentflow_statuses') => ['lookups', name] as const,
  /** A contact's records (notes, files, policies…); invalidating it refreshes every tab of the contact. */
  /** The exact count of a search, asked for when the list's count stopped at CONTACTS_COUNT_CAP. */
  exactCount: (scope: ContactsScope) => [...contactKeys.all, 'exact-count', scope] as const,
  records: (id: number) => [...contactKeys.all, 'records', id] as const,
  record: (id: number, kind: ContactRecordKind) => [...contactKeys.records(id), kind] as const,
  notes: (id: number, q: string) => [...contactKeys.record(id, 'notes'), q] as const,
  tagSearch: (q: string) => ['tags', 'search', q] as const,
  pick: (q: string) => [...contactKeys.all, 'pick', q] as const,
  carriers: () => ['lookups', 'carriers'] as const,
};

/** Which page of the list to ask for: its number (for display) and the keyset cursor that starts it. */
export type ContactsPageParam = { page: number; cursor: string | null };

/**
 * The page after `last`: keyset paging with the answer's next_cursor (deep pages cost what the
 * first does). An answer without a cursor (the last page, or a server that does not give one)
 * falls back to page numbers while the paging meta says there is more.
 */
export function nextContactsPageParam(last: { data: readonly unknown[]; meta: ContactsMeta }): ContactsPageParam | undefined {
  const { current_page, total_pages, limit, total_count_capped, next_cursor } = last.meta;
  if (next_cursor) return { page: current_page + 1, cursor: next_cursor };
  if (current_page < total_pages) return { page: current_page + 1, cursor: null };
  // Beyond the count cap total_pages follows the cap; a full page means there may be more.
  return total_count_capped && last.data.length >= limit ? { page: current_page + 1, cursor: null } : undefined;
}

/** The contact list for a scope (PATCH /v1/contacts), pages of 100, the next one loaded as the user scrolls near the end. */
export function contactsListQueryOptions(client: ApiClient, scope: ContactsScope) {
  return infiniteQueryOptions({
    queryKey: contactKeys.list(scope),
    queryFn: ({ pageParam, signal }) =>
      client.call('listContacts', {
        body: {
          contacts_scope: {
            ...scope,
            page: pageParam.page,
            limit: CONTACTS_LIST_PAGE_SIZE,
            ...(pageParam.cursor ? { cursor: pageParam.cursor } : {}),
          },
        },
        signal,
      }),
    initialPageParam: { page: 1, cursor: null } as ContactsPageParam,
    getNextPageParam: nextContactsPageParam,
    placeholderData: keepPreviousData,
  });
}

/**
 * How many contacts a scope matches, counted to the end (contacts_scope.exact_count), for the
 * "Count all" of a list whose count stopped at CONTACTS_COUNT_CAP. Asks for one row: the count is
 * what it wants.
 */
export function contactsExactCountQueryOptions(client: ApiClient, scope: ContactsScope) {
  return queryOptions({
    queryKey: contactKeys.exactCount(scope),
    queryFn: ({ signal }) =>
      client.call('listContacts', { body: { contacts_scope: { ...scope, page: 1, limit: 1, exact_count: true } }, signal }),
    select: (answer) => answer.meta.total_count,
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

// ---------------------------------------------------------------------------------------------
// The contact page's records
// ---------------------------------------------------------------------------------------------

/** Notes per request of the notes tab ("Load more" asks for the next page). */
export const CONTACT_NOTES_PAGE_SIZE = 25;

/** A contact's notes, newest first, q finding words (GET /v1/contacts/{id}/notes), page by page. */
export function contactNotesQueryOptions(client: ApiClient, id: number, q: string) {
  return infiniteQueryOptions({
    queryKey: contactKeys.notes(id, q),
    queryFn: ({ pageParam, signal }) =>
      client.call('listContactNotes', {
        params: { id },
        query: { q: q || undefined, page: pageParam, limit: CONTACT_NOTES_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.meta.current_page < last.meta.total_pages ? last.meta.current_page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

export function contactFilesQueryOptions(client: ApiClient, id: number) {
  return queryOptions({
    queryKey: contactKeys.record(id, 'files'),
    queryFn: ({ signal }) => client.call('listContactFiles', { params: { id }, signal }),
    select: (answer) => answer.data,
  });
}

export function policiesQueryOptions(client: ApiClient, id: number) {
  return queryOptions({
    queryKey: contactKeys.record(id, 'policies'),
    queryFn: ({ signal }) => client.call('listPolicies', { params: { id }, signal }),
    select: (answer) => answer.data,
  });
}

export function securitiesQueryOptions(client: ApiClient, id: number) {
  return queryOptions({
    queryKey: contactKeys.record(id, 'securities'),
    queryFn: ({ signal }) => client.call('listSecurities', { params: { id }, signal }),
    select: (answer) => answer.data,
  });
}

export function dataCaptureQueryOptions(client: ApiClient, id: number) {
  return queryOptions({
    queryKey: contactKeys.record(id, 'data_capture'),
    queryFn: ({ signal }) => client.call('showDataCapture', { params: { id }, signal }),
    select: (answer) => answer.data,
  });
}

export function rxDetailsQueryOptions(client: ApiClient, id: number) {
  return queryOptions({
    queryKey: contactKeys.record(id, 'rx_details'),
    queryFn: ({ signal }) => client.call('showRxDetails', { params: { id }, signal }),
    select: (answer) => answer.data,
  });
}

/** Another contact shown on this one's page (the linked contact): viewing it keeps its "new" marker. */
export function contactPeekQueryOptions(client: ApiClient, id: number) {
  return queryOptions({
    queryKey: [...contactKeys.detail(id), 'peek'] as const,
    queryFn: ({ signal }) => client.call('showContact', { params: { id }, query: { not_remove_new_tag: true }, signal }),
    select: (answer) => answer.data,
  });
}

/** Contacts whose name, e-mail or phone matches q, the first 10 (choosing a contact to link). */
export function contactPickQueryOptions(client: ApiClient, q: string) {
  return queryOptions({
    queryKey: contactKeys.pick(q),
    queryFn: ({ signal }) => client.call('listContacts', { body: { contacts_scope: { q, limit: 10 } }, signal }),
    select: (answer) => answer.data,
    enabled: q.trim() !== '',
  });
}

/** Users the caller may give contacts to (themselves and those they reach), found by name or e-mail; the first 200. */
export function ownersQueryOptions(client: ApiClient, q: string) {
  return queryOptions({
    queryKey: ['owners', q] as const,
    queryFn: ({ signal }) => client.call('listOwners', { query: { q: q || undefined, limit: 200 }, signal }),
    select: (answer) => answer.data,
  });
}

/** The company's tags whose name contains q (PATCH /v1/tags). */
export function tagSearchQueryOptions(client: ApiClient, q: string) {
  return queryOptions({
    queryKey: contactKeys.tagSearch(q),
    queryFn: ({ signal }) => client.call('searchTags', { body: { q: q || null, limit: 100 }, signal }),
    select: (answer) => answer.data,
    placeholderData: keepPreviousData,
  });
}

export function carriersQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: contactKeys.carriers(),
    queryFn: ({ signal }) => client.call('listCarriers', { signal }),
    select: (answer) => answer.data,
    staleTime: 5 * 60_000,
  });
}

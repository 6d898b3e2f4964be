import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@crm/api-client';
import { contactKeys } from '../contacts-queries';
import { duplicatesScope, hasDuplicateOption, type DuplicateOptions } from './duplicate-search';

/** One page of the duplicate scan (PATCH /v1/contacts with contacts_scope.duplicates); under contactKeys.all, so that any contact change refreshes it. */
export function duplicatesQueryOptions(client: ApiClient, options: DuplicateOptions, page: number) {
  const scope = duplicatesScope(options, page);
  return queryOptions({
    queryKey: [...contactKeys.all, 'duplicates', scope] as const,
    queryFn: ({ signal }) => client.call('listContacts', { body: { contacts_scope: scope }, signal }),
    enabled: hasDuplicateOption(options),
    placeholderData: keepPreviousData,
  });
}

/** How many notes a contact has (the merge summary): one note asked for, the count read from meta. */
export function notesCountQueryOptions(client: ApiClient, id: number) {
  return queryOptions({
    queryKey: [...contactKeys.record(id, 'notes'), { count: true }] as const,
    queryFn: ({ signal }) => client.call('listContactNotes', { params: { id }, query: { limit: 1 }, signal }),
    select: (answer) => answer.meta.total_count,
  });
}

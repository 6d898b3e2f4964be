import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@crm/api-client';
import type { ImportAttempt, ResponseOf, Endpoints } from '@crm/contract';

export const IMPORT_ATTEMPTS_PAGE_SIZE = 15;

export const importKeys = {
  all: ['imports'] as const,
  attempts: (tab: 'mine' | 'all', page: number) => [...importKeys.all, 'attempts', tab, page] as const,
  settings: () => [...importKeys.all, 'settings'] as const,
};

export function importAttemptsQueryOptions(client: ApiClient, tab: 'mine' | 'all', page: number) {
  return queryOptions({
    queryKey: importKeys.attempts(tab, page),
    queryFn: ({ signal }) => client.call('listImportAttempts', { query: { tab, page, limit: IMPORT_ATTEMPTS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function importSettingsQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: importKeys.settings(),
    queryFn: ({ signal }) => client.call('listImportSettings', { signal }),
    select: (answer) => answer.data,
  });
}

type AttemptsPage = ResponseOf<Endpoints['listImportAttempts']>;

/**
 * A live message (part 2 §4): the attempt replaces the one with its id in every loaded page of
 * attempts; a new one (another tab started it) goes on top of the first page.
 */
export function applyAttemptMessage(queryClient: QueryClient, attempt: ImportAttempt): void {
  for (const [key, page] of queryClient.getQueriesData<AttemptsPage>({ queryKey: [...importKeys.all, 'attempts'] })) {
    if (!page) continue;
    const known = page.data.some((a) => a.id === attempt.id);
    const first = key[3] === 1;
    if (!known && !first) continue;
    queryClient.setQueryData<AttemptsPage>(key, {
      ...page,
      data: known ? page.data.map((a) => (a.id === attempt.id ? attempt : a)) : [attempt, ...page.data].slice(0, page.meta.limit),
    });
  }
}

import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@crm/api-client';
import type { ImportAttempt, ResponseOf, Endpoints } from '@crm/contract';

export const IMPORT_ATTEMPTS_PAGE_SIZE = 15;

/**
 * An attempt's row counts as the screen says them: "90 imported (12 with warnings)", then the
 * contacts updated by a Contact ID column when there are any ("90 imported · 4 updated (12 with
 * warnings)": the warnings count both), skipped and refused.
 */
export function attemptCounts(a: ImportAttempt): string[] {
  const n = (value: number) => value.toLocaleString('en-US');
  const made = [`${n(a.imported_count)} imported`, ...(a.updated_count > 0 ? [`${n(a.updated_count)} updated`] : [])];
  if (a.warning_count > 0) made[made.length - 1] += ` (${n(a.warning_count)} with warnings)`;
  return [...made, `${n(a.skipped_count)} skipped`, `${n(a.error_count)} refused`];
}

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

const STATUS_ORDER: Record<ImportAttempt['status'], number> = { queued: 0, processing: 1, completed: 2, failed: 2 };

/**
 * The later of two states of one attempt: by updated_at, then status, then progress. A job can
 * run before the request that queued it has answered, so its messages may come before that answer.
 */
export function laterAttempt(next: ImportAttempt, known: ImportAttempt | undefined): ImportAttempt {
  if (!known) return next;
  const order = (a: ImportAttempt) => [Date.parse(a.updated_at), STATUS_ORDER[a.status], a.progress] as const;
  const [n, k] = [order(next), order(known)];
  for (let i = 0; i < n.length; i += 1) if (n[i] !== k[i]) return (n[i] as number) > (k[i] as number) ? next : known;
  return next;
}

/**
 * A live message (part 2 §4): the attempt replaces the one with its id in every loaded page of
 * attempts, unless that one is later (laterAttempt); a new one (another tab started it) goes on
 * top of the first page.
 */
export function applyAttemptMessage(queryClient: QueryClient, attempt: ImportAttempt): void {
  for (const [key, page] of queryClient.getQueriesData<AttemptsPage>({ queryKey: [...importKeys.all, 'attempts'] })) {
    if (!page) continue;
    const known = page.data.some((a) => a.id === attempt.id);
    const first = key[3] === 1;
    if (!known && !first) continue;
    queryClient.setQueryData<AttemptsPage>(key, {
      ...page,
      data: known ? page.data.map((a) => (a.id === attempt.id ? laterAttempt(attempt, a) : a)) : [attempt, ...page.data].slice(0, page.meta.limit),
    });
  }
}

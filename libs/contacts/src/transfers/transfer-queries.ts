import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@crm/api-client';
import {
  TRANSFER_ATTEMPTS_PAGE_SIZE,
  TRANSFER_LOGS_PAGE_SIZE,
  type TRANSFER_ORDER_FIELDS,
  type TransferAttempt,
} from '@crm/contract';
import { INTERRUPTED_LABEL, withInterruption } from '../jobs/interrupted';

/** How often a running transfer (queued, processing or reverting) is asked about again. */
export const TRANSFER_POLL_MS = 1000;

/** The order of the transfer list: a field the API sorts by, and the direction. */
export type TransferOrder = { order_field: (typeof TRANSFER_ORDER_FIELDS)[number]; order: 'asc' | 'desc' };

/** What one page of the transfer list asks for (q finds a user by name). */
export type TransferAttemptsSearch = TransferOrder & { page: number; q: string };

/** Query keys of the transfer screens; invalidating `all` refreshes the list, the attempts and their logs. */
export const transferKeys = {
  all: ['transfers'] as const,
  lists: () => [...transferKeys.all, 'list'] as const,
  list: (search: TransferAttemptsSearch) => [...transferKeys.lists(), search] as const,
  attempt: (id: number) => [...transferKeys.all, 'attempt', id] as const,
  status: (id: number) => [...transferKeys.attempt(id), 'status'] as const,
  logs: (id: number, page: number, q: string) => [...transferKeys.attempt(id), 'logs', { page, q }] as const,
};

/** Whether the job still works on the attempt: moving its contacts, or putting them back. */
export function isTransferRunning(attempt: TransferAttempt): boolean {
  return attempt.status === 'queued' || attempt.status === 'processing' || attempt.reverting;
}

/** Whether the attempt is moving its contacts (queued or processing, not a revert). */
export function isTransferMoving(attempt: TransferAttempt): boolean {
  return !attempt.reverting && (attempt.status === 'queued' || attempt.status === 'processing');
}

/** Whether the attempt waits for its owner's decision: done, neither reverted nor being reverted. */
export function canDecideTransfer(attempt: TransferAttempt): boolean {
  return attempt.status === 'done' && !attempt.reverted && !attempt.reverting;
}

const STATUS_LABELS: Record<TransferAttempt['status'], string> = {
  queued: 'Waiting for a worker',
  processing: 'Moving contacts',
  done: 'Done – awaiting confirmation',
  complete: 'Complete',
  failed: 'Failed',
};

/** The attempt's state in plain English; the revert marker and a finished revert come first. */
export function transferStatusLabel(attempt: TransferAttempt): string {
  if (attempt.reverting) return 'Reverting…';
  if (attempt.reverted) return 'Reverted';
  if (attempt.interrupted && (attempt.status === 'queued' || attempt.status === 'processing')) return INTERRUPTED_LABEL;
  return STATUS_LABELS[attempt.status];
}

/** The progress bar's name while an attempt moves its contacts, e.g. "Moving 120 contacts to Jane Doe". */
export function transferProgressLabel(attempt: TransferAttempt): string {
  const n = attempt.total_count;
  return withInterruption(`Moving ${n.toLocaleString('en-US')} ${n === 1 ? 'contact' : 'contacts'} to ${attempt.to_user.name}`, attempt.interrupted);
}

/**
 * One page of the transfer attempts (GET /v1/contacts/transfer_attempts), 15 a page. While any
 * attempt shown is queued, processing or reverting, the page is asked for again every second.
 */
export function transferAttemptsQueryOptions(client: ApiClient, search: TransferAttemptsSearch) {
  const q = search.q.trim();
  return queryOptions({
    queryKey: transferKeys.list(search),
    queryFn: ({ signal }) =>
      client.call('listTransferAttempts', {
        query: {
          page: search.page,
          limit: TRANSFER_ATTEMPTS_PAGE_SIZE,
          order_field: search.order_field,
          order: search.order,
          ...(q ? { q } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some(isTransferRunning) ? TRANSFER_POLL_MS : false),
  });
}

/**
 * A transfer attempt, polled (GET /v1/contacts/transfer_attempts/{id}/status): every second while
 * it is queued, processing or reverting.
 */
export function transferAttemptStatusQueryOptions(client: ApiClient, id: number) {
  return queryOptions({
    queryKey: transferKeys.status(id),
    queryFn: ({ signal }) => client.call('transferAttemptStatus', { params: { id }, signal }),
    select: (answer) => answer.data,
    refetchInterval: (query) => (query.state.data && isTransferRunning(query.state.data.data) ? TRANSFER_POLL_MS : false),
  });
}

/**
 * One page of the contacts a transfer moved (GET /v1/contacts/transfer_attempts/{id}/logs), 50 a
 * page; `poll` asks again every second (while the transfer still moves contacts).
 */
export function transferLogsQueryOptions(client: ApiClient, id: number, page: number, q: string, poll = false) {
  const search = q.trim();
  return queryOptions({
    queryKey: transferKeys.logs(id, page, search),
    queryFn: ({ signal }) =>
      client.call('listTransferLogs', {
        params: { id },
        query: { page, limit: TRANSFER_LOGS_PAGE_SIZE, ...(search ? { q: search } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: poll ? TRANSFER_POLL_MS : false,
  });
}

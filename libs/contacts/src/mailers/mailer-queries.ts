import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@crm/api-client';

/** Query keys of the mailer assignment screen; invalidating `all` refreshes the kits and every kit's counts. */
export const mailerKeys = {
  all: ['mailers'] as const,
  kits: () => [...mailerKeys.all, 'kits'] as const,
  counts: (kitId: number) => [...mailerKeys.all, 'counts', kitId] as const,
};

/** The mailer kits with their unassigned counts (GET /v1/contacts/mailer_assignment_kits). */
export function mailerKitsQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: mailerKeys.kits(),
    queryFn: ({ signal }) => client.call('mailerAssignmentKits', { signal }),
    select: (answer) => answer.data,
  });
}

/** Who holds how many of a kit's contacts (GET /v1/contacts/mailer_assignment_counts). */
export function mailerCountsQueryOptions(client: ApiClient, kitId: number) {
  return queryOptions({
    queryKey: mailerKeys.counts(kitId),
    queryFn: ({ signal }) => client.call('mailerAssignmentCounts', { query: { kit_id: kitId }, signal }),
    select: (answer) => answer.data,
  });
}

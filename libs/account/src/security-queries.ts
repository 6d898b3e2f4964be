import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@crm/api-client';
import { accountKeys } from './api-keys-queries';

/** Query keys of the security screen and the pending e-mail change. */
export const securityKeys = {
  sessions: () => [...accountKeys.all, 'sessions'] as const,
  events: (page: number) => [...accountKeys.all, 'security_events', page] as const,
  emailChange: () => [...accountKeys.all, 'email_change'] as const,
};

/** Rows per page of security events. */
export const SECURITY_EVENTS_PER_PAGE = 25;

/** The signed-in user's own sessions (GET /v1/sessions). */
export function sessionsQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: securityKeys.sessions(),
    queryFn: ({ signal }) => client.call('listOwnSessions', { signal }),
    select: (answer) => answer.data,
  });
}

/** A page of the account's security events of the last 90 days (GET /v1/users/security_events). */
export function securityEventsQueryOptions(client: ApiClient, page: number) {
  return queryOptions({
    queryKey: securityKeys.events(page),
    queryFn: ({ signal }) =>
      client.call('listSecurityEvents', { query: { page, limit: SECURITY_EVENTS_PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The pending change of the user's e-mail address, if any (GET /v1/users/email_change). */
export function emailChangeQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: securityKeys.emailChange(),
    queryFn: ({ signal }) => client.call('showEmailChange', { signal }),
    select: (answer) => answer.data,
  });
}

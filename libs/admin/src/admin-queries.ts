import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@crm/api-client';
import type { QueryOf, listAdminUsers } from '@crm/contract';

export type AdminUsersQuery = NonNullable<QueryOf<typeof listAdminUsers>>;

/** Query keys of the admin library. */
export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (query: AdminUsersQuery) => [...adminKeys.users(), 'list', query] as const,
  userRoles: (id: number) => [...adminKeys.users(), id, 'roles'] as const,
  features: () => [...adminKeys.all, 'features'] as const,
  featureFlags: () => [...adminKeys.all, 'feature_flags'] as const,
  quietJobs: () => [...adminKeys.all, 'quiet_jobs'] as const,
};

/** The company's users, a page at a time (GET /v1/admin/users). */
export function adminUsersQueryOptions(client: ApiClient, query: AdminUsersQuery) {
  return queryOptions({
    queryKey: adminKeys.userList(query),
    queryFn: ({ signal }) => client.call('listAdminUsers', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A user's roles and the roles the caller may give them (GET /v1/admin/users/{id}/roles). */
export function adminUserRolesQueryOptions(client: ApiClient, id: number) {
  return queryOptions({
    queryKey: adminKeys.userRoles(id),
    queryFn: ({ signal }) => client.call('adminUserRoles', { params: { id }, signal }),
    select: (answer) => answer.data,
  });
}

/** Every feature with the brand's rule and its state per role (GET /v1/admin/features). */
export function featuresQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: adminKeys.features(),
    queryFn: ({ signal }) => client.call('listFeatures', { signal }),
  });
}

/** The administrators' overrides and the previewed flag (GET /v1/admin/feature_flags). */
export function featureFlagsQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: adminKeys.featureFlags(),
    queryFn: ({ signal }) => client.call('listFeatureFlags', { signal }),
  });
}

/** Whether the company's scheduled sends are paused (GET /v1/admin/quiet_jobs). */
export function quietJobsQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: adminKeys.quietJobs(),
    queryFn: ({ signal }) => client.call('showQuietJobs', { signal }),
    select: (answer) => answer.data,
  });
}

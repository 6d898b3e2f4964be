import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@crm/api-client';
import type { AdminProductEndpoints, Product, QueryOf, listAdminUsers, listWebhookEvents } from '@crm/contract';

export type AdminUsersQuery = NonNullable<QueryOf<typeof listAdminUsers>>;
export type WebhookEventsQuery = NonNullable<QueryOf<typeof listWebhookEvents>>;

/** Query keys of the admin library. */
export const adminKeys = {
  all: ['admin'] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (query: AdminUsersQuery) => [...adminKeys.users(), 'list', query] as const,
  userRoles: (id: number) => [...adminKeys.users(), id, 'roles'] as const,
  features: () => [...adminKeys.all, 'features'] as const,
  featureFlags: () => [...adminKeys.all, 'feature_flags'] as const,
  quietJobs: () => [...adminKeys.all, 'quiet_jobs'] as const,
  webhookEvents: () => [...adminKeys.all, 'webhook_events'] as const,
  webhookEventList: (query: WebhookEventsQuery) => [...adminKeys.webhookEvents(), 'list', query] as const,
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

/** Inbound vendor events that could not be processed, a page at a time (GET /v1/admin/webhook_events). */
export function webhookEventsQueryOptions(client: ApiClient, query: WebhookEventsQuery) {
  return queryOptions({
    queryKey: adminKeys.webhookEventList(query),
    queryFn: ({ signal }) => client.call('listWebhookEvents', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** An admin endpoint's name for a product: `adminEndpoint('sms', 'listPlans')` → 'adminSmsListPlans'. */
export type AdminProductOperation = keyof AdminProductEndpoints;
export type AdminProductEndpointName<O extends AdminProductOperation> = `admin${Capitalize<Product>}${Capitalize<O>}`;
export function adminEndpoint<O extends AdminProductOperation>(product: Product, operation: O): AdminProductEndpointName<O> {
  return `admin${product === 'sms' ? 'Sms' : 'Dialer'}${operation[0]!.toUpperCase()}${operation.slice(1)}` as AdminProductEndpointName<O>;
}

export type AdminPlansQuery = NonNullable<QueryOf<AdminProductEndpoints['listPlans']>>;
export type AdminSubscriptionsQuery = NonNullable<QueryOf<AdminProductEndpoints['listSubscriptions']>>;
export type AdminOrdersQuery = NonNullable<QueryOf<AdminProductEndpoints['listOrders']>>;
export type AdminUsageQuery = NonNullable<QueryOf<AdminProductEndpoints['usage']>>;

/** Query keys of one product's admin screens (everything of the product: `productKeys.all(p)`). */
export const productKeys = {
  all: (product: Product) => [...adminKeys.all, 'products', product] as const,
  plans: (product: Product, query: AdminPlansQuery) => [...productKeys.all(product), 'plans', query] as const,
  subscriptions: (product: Product, query: AdminSubscriptionsQuery) => [...productKeys.all(product), 'subscriptions', query] as const,
  orders: (product: Product, query: AdminOrdersQuery) => [...productKeys.all(product), 'orders', query] as const,
  usage: (product: Product, query: AdminUsageQuery) => [...productKeys.all(product), 'usage', query] as const,
};

/** The company's plans of a product, inactive ones included, a page at a time (GET /v1/admin/{product}/{product}_plans). */
export function adminPlansQueryOptions(client: ApiClient, product: Product, query: AdminPlansQuery) {
  return queryOptions({
    queryKey: productKeys.plans(product, query),
    queryFn: ({ signal }) => client.call(adminEndpoint(product, 'listPlans'), { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The company's subscriptions of a product (GET /v1/admin/{product}/subscriptions). */
export function adminSubscriptionsQueryOptions(client: ApiClient, product: Product, query: AdminSubscriptionsQuery) {
  return queryOptions({
    queryKey: productKeys.subscriptions(product, query),
    queryFn: ({ signal }) => client.call(adminEndpoint(product, 'listSubscriptions'), { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The company's orders of a product (GET /v1/admin/{product}/orders). */
export function adminOrdersQueryOptions(client: ApiClient, product: Product, query: AdminOrdersQuery) {
  return queryOptions({
    queryKey: productKeys.orders(product, query),
    queryFn: ({ signal }) => client.call(adminEndpoint(product, 'listOrders'), { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A product's usage across the company for a period, with the last months' totals (GET /v1/admin/{product}/usage). */
export function adminUsageQueryOptions(client: ApiClient, product: Product, query: AdminUsageQuery) {
  return queryOptions({
    queryKey: productKeys.usage(product, query),
    queryFn: ({ signal }) => client.call(adminEndpoint(product, 'usage'), { query, signal }),
    placeholderData: keepPreviousData,
  });
}

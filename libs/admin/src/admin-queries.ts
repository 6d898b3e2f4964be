import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '@crm/api-client';
import type { AdminTelephonyPlanEndpoints, CampaignTriggersQuery, TelephonyKind, QueryOf, listAdminUsers, listWebhookEvents } from '@crm/contract';

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
  campaignTriggers: () => [...adminKeys.all, 'campaign_triggers'] as const,
  campaignTriggerList: (query: Partial<CampaignTriggersQuery>) => [...adminKeys.campaignTriggers(), 'list', query] as const,
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

/** The company's and the brand's campaign triggers, filtered, a page at a time (GET /v1/admin/campaign_triggers). */
export function campaignTriggersQueryOptions(client: ApiClient, query: Partial<CampaignTriggersQuery>) {
  return queryOptions({
    queryKey: adminKeys.campaignTriggerList(query),
    queryFn: ({ signal }) => client.call('listCampaignTriggers', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** An admin endpoint's name for a kind (dialer, sms): `adminEndpoint('sms', 'listPlans')` → 'adminSmsListPlans'. */
export type AdminTelephonyOperation = keyof AdminTelephonyPlanEndpoints;
export type AdminTelephonyEndpointName<O extends AdminTelephonyOperation> = `admin${Capitalize<TelephonyKind>}${Capitalize<O>}`;
export function adminEndpoint<O extends AdminTelephonyOperation>(product: TelephonyKind, operation: O): AdminTelephonyEndpointName<O> {
  return `admin${product === 'sms' ? 'Sms' : 'Dialer'}${operation[0]!.toUpperCase()}${operation.slice(1)}` as AdminTelephonyEndpointName<O>;
}

export type AdminPlansQuery = NonNullable<QueryOf<AdminTelephonyPlanEndpoints['listPlans']>>;
export type AdminSubscriptionsQuery = NonNullable<QueryOf<AdminTelephonyPlanEndpoints['listSubscriptions']>>;
export type AdminOrdersQuery = NonNullable<QueryOf<AdminTelephonyPlanEndpoints['listOrders']>>;
export type AdminUsageQuery = NonNullable<QueryOf<AdminTelephonyPlanEndpoints['usage']>>;

/** Query keys of one kind's admin screens (everything of that kind: `telephonyPlanKeys.all(p)`). */
export const telephonyPlanKeys = {
  all: (product: TelephonyKind) => [...adminKeys.all, 'telephony-plans', product] as const,
  plans: (product: TelephonyKind, query: AdminPlansQuery) => [...telephonyPlanKeys.all(product), 'plans', query] as const,
  subscriptions: (product: TelephonyKind, query: AdminSubscriptionsQuery) => [...telephonyPlanKeys.all(product), 'subscriptions', query] as const,
  orders: (product: TelephonyKind, query: AdminOrdersQuery) => [...telephonyPlanKeys.all(product), 'orders', query] as const,
  usage: (product: TelephonyKind, query: AdminUsageQuery) => [...telephonyPlanKeys.all(product), 'usage', query] as const,
};

/** The company's plans of a kind, inactive ones included, a page at a time (GET /v1/admin/{product}/{product}_plans). */
export function adminPlansQueryOptions(client: ApiClient, product: TelephonyKind, query: AdminPlansQuery) {
  return queryOptions({
    queryKey: telephonyPlanKeys.plans(product, query),
    queryFn: ({ signal }) => client.call(adminEndpoint(product, 'listPlans'), { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The company's subscriptions of a kind (GET /v1/admin/{product}/subscriptions). */
export function adminSubscriptionsQueryOptions(client: ApiClient, product: TelephonyKind, query: AdminSubscriptionsQuery) {
  return queryOptions({
    queryKey: telephonyPlanKeys.subscriptions(product, query),
    queryFn: ({ signal }) => client.call(adminEndpoint(product, 'listSubscriptions'), { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The company's orders of a kind (GET /v1/admin/{product}/orders). */
export function adminOrdersQueryOptions(client: ApiClient, product: TelephonyKind, query: AdminOrdersQuery) {
  return queryOptions({
    queryKey: telephonyPlanKeys.orders(product, query),
    queryFn: ({ signal }) => client.call(adminEndpoint(product, 'listOrders'), { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** A kind's usage across the company for a period, with the last months' totals (GET /v1/admin/{product}/usage). */
export function adminUsageQueryOptions(client: ApiClient, product: TelephonyKind, query: AdminUsageQuery) {
  return queryOptions({
    queryKey: telephonyPlanKeys.usage(product, query),
    queryFn: ({ signal }) => client.call(adminEndpoint(product, 'usage'), { query, signal }),
    placeholderData: keepPreviousData,
  });
}

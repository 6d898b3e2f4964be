import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@crm/api-client';
import type { EndpointName, TelephonyKind, TelephonyPlanEndpoints } from '@crm/contract';

/** Query keys of a telephony plan's subscription page (dialer or SMS): its usage, subscription and licences. */
export const telephonyPlanKeys = {
  all: (product: TelephonyKind) => ['telephony-plans', product] as const,
  usage: (product: TelephonyKind) => [...telephonyPlanKeys.all(product), 'usage'] as const,
  subscription: (product: TelephonyKind, id: number) => [...telephonyPlanKeys.all(product), 'subscription', id] as const,
  licenses: (product: TelephonyKind, subscriptionId: number, page: number, limit: number) =>
    [...telephonyPlanKeys.all(product), 'licenses', { subscriptionId, page, limit }] as const,
  orders: (product: TelephonyKind, subscriptionId: number, page: number, limit: number) =>
    [...telephonyPlanKeys.all(product), 'orders', { subscriptionId, page, limit }] as const,
};

/** Order rows a page. */
export const ORDERS_PAGE_SIZE = 10;

/** Licence rows a page. */
export const LICENSES_PAGE_SIZE = 10;

type TelephonyPlanEndpointKey = keyof TelephonyPlanEndpoints & string;

/**
 * The endpoint table's name of one kind's endpoint: `dialerListLicenses`, `smsListLicenses`
 * (the contract prefixes each kind's table, telephonyPlanEndpointEntries).
 */
export function telephonyPlanEndpointName<K extends TelephonyPlanEndpointKey>(product: TelephonyKind, key: K): `${TelephonyKind}${Capitalize<K>}` & EndpointName {
  return `${product}${key.charAt(0).toUpperCase()}${key.slice(1)}` as `${TelephonyKind}${Capitalize<K>}` & EndpointName;
}

/** Usage this period against the allocation: the subscription the caller pays for, else their own licence's. */
export function telephonyUsageQueryOptions(client: ApiClient, product: TelephonyKind) {
  return queryOptions({
    queryKey: telephonyPlanKeys.usage(product),
    queryFn: ({ signal }) => client.call(telephonyPlanEndpointName(product, 'usage'), { query: {}, signal }),
    select: (answer) => answer.data,
  });
}

/** One subscription: plan, type, status and period. */
export function telephonySubscriptionQueryOptions(client: ApiClient, product: TelephonyKind, id: number) {
  return queryOptions({
    queryKey: telephonyPlanKeys.subscription(product, id),
    queryFn: ({ signal }) => client.call(telephonyPlanEndpointName(product, 'showSubscription'), { params: { id }, signal }),
    select: (answer) => answer.data,
  });
}

/** One page of a subscription's licences within the caller's reach, with this period's usage. */
export function telephonyLicensesQueryOptions(
  client: ApiClient,
  product: TelephonyKind,
  subscriptionId: number,
  page: number,
  limit: number = LICENSES_PAGE_SIZE,
) {
  return queryOptions({
    queryKey: telephonyPlanKeys.licenses(product, subscriptionId, page, limit),
    queryFn: ({ signal }) =>
      client.call(telephonyPlanEndpointName(product, 'listLicenses'), { query: { subscription_id: subscriptionId, page, limit }, signal }),
  });
}

/** One page of a subscription's orders (those the caller pays for), newest first. */
export function telephonyOrdersQueryOptions(client: ApiClient, product: TelephonyKind, subscriptionId: number, page: number, limit: number = ORDERS_PAGE_SIZE) {
  return queryOptions({
    queryKey: telephonyPlanKeys.orders(product, subscriptionId, page, limit),
    queryFn: ({ signal }) => client.call(telephonyPlanEndpointName(product, 'listOrders'), { query: { subscription_id: subscriptionId, page, limit }, signal }),
  });
}

/** After a change to a subscription or its licences: everything the page shows of that kind (dialer or SMS). */
export function useRefreshTelephonyPlans(product: TelephonyKind): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: telephonyPlanKeys.all(product) });
}

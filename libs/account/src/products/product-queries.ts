import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@crm/api-client';
import type { EndpointName, Product, ProductEndpoints } from '@crm/contract';

/** Query keys of a product's subscription page (dialer or SMS): its usage, subscription and licences. */
export const productKeys = {
  all: (product: Product) => ['products', product] as const,
  usage: (product: Product) => [...productKeys.all(product), 'usage'] as const,
  subscription: (product: Product, id: number) => [...productKeys.all(product), 'subscription', id] as const,
  licenses: (product: Product, subscriptionId: number, page: number, limit: number) =>
    [...productKeys.all(product), 'licenses', { subscriptionId, page, limit }] as const,
  orders: (product: Product, subscriptionId: number, page: number, limit: number) =>
    [...productKeys.all(product), 'orders', { subscriptionId, page, limit }] as const,
};

/** Order rows a page. */
export const ORDERS_PAGE_SIZE = 10;

/** Licence rows a page. */
export const LICENSES_PAGE_SIZE = 10;

type ProductEndpointKey = keyof ProductEndpoints & string;

/**
 * The endpoint table's name of one product's endpoint: `dialerListLicenses`, `smsListLicenses`
 * (the contract prefixes each product's table, productEndpointEntries).
 */
export function productEndpointName<K extends ProductEndpointKey>(product: Product, key: K): `${Product}${Capitalize<K>}` & EndpointName {
  return `${product}${key.charAt(0).toUpperCase()}${key.slice(1)}` as `${Product}${Capitalize<K>}` & EndpointName;
}

/** Usage this period against the allocation: the subscription the caller pays for, else their own licence's. */
export function productUsageQueryOptions(client: ApiClient, product: Product) {
  return queryOptions({
    queryKey: productKeys.usage(product),
    queryFn: ({ signal }) => client.call(productEndpointName(product, 'usage'), { query: {}, signal }),
    select: (answer) => answer.data,
  });
}

/** One subscription: plan, type, status and period. */
export function productSubscriptionQueryOptions(client: ApiClient, product: Product, id: number) {
  return queryOptions({
    queryKey: productKeys.subscription(product, id),
    queryFn: ({ signal }) => client.call(productEndpointName(product, 'showSubscription'), { params: { id }, signal }),
    select: (answer) => answer.data,
  });
}

/** One page of a subscription's licences within the caller's reach, with this period's usage. */
export function productLicensesQueryOptions(
  client: ApiClient,
  product: Product,
  subscriptionId: number,
  page: number,
  limit: number = LICENSES_PAGE_SIZE,
) {
  return queryOptions({
    queryKey: productKeys.licenses(product, subscriptionId, page, limit),
    queryFn: ({ signal }) =>
      client.call(productEndpointName(product, 'listLicenses'), { query: { subscription_id: subscriptionId, page, limit }, signal }),
  });
}

/** One page of a subscription's orders (those the caller pays for), newest first. */
export function productOrdersQueryOptions(client: ApiClient, product: Product, subscriptionId: number, page: number, limit: number = ORDERS_PAGE_SIZE) {
  return queryOptions({
    queryKey: productKeys.orders(product, subscriptionId, page, limit),
    queryFn: ({ signal }) => client.call(productEndpointName(product, 'listOrders'), { query: { subscription_id: subscriptionId, page, limit }, signal }),
  });
}

/** After a change to a product's subscription or licences: everything the page shows of that product. */
export function useRefreshProduct(product: Product): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: productKeys.all(product) });
}

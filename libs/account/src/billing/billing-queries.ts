import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '@crm/api-client';
import { useSession } from '@crm/session';

/** Query keys of the billing screens (the account's own plan, card and history). */
export const billingKeys = {
  all: ['billing'] as const,
  info: () => [...billingKeys.all, 'info'] as const,
  plans: () => [...billingKeys.all, 'plans'] as const,
  quote: (planId: number) => [...billingKeys.all, 'quote', planId] as const,
  history: (page: number, limit: number) => [...billingKeys.all, 'history', { page, limit }] as const,
};

/** History rows a page. */
export const HISTORY_PAGE_SIZE = 10;

/** The signed-in user's account: paid state, plan, period, card on file, how to tokenise a card (GET /v1/accounts/info). */
export function accountInfoQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: billingKeys.info(),
    queryFn: () => client.call('accountInfo'),
    select: (answer) => answer.data,
  });
}

/** The plans one can choose (GET /v1/plans). */
export function plansQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: billingKeys.plans(),
    queryFn: ({ signal }) => client.call('listAccountPlans', { signal }),
    select: (answer) => answer.data,
  });
}

/** What choosing the plan would do now: the server's quote, which Pay charges (GET /v1/accounts/plan_quote). */
export function planQuoteQueryOptions(client: ApiClient, planId: number) {
  return queryOptions({
    queryKey: billingKeys.quote(planId),
    queryFn: ({ signal }) => client.call('accountPlanQuote', { query: { plan_id: planId }, signal }),
    select: (answer) => answer.data,
  });
}

/** One page of the account's charges, refunds and failures, newest first (GET /v1/accounts/history). */
export function historyQueryOptions(client: ApiClient, page: number, limit: number = HISTORY_PAGE_SIZE) {
  return queryOptions({
    queryKey: billingKeys.history(page, limit),
    queryFn: ({ signal }) => client.call('accountHistory', { query: { page, limit }, signal }),
  });
}

/**
 * After a change to the account: its billing data and the session (the current user's `paid_user?`
 * decides the unpaid redirect and banner).
 */
export function useRefreshAccount(): () => Promise<void> {
  const queryClient = useQueryClient();
  const { invalidate } = useSession();
  return async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: billingKeys.all }), invalidate()]);
  };
}

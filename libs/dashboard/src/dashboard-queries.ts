import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '@crm/api-client';
import { DASHBOARD_PAGE_SIZE, type DashboardInfo, type DashboardType } from '@crm/contract';
import { useSession } from '@crm/session';
import { mergeDashboardInfo } from './dashboard-info';

/** Query keys of the dashboard library. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  card: (type: DashboardType, limit: number) => [...dashboardKeys.all, type, limit] as const,
  page: (type: DashboardType, limit: number, page: number) => [...dashboardKeys.card(type, limit), 'page', page] as const,
};

/** The paging meta an answer of `type` carries, if the type is paged. */
function pagingOf(info: DashboardInfo, type: DashboardType) {
  switch (type) {
    case 'client_birthdays':
      return info.client_birthdays_meta;
    case 'prospect_birthdays':
      return info.prospect_birthdays_meta;
    case 'turning_65':
      return info.turning_65_meta;
    case 'new_leads':
      return info.new_leads_meta;
    default:
      return undefined;
  }
}

/**
 * One card's pages (PATCH /v1/dashboard?type=…): the first on mount, a next one on fetchNextPage
 * while the meta says there are more. Refetched pages are asked for again in order.
 */
export function dashboardCardQueryOptions(client: ApiClient, type: DashboardType, limit: number) {
  return infiniteQueryOptions({
    queryKey: dashboardKeys.card(type, limit),
    queryFn: ({ pageParam, signal }) => client.call('updateDashboard', { query: { type }, body: { page: pageParam, limit }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => {
      const meta = pagingOf(last.data, type);
      return meta && meta.current_page < meta.total_pages ? meta.current_page + 1 : undefined;
    },
  });
}

/**
 * A card's data as dashboard_info: the current user's dashboard_info with every page of the card
 * merged in, in order, by the spec's merge rule (mergeDashboardInfo: birthdays appended).
 */
export function useDashboardCard(type: DashboardType, limit = DASHBOARD_PAGE_SIZE) {
  const client = useApiClient();
  const { user } = useSession();
  const base = user?.dashboard_info ?? {};
  return useInfiniteQuery({
    ...dashboardCardQueryOptions(client, type, limit),
    select: (data) => data.pages.reduce((info, page) => mergeDashboardInfo(info, page.data), base),
  });
}

export type DashboardCardQuery = ReturnType<typeof useDashboardCard>;

export type DashboardPageOptions = {
  limit?: number;
  /** Ask again every 5 seconds while the answer says so (work in progress). */
  refetchWhile?: (info: DashboardInfo) => boolean;
};

/**
 * One page of a card that pages by replacing (every type but the birthdays, spec part 1 §4): the
 * current user's dashboard_info with that page merged in. The page shown stays while the next loads.
 */
export function useDashboardPage(type: DashboardType, page: number, { limit = DASHBOARD_PAGE_SIZE, refetchWhile }: DashboardPageOptions = {}) {
  const client = useApiClient();
  const { user } = useSession();
  const base = user?.dashboard_info ?? {};
  return useQuery({
    queryKey: dashboardKeys.page(type, limit, page),
    queryFn: ({ signal }) => client.call('updateDashboard', { query: { type }, body: { page, limit }, signal }),
    select: (answer) => mergeDashboardInfo(base, answer.data),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (refetchWhile && query.state.data && refetchWhile(query.state.data.data) ? 5000 : false),
  });
}

export { DashboardPage, COMING_CARDS } from './DashboardPage';
export { BirthdaysCard } from './cards/BirthdaysCard';
export type { BirthdaysCardProps } from './cards/BirthdaysCard';
export { mergeDashboardInfo } from './dashboard-info';
export { dashboardKeys, dashboardCardQueryOptions, useDashboardCard, useDashboardPage } from './dashboard-queries';
export type { DashboardPageOptions } from './dashboard-queries';

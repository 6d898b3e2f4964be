export { DashboardPage as Component } from '@crm/dashboard';

export { PlanPage as Component } from '@crm/account';

export { ProductSubscriptionsPage as Component } from '@crm/admin';

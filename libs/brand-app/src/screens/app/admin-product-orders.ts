export { ProductOrdersPage as Component } from '@crm/admin';

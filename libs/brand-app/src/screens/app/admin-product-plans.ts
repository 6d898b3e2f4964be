export { ProductPlansPage as Component } from '@crm/admin';

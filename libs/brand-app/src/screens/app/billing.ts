export { BillingPage as Component } from '@crm/account';

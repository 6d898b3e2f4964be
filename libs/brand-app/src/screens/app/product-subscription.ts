export { ProductSubscriptionPage as Component } from '@crm/account';

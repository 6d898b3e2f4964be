export { TelephonySubscriptionsPage as Component } from '@crm/admin';

export { TelephonySubscriptionPage as Component } from '@crm/account';

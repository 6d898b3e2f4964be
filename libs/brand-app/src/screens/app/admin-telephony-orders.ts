export { TelephonyOrdersPage as Component } from '@crm/admin';

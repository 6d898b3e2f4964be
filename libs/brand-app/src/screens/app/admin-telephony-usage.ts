export { TelephonyUsagePage as Component } from '@crm/admin';

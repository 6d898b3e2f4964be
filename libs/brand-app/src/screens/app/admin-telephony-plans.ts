export { TelephonyPlansPage as Component } from '@crm/admin';

export { VendorEventsPage as Component } from '@crm/admin';

export { ProductUsagePage as Component } from '@crm/admin';

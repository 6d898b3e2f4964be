export { BrandedLoginAppPage as Component } from '@crm/shell';

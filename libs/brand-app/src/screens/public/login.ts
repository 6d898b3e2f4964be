export { BrandedLoginPage as Component } from '@crm/shell';

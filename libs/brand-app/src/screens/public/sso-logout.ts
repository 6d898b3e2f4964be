export { BrandedSsoLogoutPage as Component } from '@crm/shell';

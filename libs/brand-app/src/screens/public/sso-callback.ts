export { BrandedSsoCallbackPage as Component } from '@crm/shell';

export { BrandedSsoReauthCallbackPage as Component } from '@crm/shell';

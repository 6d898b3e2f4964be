export { BrandedResetPasswordPage as Component } from '@crm/shell';

export { BrandedEmailChangeConfirmPage as Component } from '@crm/shell';

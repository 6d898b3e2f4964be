export { BrandedEmailChangeReportPage as Component } from '@crm/shell';

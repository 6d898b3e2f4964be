export { ContactUsPage as Component } from '@crm/shell';

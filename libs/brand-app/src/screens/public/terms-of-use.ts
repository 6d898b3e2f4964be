export { TermsOfUsePage as Component } from '@crm/shell';

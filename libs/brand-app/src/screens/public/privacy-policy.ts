export { PrivacyPolicyPage as Component } from '@crm/shell';

export { ReviewPage as Component } from '@crm/account';

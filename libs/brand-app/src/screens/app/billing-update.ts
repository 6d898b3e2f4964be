export { CardPage as Component } from '@crm/account';

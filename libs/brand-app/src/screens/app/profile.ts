export { ProfilePage as Component } from '@crm/account';

export { AdminUsersPage as Component } from '@crm/admin';

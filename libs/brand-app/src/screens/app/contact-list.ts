export { ContactListPage as Component } from '@crm/contacts';

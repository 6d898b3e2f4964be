export { DuplicatesPage as Component } from '@crm/contacts';

export { ImportPage as Component } from '@crm/contacts';

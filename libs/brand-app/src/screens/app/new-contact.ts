export { NewContactPage as Component } from '@crm/contacts';

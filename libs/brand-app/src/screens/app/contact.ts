export { ContactPage as Component } from '@crm/contacts';

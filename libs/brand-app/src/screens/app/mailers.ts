export { MailerAssignmentPage as Component } from '@crm/contacts';

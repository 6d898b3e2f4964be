export { TransferAttemptPage as Component } from '@crm/contacts';

export { TransferAttemptsPage as Component } from '@crm/contacts';

export { AppFrame as Component } from '@crm/shell';

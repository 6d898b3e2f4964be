export { NotFoundPage as Component } from '@crm/shell';

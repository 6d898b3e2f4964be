// Loaded on demand by api-client.ts (loadEndpoints): a module of its own, so that the bundler puts
// the table and the schemas it holds in a chunk of their own.
export { endpoints } from '@crm/contract';

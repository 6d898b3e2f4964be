export { polyfillResizeObserver } from '@crm/testing';

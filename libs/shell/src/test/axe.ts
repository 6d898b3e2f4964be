// The one axe check of the component tests lives in @crm/testing.
export { axeViolations } from '@crm/testing';

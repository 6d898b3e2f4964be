export { FeatureFlagsPage as Component } from '@crm/admin';

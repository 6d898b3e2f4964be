export { mountBrandApp, createBrandApiClient } from './mount-brand-app';
export type { MountBrandAppOptions, MountedBrandApp } from './mount-brand-app';
export { BrandApp } from './BrandApp';
export type { BrandAppProps, BrandAppRouter } from './BrandApp';
export {
  ADMIN_ROUTE,
  BILLING_ROUTE,
  CONTACTS_ROUTE,
  TELEPHONY_ROUTES,
  BASE_NAV_ITEMS,
  BASE_ROUTES,
  PUBLIC_ROUTES,
  createBrandRoutes,
} from './routes';
export type { BrandRoutesOptions } from './routes';
export { lazyScreen, SCREEN_RELOAD_KEY } from './lazy-screen';
export type { ScreenModule } from './lazy-screen';
export {
  DEPLOYMENT_ENVIRONMENTS,
  deploymentEnv,
  parseDeploymentSettings,
} from './deployment-settings';
export type { DeploymentEnvironment, DeploymentSettings } from './deployment-settings';

// First, before any schema is built: see the file. Here, in the module that starts the app (the
// library's index only re-exports, and the bundler drops a re-exporting module's bare imports).
import './zod-under-csp';
import { createRoot, type Root } from 'react-dom/client';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router-dom';
import { createApiClient, createQueryClient, type ApiClient } from '@crm/api-client';
import { reauthBridge, sessionBridge } from '@crm/session';
import { showAccessDenied } from '@crm/shell';
import type { BrandConfig } from '@crm/variant';
import { BrandApp, type BrandAppRouter } from './BrandApp';
import { builtDeploymentSettings } from './built-settings';
import type { DeploymentSettings } from './deployment-settings';
import { createBrandRoutes, type BrandRoutesOptions } from './routes';

export type MountBrandAppOptions = BrandRoutesOptions & {
  /** The app's brand file (checked against the schema by the brand's unit tests). */
  brand: BrandConfig;
  /** The build's VITE_* settings; import.meta.env unless given. */
  env?: Record<string, unknown>;
  /** Where to render; the page's #root unless given. */
  container?: HTMLElement;
};

export type MountedBrandApp = {
  root: Root;
  router: BrandAppRouter;
  queryClient: QueryClient;
  apiClient: ApiClient;
  settings: DeploymentSettings;
};

/** The api-client with the app's wiring: 401s and gates' 403s go to the session (via the bridge), other 403s to the toast, re-authentication to its dialog. */
export function createBrandApiClient(settings: Pick<DeploymentSettings, 'apiBaseUrl'>): ApiClient {
  return createApiClient({
    baseUrl: settings.apiBaseUrl,
    onUnauthorized: sessionBridge.onUnauthorized,
    // A gate's 403 goes to the session (checked again, then the redirect rules apply); others show 'Access denied!'.
    onForbidden: (error) => {
      if (!sessionBridge.onForbidden(error)) showAccessDenied(error);
    },
    onReauthRequired: reauthBridge.onReauthRequired,
  });
}

/**
 * Starts a brand app: reads the deployment settings the build validated (API base address, environment, analytics id;
 * VITE_ANALYTICS_ID replaces the brand's analyticsId, which the routes' <Analytics> loads),
 * creates the query client, the api-client (401 → session, a gate's 403 → session, other 403s → 'Access denied!' toast) and the
 * router, and renders the providers (brand, toasts, error boundary) into #root. A brand app's
 * main.tsx is `mountBrandApp({ brand })`, plus its own routes or navigation if it has any.
 */
export function mountBrandApp({
  brand,
  env = import.meta.env,
  container,
  ...routeOptions
}: MountBrandAppOptions): MountedBrandApp {
  const settings = builtDeploymentSettings(env);
  const element = container ?? document.getElementById('root');
  if (!element) throw new Error('index.html has no #root element');

  const brandWithSettings: BrandConfig = settings.analyticsId
    ? { ...brand, analyticsId: settings.analyticsId }
    : brand;
  const queryClient = createQueryClient();
  const apiClient = createBrandApiClient(settings);
  const router = createBrowserRouter(createBrandRoutes(routeOptions));

  const root = createRoot(element);
  root.render(
    <BrandApp
      brand={brandWithSettings}
      environment={settings.environment}
      router={router}
      queryClient={queryClient}
      apiClient={apiClient}
    />,
  );
  return { root, router, queryClient, apiClient, settings };
}

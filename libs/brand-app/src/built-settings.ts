import type { DeploymentEnvironment, DeploymentSettings } from './deployment-settings';

/**
 * The deployment settings as the build wrote them. The brand apps' Vite configuration
 * (tools/vite/brand-app.ts) validates the VITE_* variables with parseDeploymentSettings, stopping the
 * build on a bad value, and defines import.meta.env.VITE_* as the results (defaults applied, the
 * API address without its trailing slash): the app reads them as they are, without loading zod to
 * validate them again. Outside a brand build (tests) the variables are not set: the same defaults.
 */
export function builtDeploymentSettings(env: Record<string, unknown>): DeploymentSettings {
  const text = (name: string) => (typeof env[name] === 'string' ? (env[name] as string) : '');
  return {
    apiBaseUrl: text('VITE_API_BASE_URL'),
    environment: (text('VITE_APP_ENV') || 'development') as DeploymentEnvironment,
    analyticsId: text('VITE_ANALYTICS_ID') || null,
  };
}

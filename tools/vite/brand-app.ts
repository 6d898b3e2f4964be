import { resolve } from 'node:path';
import { defineConfig, loadEnv, type UserConfig, type UserConfigFnObject } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { parseDeploymentSettings } from '../../libs/brand-app/src/deployment-settings';
import { workspaceAliases, workspaceRoot } from './aliases';

/** Dev-server ports, so that every brand can run beside the others (`nx serve web-<brand>`). */
export const BRAND_APP_DEV_PORTS: Record<string, number> = {
  'web-harbor': 4200,
  'web-keystone': 4201,
  'web-evergreen': 4202,
};

const api = 'http://localhost:3000';

export type BrandViteConfigOptions = {
  /** The VITE_* variables to validate; by default the process environment and the app's .env files. */
  env?: Record<string, string | undefined>;
};

/**
 * The Vite configuration of one brand app (apps/<appName>), shared by every brand: React and
 * Tailwind, the workspace's library aliases, long-lived vendor chunks, output in
 * dist/apps/<appName>, and a dev server proxying the API. The deployment settings (VITE_API_BASE_URL,
 * VITE_APP_ENV, VITE_ANALYTICS_ID) are validated first: an invalid value stops the build with a
 * message naming it.
 */
export function brandViteConfig(
  appName: string,
  options: BrandViteConfigOptions = {},
): UserConfigFnObject {
  return defineConfig(({ mode }): UserConfig => {
    const appRoot = resolve(workspaceRoot, 'apps', appName);
    const env = options.env ?? loadEnv(mode, appRoot, 'VITE_');
    const settings = parseDeploymentSettings(env, appName);
    const port = BRAND_APP_DEV_PORTS[appName] ?? 4200;

    return {
      root: appRoot,
      publicDir: resolve(appRoot, 'public'),
      envDir: appRoot,
      plugins: [react(), tailwindcss()],
      resolve: { alias: workspaceAliases() },
      // The validated values (defaults applied) are what the bundle reads from import.meta.env.
      define: {
        'import.meta.env.VITE_API_BASE_URL': JSON.stringify(settings.apiBaseUrl),
        'import.meta.env.VITE_APP_ENV': JSON.stringify(settings.environment),
        'import.meta.env.VITE_ANALYTICS_ID': JSON.stringify(settings.analyticsId ?? ''),
      },
      build: {
        outDir: resolve(workspaceRoot, 'dist/apps', appName),
        emptyOutDir: true,
        sourcemap: true,
        rolldownOptions: {
          output: {
            // Long-lived vendor chunks, so a release that changes only app code keeps them cached.
            codeSplitting: {
              groups: [
                {
                  name: 'react',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
                  priority: 30,
                },
                { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
              ],
            },
          },
        },
      },
      server: {
        port,
        strictPort: true,
        fs: { allow: [workspaceRoot] },
        proxy: {
          '/v1': { target: api, changeOrigin: false },
          '/auth': { target: api, changeOrigin: false },
          '/sandbox': { target: api, changeOrigin: false },
          '/cable': { target: api, ws: true, changeOrigin: false },
        },
      },
      preview: { port: port + 100 },
    };
  });
}

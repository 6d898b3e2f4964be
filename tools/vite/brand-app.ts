import { resolve } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import { defineConfig, loadEnv, type UserConfig, type UserConfigFnObject } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { parseDeploymentSettings } from '../../libs/brand-app/src/deployment-settings';
import { workspaceAliases, workspaceRoot } from './aliases';

/** Dev-server ports, so that every brand can run beside the others (`nx serve web-<brand>`). */
export const BRAND_APP_DEV_PORTS: Record<string, number> = {
  'web-harbor': 4200,
  'web-keystone': 4201,
  'web-evergreen': 4202,
};

const api = 'http://localhost:3000';

/**
 * Library modules that act when imported (every other module under libs/ only declares things: see
 * `treeshake` below). Add a module here when it must run although nothing uses its exports.
 */
export const SIDE_EFFECT_MODULES: readonly RegExp[] = [/[\\/]libs[\\/]brand-app[\\/]src[\\/]zod-under-csp\.ts$/];

export type BrandViteConfigOptions = {
  /** The VITE_* variables to validate; by default the process environment and the app's .env files. */
  env?: Record<string, string | undefined>;
};

/**
 * Brotli (quality 11) and gzip (level 9) copies of the text files of a build, written beside them
 * (`app.js.br`, `app.js.gz`): the API sends the copy the browser accepts (@fastify/static's
 * preCompressed), so compressing costs nothing per request and gets the smallest files.
 */
const precompressed = () =>
  compression({
    include: /\.(js|mjs|css|html|svg|json|txt)$/,
    threshold: 1024,
    algorithms: [
      defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
      defineAlgorithm('gzip', { level: 9 }),
    ],
    logLevel: 'silent',
  });

/**
 * The Vite configuration of one brand app (apps/<appName>), shared by every brand: React and
 * Tailwind, the workspace's library aliases, long-lived vendor chunks, output in
 * dist/apps/<appName> with pre-compressed copies, and a dev server proxying the API. The deployment settings (VITE_API_BASE_URL,
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
      plugins: [react(), tailwindcss(), precompressed()],
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
        // .vite/manifest.json: which chunks each route loads, for the bundle budget check
        // (tools/scripts/bundle-budget.mjs). The API does not serve it (apps/api static plugin).
        manifest: true,
        // A build is what production serves: no source maps (the dev server, `npm run dev`, keeps its
        // own). `vite build --mode development` writes them for debugging a build locally.
        sourcemap: mode === 'development',
        rolldownOptions: {
          // The libraries' modules do nothing on import but declare (SIDE_EFFECT_MODULES lists the
          // exceptions): a module is bundled, and placed in a chunk, only where its exports are used,
          // so importing one screen through a library's index does not pull in the library's others.
          treeshake: {
            moduleSideEffects: [
              ...SIDE_EFFECT_MODULES.map((test) => ({ test, sideEffects: true })),
              { test: /[\\/]libs[\\/][^\\/]+[\\/]src[\\/].*\.tsx?$/, sideEffects: false },
            ],
          },
          output: {
            // Long-lived vendor chunks, so a release that changes only app code keeps them cached.
            codeSplitting: {
              groups: [
                {
                  name: 'react',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/,
                  priority: 30,
                },
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

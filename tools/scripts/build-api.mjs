// nx run api:build (npm start builds it): the API and its job worker compiled by esbuild into
// dist/api as ES modules that plain `node` runs. The workspace libraries (@crm/*, found through
// tsconfig.base.json's paths) are bundled in; packages from node_modules stay imports, resolved from
// the repository's node_modules at run time. Source maps beside each file: with
// `node --enable-source-maps` stack traces name the TypeScript files and lines. The committed SQL
// migrations are copied to dist/api/migrations, where the built db/migrate looks for them (beside itself),
// and the Stripe sandbox's browser script to dist/api/stripe-js (beside itself too).
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

export const API_DIST = 'dist/api';

await rm(API_DIST, { recursive: true, force: true });
const result = await build({
  entryPoints: { main: 'apps/api/src/main.ts', worker: 'apps/api/src/worker.ts' },
  outdir: API_DIST,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  tsconfig: 'apps/api/tsconfig.json',
  sourcemap: true,
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
});
await cp('apps/api/src/db/migrations', `${API_DIST}/migrations`, { recursive: true });
// the Stripe sandbox's stand-in for Stripe.js, a browser script it serves as it is (stripe-js.routes.ts)
await cp('apps/api/src/vendors/stripe/sandbox/stripe-js', `${API_DIST}/stripe-js`, { recursive: true });
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + (output.bytes ?? 0), 0);
console.log(`[crm] Built the API into ${API_DIST} (${(bytes / 2 ** 20).toFixed(1)} MB with source maps)`);

// npm run bundle:budget: the JavaScript each route of each brand app needs before its screen runs,
// gzipped, against the route's budget. Builds the three brand apps first (Nx reuses a cached
// build), or with --no-build reads the builds already in dist/apps (npm test builds them just before).
//
// A route's initial JavaScript is what the browser fetches before the screen can render: the entry
// chunk and its static imports (index.html loads and preloads them), and the lazy route modules on
// the route's way (libs/brand-app/src/screens: the signed-in frame, then the screen) with their
// static imports (Vite preloads them with the module). Each chunk is counted once. Sizes are gzip
// level 9, as the API serves the build's pre-compressed .gz copies.
//
// Budgets (issue 12, DESIGN §5): a page without login (the login page is the first a user sees)
// ≤ 150 KB; a signed-in screen (the contact list is the heaviest) ≤ 300 KB. Exits 1 when a route is
// above its budget, or when a build has no lazy screens (every screen would be in the entry).
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { bin, run } from './run.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BRANDS = ['web-harbor', 'web-keystone', 'web-evergreen'];
const KB = 1024;

/** Where the route modules live, and what a route of each kind may load before it runs. */
const SCREENS_DIR = 'libs/brand-app/src/screens/';
const FRAME = `${SCREENS_DIR}app-frame.ts`;
// What every page loads first: React DOM, React and React Router (95 KB), TanStack Query, the
// api-client, brand and session code; the sign-in forms add react-hook-form (15 KB). zod, sonner and
// the endpoint table arrive after the page runs (libs/session/src/useApiForm.ts,
// libs/ui/src/toaster/Toaster.tsx, libs/api-client/src/api-client.ts).
export const KINDS = {
  public: { label: 'without login', budget: 150 * KB },
  app: { label: 'signed in', budget: 300 * KB },
};

const args = new Set(process.argv.slice(2));

/**
 * The route table of one build (dist/apps/<app>, built with its manifest): for each screen module,
 * [{ route, kind, bytes, budget, chunks }], `bytes` the gzipped JavaScript it needs first.
 */
export function measureBuild(outDir) {
  const manifestPath = join(outDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    throw new Error(`${manifestPath} is missing: build the app (build.manifest is on in tools/vite/brand-app.ts)`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const sizes = new Map();
  const gzipped = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length);
    return sizes.get(file);
  };
  /** The chunk and everything it imports statically, as manifest keys. */
  const closure = (key, into = new Set()) => {
    if (into.has(key)) return into;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${manifestPath} has no chunk ${key}`);
    into.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1) throw new Error(`${manifestPath}: expected one entry, found ${entries.length}`);
  const entry = closure(entries[0]);

  // Manifest keys are relative to the app's folder (apps/<app>): name the files from the repository's root.
  const source = (key) => relative(root, resolve(root, 'apps', basename(outDir), key)).split(sep).join('/');
  const frame = Object.keys(manifest).find((key) => source(key) === FRAME);
  const screens = Object.keys(manifest)
    .filter((key) => manifest[key].isDynamicEntry && source(key).startsWith(SCREENS_DIR) && key !== frame)
    .sort();
  return screens.map((key) => {
    const screen = source(key).slice(SCREENS_DIR.length);
    const kind = screen.split('/')[0];
    if (!KINDS[kind]) throw new Error(`${key}: a screen lives in ${SCREENS_DIR}public/ or ${SCREENS_DIR}app/`);
    const chunks = new Set(entry);
    if (kind === 'app' && !frame) throw new Error(`${manifestPath}: no lazy ${FRAME}`);
    for (const layer of [...(kind === 'app' ? [frame] : []), key]) closure(layer, chunks);
    const files = [...chunks].map((chunk) => manifest[chunk].file).filter((file) => extname(file) === '.js');
    return {
      route: screen.slice(0, -extname(screen).length),
      kind,
      bytes: files.reduce((sum, file) => sum + gzipped(file), 0),
      budget: KINDS[kind].budget,
      chunks: files.map((file) => basename(file)),
    };
  });
}

async function main() {
  if (args.has('--help')) {
    console.log('Usage: node tools/scripts/bundle-budget.mjs [--no-build] [--json]');
    return;
  }
  if (!args.has('--no-build')) {
    await run(bin('nx'), ['run-many', '-t', 'build', `--projects=${BRANDS.join(',')}`, '--output-style=stream']);
  }
  const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
  const results = {};
  let failures = 0;
  for (const brand of BRANDS) {
    const rows = measureBuild(join(root, 'dist/apps', brand));
    results[brand] = rows;
    if (rows.length === 0) {
      console.error(`✗ ${brand}: no lazy screens under ${SCREENS_DIR} (every screen is in the entry)`);
      failures += 1;
      continue;
    }
    if (args.has('--json')) continue;
    console.log(`\n${brand}: JavaScript before the screen runs (gzip -9)`);
    console.log(
      `  ${'route'.padEnd(26)}${'kind'.padEnd(15)}${'size'.padStart(10)}${'budget'.padStart(10)}  files`,
    );
    for (const row of rows) {
      const over = row.bytes > row.budget;
      if (over) failures += 1;
      console.log(
        `${over ? '✗' : ' '} ${row.route.padEnd(26)}${KINDS[row.kind].label.padEnd(15)}${kb(row.bytes).padStart(10)}${kb(row.budget).padStart(10)}  ${row.chunks.length}`,
      );
    }
  }
  if (args.has('--json')) {
    console.log(JSON.stringify(results, null, 2));
    process.exitCode = failures > 0 ? 1 : 0;
    return;
  }
  if (failures > 0) {
    console.error(`\n✗ ${failures} route(s) above their budget, or builds without lazy screens`);
    process.exitCode = 1;
    return;
  }
  console.log('\n✓ every route within its budget');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();

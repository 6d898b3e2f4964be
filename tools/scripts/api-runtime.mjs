// How the API's Node.js process runs in production (npm start, and the benchmarks that measure it).

/** The compiled API (nx run api:build, tools/scripts/build-api.mjs) that plain `node` runs, and its job worker. */
export const API_MAIN = 'dist/api/main.js';
export const API_WORKER = 'dist/api/worker.js';

/**
 * V8's young generation at most 4 MB a half (Node 20's default grows it to 16 MB under a high
 * allocation rate): an export streams a few hundred MB through short-lived buffers, and with the
 * default the process kept 40 MB more of them between scavenges (peak 209 MB against 154 MB for a
 * million-row CSV, at the same speed; npm run bench:export). Stack traces through the compiled
 * API name the TypeScript files and lines (its source maps).
 */
export const API_NODE_OPTIONS = '--max-semi-space-size=4 --enable-source-maps';

/** NODE_OPTIONS for the API: the caller's own, then the API's. */
export const apiNodeOptions = (given = process.env.NODE_OPTIONS) => [given, API_NODE_OPTIONS].filter(Boolean).join(' ');

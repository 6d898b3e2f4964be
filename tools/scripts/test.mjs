// npm test: every check, in the order a failure is cheapest to find. Stops at the first failure.
import { bin, run } from './run.mjs';

/** Runs the commands side by side; once all have ended, fails with the first failure. */
async function together(commands) {
  const failed = (await Promise.allSettled(commands.map((command) => command()))).find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

const nx = (...args) => run(bin('nx'), [...args, '--output-style=stream']);
const steps = [
  ['Lint', () => nx('run-many', '-t', 'lint')],
  // One program for all the web code (tsconfig.web.json: every library and brand app, with the same
  // settings as their own tsconfigs), one for the API, one for e2e: each shared library is read once,
  // where the twenty per-project checks (nx run-many -t typecheck) read the contract and ui twenty times.
  ['Type check', () => together(['tsconfig.web.json', 'apps/api/tsconfig.json', 'e2e/tsconfig.json'].map((config) => () => run(bin('tsc'), ['-p', config])))],
  // The web projects' tests two at a time (each is a small vitest run, mostly one core: 115 s in place
  // of 216 s one at a time here), then the API's alone, which spreads over every core itself.
  ['Unit tests (web)', () => nx('run-many', '-t', 'test', '--exclude=api', '--parallel=2')],
  ['API tests', () => nx('run-many', '-t', 'test', '--projects=api')],
  ['Build the brand apps', () => nx('run-many', '-t', 'build', '--projects=web-*')],
  ['Bundle budgets (JavaScript per route)', () => run('node', ['tools/scripts/bundle-budget.mjs', '--no-build'])],
  ['End-to-end tests (Playwright, Chromium)', () => run(bin('playwright'), ['test', '--config', 'e2e/playwright.config.ts'])],
  ['Storybook build', () => run(bin('storybook'), ['build', '--quiet', '-o', 'dist/storybook'])],
];

const started = Date.now();
for (const [name, step] of steps) {
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  try {
    await step();
  } catch (error) {
    console.error(`\n✗ ${name} failed: ${error.message}`);
    process.exit(1);
  }
  console.log(`✓ ${name} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);

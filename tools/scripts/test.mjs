// npm test: every check, in the order a failure is cheapest to find. Stops at the first failure.
import { bin, run } from './run.mjs';

const nx = (...args) => run(bin('nx'), [...args, '--output-style=stream']);
const steps = [
  ['Lint', () => nx('run-many', '-t', 'lint')],
  ['Type check', () => nx('run-many', '-t', 'typecheck')],
  ['Unit and API tests', () => nx('run-many', '-t', 'test', '--parallel=1')],
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

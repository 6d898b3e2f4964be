import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${PORT}`;
const LAST = ['**/account.spec.ts', '**/email-change.spec.ts'];

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the built brand app
 * served by the real API on a fresh embedded database with the demo seed.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../test-results',
  // Two spec files at a time, each file's tests in order: a browser, the server and PostgreSQL leave
  // part of the two cores idle while a test waits on the other (1,130 s with one worker, 841 s with
  // two, here). Now both cores are 95% busy through a run, two thirds of it in Chromium's processes:
  // three workers took 327 s where two took 314-336 s. Specs that change a shared demo user for good
  // run last, alone (chromium-last).
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  use: {
    baseURL,
    // a trace of every test costs its recording even when the test passes: in CI only the retry of a failed one records
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    timezoneId: 'America/New_York',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: LAST },
    // Journeys that leave a shared demo user changed for good (the "not me" hold forces a new
    // password on Evergreen's preneed agent; account.spec resets Harbor's field manager's password
    // and turns two-factor on for the telemarketer) run after every other spec has used that user.
    { name: 'chromium-last', use: { ...devices['Desktop Chrome'] }, testMatch: LAST, dependencies: ['chromium'] },
  ],
  webServer: {
    command: 'node tools/scripts/e2e-server.mjs',
    cwd: '..',
    url: `${baseURL}/v1/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(PORT) },
  },
});

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { workspaceAliases, workspaceRoot } from '../../tools/vite/aliases';

/**
 * Files that need a module graph of their own: one mocks nodemailer for its file only, the others
 * start real API processes and kill them. None uses the shared test database.
 */
const ISOLATED = ['apps/api/src/vendors/email/smtp.provider.test.ts', 'apps/api/src/faults.test.ts', 'apps/api/src/modules/billing/renewals.kill.test.ts'];

export default defineConfig({
  root: workspaceRoot,
  resolve: { alias: workspaceAliases() },
  test: {
    environment: 'node',
    testTimeout: 60_000, // an upper bound for a busy machine (argon2 sign-ins, jobs); tests wait on conditions
    hookTimeout: 60_000,
    // Each test file gets its own database (see test/test-app.ts), so files run in parallel.
    pool: 'forks',
    // Vitest's default leaves a core free (one worker on two cores); these files mostly wait on
    // PostgreSQL and on the processes they start, so a worker per core keeps both busy (the API
    // tests on the 2-core machine: 329 s with one worker, 200 s with two).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: ISOLATED,
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          // The files of a worker share one module graph: the app's modules are imported once a
          // worker, not once a file (each file still builds its own app on its own database).
          isolate: false,
        },
      },
      { extends: true, test: { name: 'api-isolated', include: ISOLATED } },
    ],
  },
});

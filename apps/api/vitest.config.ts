import { defineConfig } from 'vitest/config';
import { workspaceAliases, workspaceRoot } from '../../tools/vite/aliases';

export default defineConfig({
  root: workspaceRoot,
  resolve: { alias: workspaceAliases() },
  test: {
    include: ['apps/api/src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['apps/api/src/test/global-setup.ts'],
    testTimeout: 60_000, // an upper bound for a busy machine (argon2 sign-ins, jobs); tests wait on conditions
    hookTimeout: 60_000,
    // Each test file gets its own database (see test/test-app.ts), so files run in parallel.
    pool: 'forks',
  },
});

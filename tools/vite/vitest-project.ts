import { defineConfig } from 'vitest/config';
import { workspaceAliases, workspaceRoot } from './aliases';

type Options = {
  /** 'jsdom' for screens and hooks (with Testing Library's matchers and clean-up), 'node' for the rest. */
  environment: 'jsdom' | 'node';
  /** More files than the project's own src/**\/*.test.* (globs from the workspace root). */
  alsoInclude?: string[];
  /** A fresh module graph for every file (default false: see below), for tests that load a module anew. */
  isolate?: boolean;
};

/**
 * The unit-test configuration of a library or brand app, one for all of them: the workspace's
 * aliases, the project's test files, and timeouts that are upper bounds for a busy machine (a
 * test waits on conditions; on two busy cores a render that takes 50 ms idle can take seconds).
 */
export function projectTestConfig(projectDir: string, options: Options) {
  return defineConfig({
    root: workspaceRoot,
    resolve: { alias: workspaceAliases() },
    test: {
      include: [`${projectDir}/src/**/*.test.{ts,tsx}`, ...(options.alsoInclude ?? [])],
      environment: options.environment,
      setupFiles: options.environment === 'jsdom' ? ['tools/vite/vitest-dom-setup.ts'] : [],
      testTimeout: 30_000,
      // The files of a project share their workers' module graph and DOM environment (Testing
      // Library's clean-up runs after every test): importing React, the router and the app's
      // modules once a worker instead of once a file took the session library from 88 s to 21 s.
      isolate: options.isolate ?? false,
    },
  });
}

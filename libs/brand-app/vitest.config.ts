import { defineConfig } from 'vitest/config';
import { workspaceAliases, workspaceRoot } from '../../tools/vite/aliases';

export default defineConfig({
  root: workspaceRoot,
  resolve: { alias: workspaceAliases() },
  test: {
    // The brand apps' shared Vite configuration (tools/vite) and their bundle budget check are tested here too.
    include: ['libs/brand-app/src/**/*.test.{ts,tsx}', 'tools/vite/**/*.test.ts', 'tools/scripts/bundle-budget.test.ts'],
    environment: 'jsdom',
    setupFiles: ['tools/vite/vitest-dom-setup.ts'],
  },
});

import { defineConfig } from 'vitest/config';
import { workspaceAliases, workspaceRoot } from '../../tools/vite/aliases';

export default defineConfig({
  root: workspaceRoot,
  resolve: { alias: workspaceAliases() },
  test: { include: ['libs/dashboard/src/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['tools/vite/vitest-dom-setup.ts'], },
});

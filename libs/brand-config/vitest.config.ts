import { defineConfig } from 'vitest/config';
import { workspaceAliases, workspaceRoot } from '../../tools/vite/aliases';

export default defineConfig({
  root: workspaceRoot,
  resolve: { alias: workspaceAliases() },
  test: { include: ['libs/brand-config/src/**/*.test.ts'], environment: 'node' },
});

import { defineConfig } from 'vitest/config';
import { workspaceAliases, workspaceRoot } from '../../tools/vite/aliases';

export default defineConfig({
  root: workspaceRoot,
  resolve: { alias: workspaceAliases() },
  test: { include: ['libs/contract/src/**/*.test.ts'], environment: 'node' },
});

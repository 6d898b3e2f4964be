import { projectTestConfig } from '../../tools/vite/vitest-project';

// The brand apps' shared Vite configuration (tools/vite) and their bundle budget check are tested here too.
export default projectTestConfig('libs/brand-app', {
  environment: 'jsdom',
  alsoInclude: ['tools/vite/**/*.test.ts', 'tools/scripts/bundle-budget.test.ts'],
  // zod-under-csp.test.ts loads zod afresh (vi.resetModules) to see the setting applied at its load.
  isolate: true,
});

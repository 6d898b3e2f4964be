import { projectTestConfig } from '../../tools/vite/vitest-project';

// The brand apps' shared Vite configuration (tools/vite) and their bundle budget check are tested here too.
export default projectTestConfig('libs/brand-app', {
  environment: 'jsdom',
  alsoInclude: ['tools/vite/**/*.test.ts', 'tools/scripts/bundle-budget.test.ts'],
});

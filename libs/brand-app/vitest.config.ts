import { projectTestConfig } from '../../tools/vite/vitest-project';

// The brand apps' shared Vite configuration (tools/vite) is tested here too.
export default projectTestConfig('libs/brand-app', { environment: 'jsdom', alsoInclude: ['tools/vite/**/*.test.ts'] });

import { projectTestConfig } from '../../tools/vite/vitest-project';

export default projectTestConfig('libs/ui', { environment: 'jsdom' });

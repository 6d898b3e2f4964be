import { projectTestConfig } from '../../tools/vite/vitest-project';

export default projectTestConfig('libs/api-client', { environment: 'jsdom' });

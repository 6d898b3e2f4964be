import { projectTestConfig } from '../../tools/vite/vitest-project';

export default projectTestConfig('libs/brand-config', { environment: 'node' });

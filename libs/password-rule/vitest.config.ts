import { projectTestConfig } from '../../tools/vite/vitest-project';

export default projectTestConfig('libs/password-rule', { environment: 'node' });

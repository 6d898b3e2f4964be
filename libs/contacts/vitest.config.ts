import { projectTestConfig } from '../../tools/vite/vitest-project';

export default projectTestConfig('libs/contacts', { environment: 'jsdom' });

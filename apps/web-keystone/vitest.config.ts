import { projectTestConfig } from '../../tools/vite/vitest-project';

export default projectTestConfig('apps/web-keystone', { environment: 'jsdom' });

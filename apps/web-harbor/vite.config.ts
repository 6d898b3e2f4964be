import { brandViteConfig } from '../../tools/vite/brand-app';

export default brandViteConfig('web-harbor');

// npm run dev: the API in watch mode on :3000 and the Vite dev server on :4200 (proxying the API).
import { bin, run } from './run.mjs';

await Promise.all([
  run(bin('tsx'), ['watch', '--clear-screen=false', 'apps/api/src/main.ts', '--seed-if-empty']),
  run(bin('vite'), ['--config', 'apps/web-harbor/vite.config.ts']),
]).catch((error) => {
  console.error(error.message);
  process.exit(1);
});

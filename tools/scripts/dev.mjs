// npm run dev [harbor|keystone|evergreen]: the API in watch mode on :3000 and the brand's Vite dev
// server (harbor :4200, keystone :4201, evergreen :4202) proxying the API.
import { bin, run } from './run.mjs';

const BRANDS = ['harbor', 'keystone', 'evergreen'];
const brand = process.argv[2] ?? 'harbor';
if (!BRANDS.includes(brand)) {
  console.error(`Unknown brand "${brand}": use one of ${BRANDS.join(', ')}`);
  process.exit(1);
}

await Promise.all([
  run(bin('tsx'), ['watch', '--clear-screen=false', 'apps/api/src/main.ts', '--seed-if-empty'], {
    env: { DEFAULT_BRAND: brand },
  }),
  run(bin('vite'), ['--config', `apps/web-${brand}/vite.config.ts`]),
]).catch((error) => {
  console.error(error.message);
  process.exit(1);
});

// The server the end-to-end tests run against: the built apps, a fresh embedded database, demo data.
import { rmSync } from 'node:fs';
import { bin, run } from './run.mjs';

const port = process.env.E2E_PORT ?? '3100';
// One data folder per database port, so e2e runs on different ports never share one.
const pgPort = process.env.E2E_PG_PORT ?? '54359';
const dataDir = `data/e2e-${pgPort}`;
rmSync(dataDir, { recursive: true, force: true });
await run(bin('tsx'), ['apps/api/src/main.ts', '--seed-if-empty'], {
  env: {
    PORT: port,
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: pgPort,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    // the whole suite signs its browsers in from one address, the demo users many times each
    SIGN_INS_PER_IP: '100000',
    SIGN_INS_PER_ACCOUNT: '100000',
  },
}).catch((error) => {
  console.error(error.message);
  process.exit(1);
});

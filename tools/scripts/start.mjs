// npm start: build the brand apps, then run the API (migrations, demo data when empty) serving them.
import { apiNodeOptions } from './api-runtime.mjs';
import { bin, run } from './run.mjs';

try {
  console.log('[crm] Building the web apps…');
  await run(bin('nx'), ['run-many', '-t', 'build', '--projects=web-*', '--output-style=stream']);
  await run(bin('tsx'), ['apps/api/src/main.ts', '--seed-if-empty'], { env: { NODE_OPTIONS: apiNodeOptions() } });
} catch (error) {
  console.error(`[crm] ${error.message}`);
  process.exit(1);
}

// npm start: build the brand apps and the API (into JavaScript, dist/api), then run the API with
// plain node (migrations, demo data when empty) serving them.
import { API_MAIN, apiNodeOptions } from './api-runtime.mjs';
import { bin, run } from './run.mjs';

try {
  console.log('[crm] Building the web apps and the API…');
  await run(bin('nx'), ['run-many', '-t', 'build', '--projects=web-*,api', '--output-style=stream']);
  await run(process.execPath, [API_MAIN, '--seed-if-empty'], { env: { NODE_OPTIONS: apiNodeOptions() } });
} catch (error) {
  console.error(`[crm] ${error.message}`);
  process.exit(1);
}

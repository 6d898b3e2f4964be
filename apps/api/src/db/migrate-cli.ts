import { loadEnv } from '../env';
import { openDatabase } from './database';
import { runMigrations } from './migrate';

const env = loadEnv();
const database = await openDatabase(env, (m) => console.log(`[crm] ${m}`));
try {
  await runMigrations(database.db);
  console.log('[crm] Migrations applied');
} finally {
  await database.close();
}

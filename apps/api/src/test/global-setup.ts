import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded';
import { createDemoDatabase, onServer } from './demo-database';

declare module 'vitest' {
  // Vitest's provided context is extended by declaration merging.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    /** The database each test app's is copied from: migrated and seeded once for the whole run. */
    templateDatabase: string;
    /** The APP_SECRET the template's secrets are sealed with, which every test app has. */
    templateAppSecret: string;
  }
}

/**
 * One PostgreSQL for the API tests: TEST_DATABASE_URL (any server whose user may create
 * databases), else an embedded server under data/test-pg-<port>. Each test file makes its own
 * database, a copy of one migrated and seeded here: migrating and seeding took 1.5–2.5 s of each of
 * some seventy files, a copy takes a quarter to half a second.
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stop: () => Promise<void> = async () => undefined;
  if (!adminUrl) {
    // One folder per port, so test runs on different ports (a CI clone beside a working tree) never share one.
    const port = Number(process.env.TEST_PG_PORT ?? 54339);
    const server = await startEmbeddedPostgres(`data/test-pg-${port}`, port, (m) => console.log(`[test-db] ${m}`));
    adminUrl = server.url('postgres');
    stop = () => server.stop();
  }
  const template = `crm_template_${randomBytes(6).toString('hex')}`;
  const appSecret = randomBytes(32).toString('base64url');
  await createDemoDatabase(adminUrl, template, appSecret);
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);
  project.provide('templateAppSecret', appSecret);
  return async () => {
    await onServer(adminUrl, `drop database if exists ${template} with (force)`);
    await stop();
  };
}

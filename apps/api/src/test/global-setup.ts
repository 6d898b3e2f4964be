import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded';

declare module 'vitest' {
  // Vitest's provided context is extended by declaration merging.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

/**
 * One PostgreSQL for the API tests: TEST_DATABASE_URL (any server whose user may create
 * databases), else an embedded server under data/test-pg-<port>. Each test file makes its own database.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('adminDatabaseUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  // One folder per port, so test runs on different ports (a CI clone beside a working tree) never share one.
  const port = Number(process.env.TEST_PG_PORT ?? 54339);
  const server = await startEmbeddedPostgres(`data/test-pg-${port}`, port, (m) => console.log(`[test-db] ${m}`));
  project.provide('adminDatabaseUrl', server.url('postgres'));
  return () => server.stop();
}

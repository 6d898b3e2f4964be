import type { FastifyInstance } from 'fastify';
import { endpoints } from '@crm/contract';
import { SYSTEM_VERSION } from '@crm/util';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-errors';
import { RETRY_AFTER_SECONDS } from '../../db/unavailable';
import { route } from '../../plugins/routes';
import { createDatabaseProbe } from './health.repository';

/** Health answers within 2 s in every case: a database that has not answered by then counts as down. */
export const HEALTH_DATABASE_WAIT_MS = 1_500;
/** How long one answer of the database stands for every health request: a freeze shows within this + the wait (2 s). */
export const HEALTH_DATABASE_FRESH_MS = 500;

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const databaseState = createDatabaseProbe(ctx.db, { waitMs: HEALTH_DATABASE_WAIT_MS, freshMs: HEALTH_DATABASE_FRESH_MS });
  route(app, ctx, endpoints.health, async () => {
    const database = await databaseState();
    const jobs = ctx.jobs.workerState();
    const problems = {
      ...(database === 'down' && { database: 'The database cannot be reached' }),
      ...(database === 'slow' && { database: `The database did not answer within ${HEALTH_DATABASE_WAIT_MS / 1000} s` }),
      ...(jobs === 'stopped' && { jobs: "This process's job worker has stopped: its heartbeat does not reach the database" }),
    };
    if (Object.keys(problems).length) throw new HttpError(503, problems, { 'retry-after': String(RETRY_AFTER_SECONDS) });
    return { status: 'ok' as const, database: 'ok' as const, jobs: jobs === 'running' ? ('running' as const) : ('none' as const), version: SYSTEM_VERSION };
  });
}

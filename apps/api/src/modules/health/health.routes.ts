import type { FastifyInstance } from 'fastify';
import { endpoints } from '@crm/contract';
import { SYSTEM_VERSION } from '@crm/util';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/http-errors';
import { route } from '../../plugins/routes';
import { pingDatabase } from './health.repository';

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.health, async () => {
    const ok = await pingDatabase(ctx.db).catch(() => false);
    if (!ok) throw new HttpError(503, { database: 'The database cannot be reached' });
    return { status: 'ok' as const, database: 'ok' as const, version: SYSTEM_VERSION };
  });
}

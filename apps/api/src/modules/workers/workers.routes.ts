import type { FastifyInstance } from 'fastify';
import { endpoints } from '@crm/contract';
import type { AppContext } from '../../context';
import { route } from '../../plugins/routes';

export function registerWorkerRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.workersStatus, async () => {
    const [alive, queues] = await Promise.all([ctx.jobWorkers.alive(), ctx.jobs.status()]);
    return { data: { running: alive.length > 0, workers: alive.length, queues } };
  });
}

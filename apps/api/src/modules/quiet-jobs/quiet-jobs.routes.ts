import type { FastifyInstance } from 'fastify';
import { endpoints } from '@crm/contract';
import type { AppContext } from '../../context';
import { requestMeta, requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';

export function registerQuietJobsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.showQuietJobs, async (request) => ({ data: await ctx.quietJobsAdmin.show(requireIdentity(request)) }));

  route(app, ctx, endpoints.updateQuietJobs, async (request) => ({
    data: await ctx.quietJobsAdmin.update(requireIdentity(request), request.body, requestMeta(request)),
  }));
}

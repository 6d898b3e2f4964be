import type { FastifyInstance } from 'fastify';
import { endpoints } from '@crm/contract';
import type { AppContext } from '../../context';
import { requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';

export function registerQuickFilterRoutes(app: FastifyInstance, ctx: AppContext): void {
  const owner = (request: Parameters<typeof requireIdentity>[0]) => requireIdentity(request).user.id;

  route(app, ctx, endpoints.listQuickFilters, async (request) => ({ data: await ctx.quickFilters.list(owner(request)) }));
  route(app, ctx, endpoints.createQuickFilter, async (request) => ({ data: await ctx.quickFilters.create(owner(request), request.body) }));
  route(app, ctx, endpoints.updateQuickFilter, async (request) => ({
    data: await ctx.quickFilters.update(owner(request), request.params.id, request.body),
  }));
  route(app, ctx, endpoints.deleteQuickFilter, async (request) => {
    await ctx.quickFilters.remove(owner(request), request.params.id);
  });
}

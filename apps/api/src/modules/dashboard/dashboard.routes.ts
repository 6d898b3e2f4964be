import type { FastifyInstance } from 'fastify';
import { endpoints } from '@crm/contract';
import type { AppContext } from '../../context';
import { requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';

export function registerDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.updateDashboard, async (request) => ({
    data: await ctx.dashboard.card(requireIdentity(request), request.query.type, request.body ?? undefined),
  }));
}

import type { FastifyInstance } from 'fastify';
import { endpoints } from '@crm/contract';
import type { AppContext } from '../../context';
import { requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';

export function registerHelpRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.createHelpRequest, async (request) => ({
    data: await ctx.helps.create(requireIdentity(request), request.body),
  }));
}

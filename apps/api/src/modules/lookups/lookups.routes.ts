import type { FastifyInstance } from 'fastify';
import { endpoints } from '@crm/contract';
import type { AppContext } from '../../context';
import { requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';

export function registerLookupRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.listStatuses, (request) => ctx.lookups.titled(requireIdentity(request), 'statuses'));
  route(app, ctx, endpoints.listAgentflowStatuses, (request) => ctx.lookups.titled(requireIdentity(request), 'agentflow_statuses'));
  route(app, ctx, endpoints.listSources, (request) => ctx.lookups.titled(requireIdentity(request), 'sources'));
  route(app, ctx, endpoints.listApiVendors, (request) => ctx.lookups.apiVendors(requireIdentity(request)));
  route(app, ctx, endpoints.listCarriers, (request) => ctx.lookups.carriers(requireIdentity(request)));
}

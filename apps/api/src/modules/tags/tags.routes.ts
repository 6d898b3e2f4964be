import type { FastifyInstance } from 'fastify';
import { endpoints } from '@crm/contract';
import type { AppContext } from '../../context';
import { requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';

export function registerTagRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.searchTags, (request) => ctx.tags.search(requireIdentity(request), request.body));

  route(app, ctx, endpoints.createTag, (request) => ctx.tags.create(requireIdentity(request), request.body));
}

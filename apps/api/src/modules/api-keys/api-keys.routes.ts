import type { FastifyInstance } from 'fastify';
import { endpoints } from '@crm/contract';
import type { AppContext } from '../../context';
import { requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';

export function registerApiKeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const owner = (request: Parameters<typeof requireIdentity>[0]) => requireIdentity(request).user.id;

  route(app, ctx, endpoints.listApiKeys, async (request) => ({ data: await ctx.apiKeys.list(owner(request)) }));
  route(app, ctx, endpoints.createApiKey, async (request) => {
    const identity = requireIdentity(request);
    return ctx.apiKeys.create({ userId: identity.user.id, roles: identity.roles }, request.body);
  });
  route(app, ctx, endpoints.showApiKey, async (request) => ({ data: await ctx.apiKeys.show(owner(request), request.params.id) }));
  route(app, ctx, endpoints.updateApiKey, async (request) => ({
    data: await ctx.apiKeys.update(owner(request), request.params.id, request.body),
  }));
  route(app, ctx, endpoints.deleteApiKey, async (request) => {
    await ctx.apiKeys.remove(owner(request), request.params.id);
  });
}

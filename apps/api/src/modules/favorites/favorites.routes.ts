import type { FastifyInstance } from 'fastify';
import { endpoints } from '@crm/contract';
import type { AppContext } from '../../context';
import { requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';

export function registerFavoriteRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.listFavorites, async (request) => ({ data: await ctx.favorites.list(requireIdentity(request).user.id) }));
  route(app, ctx, endpoints.addFavorite, async (request) => ({
    data: await ctx.favorites.add(requireIdentity(request).user, request.body.favorite_id),
  }));
  route(app, ctx, endpoints.removeFavorite, async (request) => ({
    data: await ctx.favorites.remove(requireIdentity(request).user, request.body.favorite_id),
  }));
}

import type { FastifyInstance } from 'fastify';
import { endpoints } from '@crm/contract';
import type { AppContext } from '../../context';
import { requestMeta, requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';

export function registerAdminUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.listAdminUsers, (request) => {
    const { q, page, limit, order_field, order } = request.query;
    return ctx.adminUsers.list(requireIdentity(request), { q, page, limit, orderField: order_field, order });
  });

  route(app, ctx, endpoints.adminUserRoles, (request) => ctx.adminUsers.roles(requireIdentity(request), request.params.id));

  route(app, ctx, endpoints.updateAdminUserRoles, (request) =>
    ctx.adminUsers.updateRoles(requireIdentity(request), request.params.id, request.body.roles, requestMeta(request)),
  );
}

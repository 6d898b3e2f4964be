import type { FastifyInstance } from 'fastify';
import { endpoints } from '@crm/contract';
import type { AppContext } from '../../context';
import { requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';

export function registerSecurityRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.listSecurities, (request) => ctx.securities.list(requireIdentity(request), request.params.id));

  route(app, ctx, endpoints.createSecurity, (request) => ctx.securities.create(requireIdentity(request), request.params.id, request.body));

  route(app, ctx, endpoints.updateSecurity, (request) =>
    ctx.securities.update(requireIdentity(request), request.params.id, request.params.securityId, request.body),
  );

  route(app, ctx, endpoints.deleteSecurity, (request) =>
    ctx.securities.remove(requireIdentity(request), request.params.id, request.params.securityId),
  );
}

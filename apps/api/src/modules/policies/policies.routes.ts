import type { FastifyInstance } from 'fastify';
import { endpoints } from '@crm/contract';
import type { AppContext } from '../../context';
import { requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';

export function registerPolicyRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.listPolicies, (request) => ctx.policies.list(requireIdentity(request), request.params.id));

  route(app, ctx, endpoints.createPolicy, (request) => ctx.policies.create(requireIdentity(request), request.params.id, request.body));

  route(app, ctx, endpoints.showPolicy, (request) => ctx.policies.show(requireIdentity(request), request.params.id, request.params.policyId));

  route(app, ctx, endpoints.updatePolicy, (request) =>
    ctx.policies.update(requireIdentity(request), request.params.id, request.params.policyId, request.body),
  );

  route(app, ctx, endpoints.deletePolicy, (request) =>
    ctx.policies.remove(requireIdentity(request), request.params.id, request.params.policyId),
  );
}

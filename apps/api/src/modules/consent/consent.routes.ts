import type { FastifyInstance } from 'fastify';
import { endpoints } from '@crm/contract';
import type { AppContext } from '../../context';
import { requestMeta, requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';

/** POST /v1/sms/update_permission: consent recorded by a user. */
export function registerConsentRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.updateSmsPermission, async (request) => ({
    data: await ctx.consent.updatePermission(requireIdentity(request), request.body, requestMeta(request)),
  }));
}

import type { FastifyInstance } from 'fastify';
import { endpoints } from '@crm/contract';
import type { AppContext } from '../context';
import { forbidden } from '../lib/http-errors';
import { requestMeta, requireIdentity } from '../plugins/auth';
import { route } from '../plugins/routes';
import type { Identity } from '../modules/sessions/identity';

/**
 * Who may see and retry vendor events. The contract's `access: 'admin'` has the guard refuse all
 * but administrators (admin, sub_admin); webhook events belong to the whole deployment, every
 * company's at once, not to the caller's company, so the strictest rule the product has applies on
 * top: the System Admin (role admin) only, the rule that decides who may give the admin role
 * (admin-users.service.ts assignableRoles). A sub_admin ("Admin") gets 403 like any other role.
 */
function requireSystemAdmin(identity: Identity): void {
  if (!identity.roles.includes('admin')) throw forbidden();
}

/** GET /v1/admin/webhook_events and POST /v1/admin/webhook_events/{id}/retry: the dead letters of the one inbound webhook path. */
export function registerWebhookEventRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.listWebhookEvents, async (request) => {
    requireSystemAdmin(requireIdentity(request));
    return ctx.webhooks.unprocessed(request.query);
  });

  route(app, ctx, endpoints.retryWebhookEvent, async (request) => {
    const identity = requireIdentity(request);
    requireSystemAdmin(identity);
    return { data: await ctx.webhooks.retry(request.params.id, identity, requestMeta(request)) };
  });
}

import type { FastifyInstance } from 'fastify';
import { endpoints } from '@crm/contract';
import type { AppContext } from '../../context';
import { requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';
import { createSecurityEvents } from './security-events';

export function registerSecurityEventRoutes(app: FastifyInstance, ctx: AppContext): void {
  const events = createSecurityEvents(ctx.audit);
  route(app, ctx, endpoints.listSecurityEvents, async (request) =>
    events.page(requireIdentity(request).user.id, request.query.page, request.query.limit),
  );
}

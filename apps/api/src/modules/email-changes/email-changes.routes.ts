import type { FastifyInstance } from 'fastify';
import { endpoints } from '@crm/contract';
import type { AppContext } from '../../context';
import { requestMeta, requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';

export function registerEmailChangeRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.showEmailChange, async (request) => ({ data: await ctx.emailChanges.pending(requireIdentity(request).user.id) }));
  route(app, ctx, endpoints.cancelEmailChange, async (request) => {
    await ctx.emailChanges.cancel(requireIdentity(request).user, requestMeta(request));
  });
  route(app, ctx, endpoints.resendEmailChange, async (request) => ({
    data: await ctx.emailChanges.resend(requireIdentity(request).user, requestMeta(request)),
  }));
  route(app, ctx, endpoints.confirmEmailChange, async (request) => ctx.emailChanges.confirm(request.body.token, requestMeta(request)));
  route(app, ctx, endpoints.reportEmailChange, async (request) => ctx.emailChanges.reportNotMe(request.body.token, requestMeta(request)));
  route(app, ctx, endpoints.restoreEmailChange, async (request) =>
    ctx.emailChanges.restore(request.body.token, request.body.proof, requestMeta(request)),
  );
}

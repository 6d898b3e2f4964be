import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@crm/contract';
import type { AppContext } from '../../context';
import { requestMeta, requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';
import { presentCurrent } from './present-current';
import type { UserRow } from './users.repository';

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const me = (request: FastifyRequest, user?: UserRow) => presentCurrent(ctx, request, user);

  route(app, ctx, endpoints.authProfile, (request) => me(request));
  route(app, ctx, endpoints.userMe, (request) => me(request));

  route(app, ctx, endpoints.acceptTos, async (request) => me(request, await ctx.users.acceptTos(requireIdentity(request).user)));

  route(app, ctx, endpoints.updateTimezone, async (request) =>
    me(request, await ctx.users.updateTimezone(requireIdentity(request).user, request.body.timezone)),
  );

  route(app, ctx, endpoints.updateProfile, async (request) =>
    me(request, await ctx.users.updateProfile(requireIdentity(request).user, request.body, requestMeta(request))),
  );

  route(app, ctx, endpoints.updateTheme, async (request) =>
    me(request, await ctx.users.updateTheme(requireIdentity(request).user, request.body)),
  );
  route(app, ctx, endpoints.updatePassword, async (request) =>
    me(request, await ctx.users.updatePassword(requireIdentity(request), request.params.id, request.body, requestMeta(request))),
  );

  route(app, ctx, endpoints.update2fa, async (request) =>
    me(request, await ctx.users.update2fa(requireIdentity(request).user, request.body.otp_delivery, requestMeta(request))),
  );

  route(app, ctx, endpoints.showApiToken, async (request) => ctx.users.apiTokenStatus(requireIdentity(request).user));

  route(app, ctx, endpoints.refreshApiToken, async (request) => {
    const identity = requireIdentity(request);
    return ctx.users.refreshApiToken(identity.user, identity.roles, request.body?.scopes, requestMeta(request));
  });
}

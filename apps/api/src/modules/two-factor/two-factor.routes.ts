import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@crm/contract';
import type { AppContext } from '../../context';
import { unauthorized } from '../../lib/http-errors';
import { requestMeta, requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';
import { presentCurrent } from '../users/present-current';
import type { UserRow } from '../users/users.repository';

export function registerTwoFactorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const present = (request: FastifyRequest, user: UserRow) => presentCurrent(ctx, request, user);

  route(app, ctx, endpoints.generateQr, async (request) => ctx.twoFactor.generateQr(requireIdentity(request).user));

  route(app, ctx, endpoints.enable2fa, async (request) => {
    const { user, recoveryCodes } = await ctx.twoFactor.enable(requireIdentity(request).user, request.body.otp_code, requestMeta(request));
    return { ...(await present(request, user)), recovery_codes: recoveryCodes };
  });

  route(app, ctx, endpoints.recoveryCodesStatus, async (request) => ({
    remaining: await ctx.twoFactor.recoveryCodesLeft(requireIdentity(request).user),
  }));

  route(app, ctx, endpoints.regenerateRecoveryCodes, async (request) => ({
    recovery_codes: await ctx.twoFactor.regenerateRecoveryCodes(requireIdentity(request).user, request.body.otp_code, requestMeta(request)),
  }));

  route(app, ctx, endpoints.disable2fa, async (request) =>
    present(request, await ctx.twoFactor.disable(requireIdentity(request).user, request.body.otp_code, requestMeta(request))),
  );

  route(app, ctx, endpoints.sendOtp, async (request) => {
    const userId = request.identity?.user.id ?? request.pendingOtpUserId;
    const user = userId ? await ctx.usersRepository.findById(userId) : undefined;
    if (!user) throw unauthorized();
    await ctx.twoFactor.sendOtp(user, requestMeta(request));
    return { ok: true as const };
  });
}

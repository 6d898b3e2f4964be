import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints, type SignInResponse } from '@crm/contract';
import type { AppContext } from '../../context';
import { sign } from '../../lib/crypto';
import { NotConfigured, unauthorized } from '../../lib/http-errors';
import { SSO_NOT_CONFIGURED } from '../../vendors/sso/sso.provider';
import { PENDING_OTP_MINUTES, requestMeta, requireIdentity } from '../../plugins/auth';
import { clearSessionCookies, COOKIES, httpOnlyCookie } from '../../plugins/cookies';
import { route } from '../../plugins/routes';
import type { ReauthProof, SignInResult } from './sessions.service';
import { ownSession } from './own-session';

function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, local.length - 1))}@${domain}`;
}

export function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const sessionCookie = () => httpOnlyCookie(ctx.env.SESSION_ABSOLUTE_HOURS * 3600);

  /** A new session token at every sign-in; a waiting second factor gets a short signed cookie instead. */
  async function answer(result: SignInResult, reply: FastifyReply): Promise<SignInResponse> {
    if (result.kind === 'otp') {
      const pending = sign({ uid: result.user.id, exp: Date.now() + PENDING_OTP_MINUTES * 60_000 }, ctx.env.APP_SECRET);
      reply.clearCookie(COOKIES.session, { path: '/' });
      reply.setCookie(COOKIES.pendingOtp, pending, httpOnlyCookie(PENDING_OTP_MINUTES * 60));
      return {
        otp_required: true,
        last_otp_at: result.user.lastOtpAt?.toISOString() ?? null,
        otp_delivery: result.user.otpDelivery as 'app' | 'email',
        email_hint: maskEmail(result.user.email),
      };
    }
    reply.clearCookie(COOKIES.pendingOtp, { path: '/' });
    reply.clearCookie(COOKIES.admin, { path: '/' });
    reply.clearCookie(COOKIES.impersonator, { path: '/' });
    reply.setCookie(COOKIES.session, result.token, sessionCookie());
    return { otp_required: false, user: await ctx.users.present(result.user) };
  }

  async function secondStep(request: FastifyRequest, proof: { otp_code: string } | { recovery_code: string }, method: string) {
    if (!request.pendingOtpUserId) throw unauthorized('Your sign-in expired. Start again.', 'otp_code' in proof ? 'otp_code' : 'recovery_code');
    const done = await ctx.sessions.completeSecondFactor(request.pendingOtpUserId, proof, requestMeta(request), method, request.brand);
    return { kind: 'session' as const, ...done };
  }

  route(app, ctx, endpoints.createSession, async (request, reply) => {
    const body = request.body;
    const result =
      body.otp_code !== undefined
        ? await secondStep(request, { otp_code: body.otp_code }, 'password')
        : body.recovery_code !== undefined
          ? await secondStep(request, { recovery_code: body.recovery_code }, 'password')
          : await ctx.sessions.signIn(body.email, body.password, requestMeta(request), request.brand);
    return answer(result, reply);
  });

  route(app, ctx, endpoints.ssoStatus, async () => {
    const enabled = ctx.sso.enabled();
    return { enabled, unavailable: enabled ? null : SSO_NOT_CONFIGURED };
  });

  route(app, ctx, endpoints.createSsoSession, async (request, reply) => {
    const body = request.body;
    if (!ctx.sso.enabled()) throw new NotConfigured(SSO_NOT_CONFIGURED);
    if (body.redirect_uri !== undefined) {
      return { authorization_url: await ctx.sso.authorizationUrl(body.redirect_uri, request.brand) };
    }
    const { email } = await ctx.sso.complete(body.code, body.state);
    return answer(await ctx.sessions.signInVerified(email, requestMeta(request), request.brand), reply);
  });

  route(app, ctx, endpoints.destroySession, async (request, reply) => {
    await ctx.sessions.signOut(
      request.identity,
      [request.cookies[COOKIES.admin], request.cookies[COOKIES.impersonator]],
      requestMeta(request),
    );
    clearSessionCookies(reply);
    reply.clearCookie(COOKIES.pendingOtp, { path: '/' });
  });

  route(app, ctx, endpoints.endImpersonation, async (request, reply) => {
    const identity = requireIdentity(request);
    const stashCookie = identity.session?.loginType === 'login_as' ? COOKIES.admin : COOKIES.impersonator;
    const stashed = request.cookies[stashCookie];
    const { actor, actorSession } = await ctx.sessions.endImpersonation(identity, request.params.id, stashed, requestMeta(request));
    reply.setCookie(COOKIES.session, stashed as string, sessionCookie());
    reply.clearCookie(stashCookie, { path: '/' });
    return { user: await ctx.users.present(actor, await ctx.sessions.impersonationOf(actorSession)) };
  });

  route(app, ctx, endpoints.reauthenticate, async (request) => {
    const identity = requireIdentity(request);
    const body = request.body;
    let proof: ReauthProof;
    if ('redirect_uri' in body || 'code' in body) {
      ownSession(identity);
      if (!ctx.sso.enabled()) throw new NotConfigured(SSO_NOT_CONFIGURED);
      if ('redirect_uri' in body) {
        return { authorization_url: await ctx.sso.authorizationUrl(body.redirect_uri, request.brand, identity.user.id) };
      }
      proof = { sso: await ctx.sso.complete(body.code, body.state, identity.user.id) };
    } else {
      proof = body;
    }
    const at = await ctx.sessions.reauthenticate(identity, proof, requestMeta(request));
    return { reauthenticated_at: at.toISOString() };
  });

  route(app, ctx, endpoints.adminLoginAs, async (request, reply) => {
    const identity = requireIdentity(request);
    const loginType = request.body.login_type;
    const { user, token } = await ctx.sessions.startImpersonation(identity, request.params.id, loginType, requestMeta(request));
    reply.setCookie(loginType === 'login_as' ? COOKIES.admin : COOKIES.impersonator, request.cookies[COOKIES.session] as string, sessionCookie());
    reply.setCookie(COOKIES.session, token, sessionCookie());
    return {
      user: await ctx.users.present(user, { id: identity.user.id, name: `${identity.user.firstName} ${identity.user.lastName}`, loginType }),
    };
  });

  route(app, ctx, endpoints.listOwnSessions, async (request) => ({ data: await ctx.sessions.listOwn(requireIdentity(request)) }));

  route(app, ctx, endpoints.endOwnSession, async (request, reply) => {
    const identity = requireIdentity(request);
    await ctx.sessions.endOwn(identity, { id: request.params.id }, requestMeta(request));
    if (identity.session?.id === request.params.id) clearSessionCookies(reply);
  });

  route(app, ctx, endpoints.signOutOtherSessions, async (request) => ({
    signed_out: await ctx.sessions.endOwn(requireIdentity(request), 'others', requestMeta(request)),
  }));

  route(app, ctx, endpoints.resetPasswordInstructions, async (request) => {
    await ctx.users.sendResetInstructions(request.body.email, requestMeta(request));
    return { ok: true as const };
  });

  route(app, ctx, endpoints.resetPasswordByToken, async (request) => {
    await ctx.users.resetPasswordByToken(request.body.reset_password_token, request.body.password, requestMeta(request));
    return { ok: true as const };
  });
}

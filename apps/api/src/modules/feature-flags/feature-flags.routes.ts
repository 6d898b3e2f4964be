import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints, type FlagName } from '@crm/contract';
import type { AppContext } from '../../context';
import { requestMeta, requireIdentity } from '../../plugins/auth';
import { brandCookieDomain } from '../../plugins/brand';
import { COOKIES, readableCookie } from '../../plugins/cookies';
import { route } from '../../plugins/routes';

const ACTIVE_FLAG_COOKIE_DAYS = 30;

/**
 * Spec part 1 §9: "Development, stage and demo environments set a domain cookie from the active
 * feature flag." Our reading: an administrator may choose one flag to preview (PUT
 * active_feature_flag). Outside production it is stored on the company and written to the
 * crm_active_flag cookie, readable by the page (not httpOnly), SameSite=Lax, path /, and scoped to
 * the brand's registrable domain taken from the request host (`.harboragent.com` when the request
 * came to platform.harboragent.com or acme.harboragent.com), so every subdomain of the brand — the
 * CRM and the company webpages — sees which flag is being previewed. On localhost, IP addresses and
 * hosts outside the brand's domains the cookie has no Domain attribute (host-only). Production never
 * sets it (the PUT is refused there).
 */
function writeActiveFlagCookie(request: FastifyRequest, reply: FastifyReply, flag: FlagName | null): void {
  const domain = brandCookieDomain(request.hostname, request.brand);
  if (flag) {
    reply.setCookie(COOKIES.activeFlag, flag, readableCookie({ domain, maxAgeSeconds: ACTIVE_FLAG_COOKIE_DAYS * 86_400 }));
  } else {
    reply.clearCookie(COOKIES.activeFlag, { path: '/', ...(domain && { domain }) });
  }
}

export function registerFeatureFlagRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.listFeatureFlags, (request) => ctx.featureFlags.list(requireIdentity(request)));

  route(app, ctx, endpoints.updateFeatureFlags, async (request, reply) => {
    const result = await ctx.featureFlags.update(requireIdentity(request), request.body, requestMeta(request));
    if (request.body.active_feature_flag !== undefined) writeActiveFlagCookie(request, reply, result.active_feature_flag);
    return result;
  });

  route(app, ctx, endpoints.listFeatures, (request) => ctx.featureFlags.features(requireIdentity(request)));
}

import type { FastifyInstance } from 'fastify';
import { endpoints } from '@crm/contract';
import type { AppContext } from '../../context';
import { requestMeta, requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';

/** /v1/admin/campaign_triggers (administrators) and the triggers agents are offered (/v1/contacts/{sms,email}_campaign_triggers). */
export function registerCampaignTriggerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const triggers = ctx.campaignTriggers;
  route(app, ctx, endpoints.listCampaignTriggers, (request) => triggers.list(requireIdentity(request), request.query));
  route(app, ctx, endpoints.showCampaignTrigger, async (request) => ({ data: await triggers.show(requireIdentity(request), request.params.id) }));
  route(app, ctx, endpoints.createCampaignTrigger, async (request) => ({ data: await triggers.create(requireIdentity(request), request.body, requestMeta(request)) }));
  route(app, ctx, endpoints.updateCampaignTrigger, async (request) => ({
    data: await triggers.update(requireIdentity(request), request.params.id, request.body, requestMeta(request)),
  }));
  route(app, ctx, endpoints.deleteCampaignTrigger, async (request) => {
    await triggers.remove(requireIdentity(request), request.params.id, requestMeta(request));
  });
  route(app, ctx, endpoints.smsCampaignTriggers, async (request) => ({ data: await triggers.usable(requireIdentity(request), 'sms') }));
  route(app, ctx, endpoints.emailCampaignTriggers, async (request) => ({ data: await triggers.usable(requireIdentity(request), 'email') }));
}

import type { FastifyInstance } from 'fastify';
import { adminTelephonyPlanEndpointTables, TELEPHONY_KINDS, telephonyPlanEndpointTables } from '@crm/contract';
import type { AppContext } from '../../context';
import { requestMeta, requireIdentity } from '../../plugins/auth';
import { refundRequest } from '../billing/billing.routes';
import { route } from '../../plugins/routes';

/** Both kinds' endpoints (/v1/dialer/dialer_*, /v1/sms/sms_*, /v1/admin/dialer/*, /v1/admin/sms/*), one service. */
export function registerTelephonyPlanRoutes(app: FastifyInstance, ctx: AppContext): void {
  const s = ctx.telephonyPlans;
  for (const p of TELEPHONY_KINDS) {
    const e = telephonyPlanEndpointTables[p];
    route(app, ctx, e.listPlans, (r) => s.listPlans(requireIdentity(r), p, r.query));
    route(app, ctx, e.listEnterprisePlans, (r) => s.enterprisePlans(requireIdentity(r), p));
    route(app, ctx, e.listSubscriptions, (r) => s.listSubscriptions(requireIdentity(r), p, r.query));
    route(app, ctx, e.pendingCompanySubscription, (r) => s.pendingCompanySubscription(requireIdentity(r), p));
    route(app, ctx, e.showSubscription, (r) => s.showSubscription(requireIdentity(r), p, r.params.id));
    route(app, ctx, e.updateSubscription, (r) => s.updateSubscription(requireIdentity(r), p, r.params.id, r.body));
    route(app, ctx, e.createSubscription, (r) => s.createSubscription(requireIdentity(r), p, r.body));
    route(app, ctx, e.cancelSubscription, (r) => s.cancelSubscription(requireIdentity(r), p, r.params.id, r.body));
    route(app, ctx, e.activeSubscription, (r) => s.activeSubscription(requireIdentity(r), p, r.query.type));
    route(app, ctx, e.usage, (r) => s.usageSummary(requireIdentity(r), p, r.query.subscription_id));
    route(app, ctx, e.listLicenses, (r) => s.listLicenses(requireIdentity(r), p, r.query));
    route(app, ctx, e.updateLicense, (r) => s.updateLicense(requireIdentity(r), p, r.params.id, r.body));
    route(app, ctx, e.orderLicenses, (r) => s.orderLicenses(requireIdentity(r), p, r.body));
    route(app, ctx, e.listOrders, (r) => s.listOrders(requireIdentity(r), p, r.query));
    route(app, ctx, e.showOrder, (r) => s.showOrder(requireIdentity(r), p, r.params.id));
    route(app, ctx, e.payOrder, (r) => s.payOrder(requireIdentity(r), p, r.params.id));
    route(app, ctx, e.cancelOrder, (r) => s.cancelOrder(requireIdentity(r), p, r.params.id));

    const a = adminTelephonyPlanEndpointTables[p];
    route(app, ctx, a.usage, (r) => s.admin.usage(requireIdentity(r), p, r.query));
    route(app, ctx, a.listSubscriptions, (r) => s.admin.listSubscriptions(requireIdentity(r), p, r.query));
    route(app, ctx, a.listOrders, (r) => s.admin.listOrders(requireIdentity(r), p, r.query));
    route(app, ctx, a.createSubscription, (r) => s.admin.createSubscription(requireIdentity(r), p, r.body));
    route(app, ctx, a.activateSubscription, (r) => s.admin.activateSubscription(requireIdentity(r), p, r.body));
    route(app, ctx, a.cancelSubscription, (r) => s.admin.cancelSubscription(requireIdentity(r), p, r.body));
    route(app, ctx, a.createOrder, (r) => s.admin.createOrder(requireIdentity(r), p, r.body));
    route(app, ctx, a.cancelOrder, (r) => s.admin.cancelOrder(requireIdentity(r), p, r.body));
    route(app, ctx, a.refundOrder, (r) => s.admin.refundOrder(requireIdentity(r), p, r.body.order_id, refundRequest(r, r.body), requestMeta(r)));
    route(app, ctx, a.listPlans, (r) => s.admin.listPlans(requireIdentity(r), p, r.query));
    route(app, ctx, a.showPlan, (r) => s.admin.showPlan(requireIdentity(r), p, r.params.id));
    route(app, ctx, a.createPlan, (r) => s.admin.createPlan(requireIdentity(r), p, r.body));
    route(app, ctx, a.updatePlan, (r) => s.admin.updatePlan(requireIdentity(r), p, r.params.id, r.body));
    route(app, ctx, a.deletePlan, (r) => s.admin.deletePlan(requireIdentity(r), p, r.params.id));
  }
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@crm/contract';
import { BRANDS } from '@crm/brand-config';
import type { AppContext } from '../../context';
import { requestMeta, requireIdentity } from '../../plugins/auth';
import { IDEMPOTENCY_HEADER } from '../../plugins/idempotency';
import { route } from '../../plugins/routes';
import { subjectOf } from '../feature-flags/feature-flags.service';
import type { RefundRequest } from './billing.service';

/** Our id of the request, for the vendor call log (the caller's X-Request-Id when it sent one). */
const correlationOf = (request: FastifyRequest) => {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[\w.:-]{1,100}$/.test(given) ? given : String(request.id);
};

/** An administrator's refund as the billing service takes it: the body's amount and reason, the request's Idempotency-Key and id. */
export function refundRequest(request: FastifyRequest, body: { amount_cents?: number | undefined; reason?: string | undefined }): RefundRequest {
  const key = request.headers[IDEMPOTENCY_HEADER];
  return { amountCents: body.amount_cents, reason: body.reason || undefined, requestKey: typeof key === 'string' ? key : null, correlationId: correlationOf(request) };
}

export function registerBillingRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.accountInfo, async (request) => ({ data: await ctx.billing.info(requireIdentity(request).user.id) }));
  route(app, ctx, endpoints.listAccountPlans, async (request) => {
    const identity = requireIdentity(request);
    return { data: await ctx.billing.plans(BRANDS[identity.brand], await ctx.features.forUser(subjectOf(identity))) };
  });
  route(app, ctx, endpoints.accountPlanQuote, async (request) => ({ data: await ctx.billing.planQuote(requireIdentity(request), request.query.plan_id) }));
  route(app, ctx, endpoints.connectCard, (request) => ctx.billing.connectCard(requireIdentity(request), request.body.payment_method_id, correlationOf(request)));
  route(app, ctx, endpoints.updateAccountPlan, async (request) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    return ctx.billing.updatePlan(requireIdentity(request), request.body.plan_id, typeof key === 'string' ? key : null, correlationOf(request), request.body.expected_amount_cents);
  });
  route(app, ctx, endpoints.accountHistory, (request) =>
    ctx.billing.history(requireIdentity(request).user.id, request.query.page, request.query.limit),
  );
  route(app, ctx, endpoints.cancelAccountSubscription, async (request) => ({ data: await ctx.billing.cancel(requireIdentity(request)) }));
  route(app, ctx, endpoints.grantPaidMembership, (request) =>
    ctx.billing.setPaidMembership(requireIdentity(request), request.params.id, request.body?.paid_user ?? true, requestMeta(request)),
  );
  route(app, ctx, endpoints.refundAccountPayment, async (request) => ({
    data: await ctx.billing.refundPayment(requireIdentity(request), request.params.id, request.body.transaction_id, refundRequest(request, request.body), requestMeta(request)),
  }));
}

import {
  agentOverAllocationMessage,
  licenceExhausted,
  ORDER_MESSAGES,
  ORDER_TYPES,
  poolExceededMessage,
  TELEPHONY_UNITS,
  type AdminTelephonyPlanEndpoints,
  type License,
  type PagingMeta,
  type ParsedBodyOf,
  type ParsedQueryOf,
  type Plan,
  type TelephonyKind,
  type TelephonyPlanEndpoints,
  type TelephonyOrder,
  type Subscription,
  type SubscriptionType,
  type UsageSummary,
} from '@crm/contract';
import { forbidden, HttpError, notFound, unprocessable } from '../../lib/http-errors';
import type { AuditRepository } from '../audit/audit.repository';
import type { BillingService, RefundRequest } from '../billing/billing.service';
import type { RequestMeta } from '../sessions/identity';
import { contactReach, type Reach } from '../contacts/contact-reach';
import type { ContactsCaller } from '../contacts/contacts.service';
import { fullName, type TelephonyPlanState } from '../users/current-user';
import type { UsageRepository } from '../usage/usage.repository';
import { usagePeriod, usagePeriodOf } from '../usage/usage.service';
import {
  licenseVisible,
  orderVisible,
  TELEPHONY_USAGE_KIND,
  subscriptionVisible,
  type LicenseRecord,
  type OrderRecord,
  type PlanRow,
  type TelephonyPlansRepository,
  type SubscriptionFilter,
  type SubscriptionRecord,
} from './telephony-plans.repository';

export type Caller = ContactsCaller;
/**
 * Where an order would be charged: the payments step (issue 13's PaymentsProvider) charges it and
 * settles it through `settleOrder`. Until one is wired, orders stay pending with their amount.
 * Answers why an order stayed pending: no card on file, the vendor did not answer, or (the payer
 * present: `customerPresent`) the payer's bank asks them to authenticate, with the client secret.
 */
export type OrderCharger = (order: OrderRecord, options?: { customerPresent?: boolean }) => Promise<'no_card' | 'unanswered' | { authenticate: string } | void>;
/** The 422 of a refund of an order that was not paid. */
export const ONLY_PAID_REFUNDED = 'Only a paid order can be refunded';

export const leavePending: OrderCharger = async () => 'unanswered';
/** The 503 of paying an order when the payment service did not answer (the order stays pending). */
export const ORDER_PAYMENT_UNAVAILABLE = 'The payment service did not answer. Try again in a moment; you will not be charged twice.';

type Deps = {
  repo: TelephonyPlansRepository;
  usage: UsageRepository;
  audit: AuditRepository;
  chargeOrder: OrderCharger;
  /** Refunds of what orders paid by card (the billing service); without it, nothing is refundable. */
  refunds?: Pick<BillingService, 'refundSubject'>;
};
type Q<K extends keyof TelephonyPlanEndpoints> = ParsedQueryOf<TelephonyPlanEndpoints[K]>;
type B<K extends keyof TelephonyPlanEndpoints> = ParsedBodyOf<TelephonyPlanEndpoints[K]>;
type AQ<K extends keyof AdminTelephonyPlanEndpoints> = ParsedQueryOf<AdminTelephonyPlanEndpoints[K]>;
type AB<K extends keyof AdminTelephonyPlanEndpoints> = ParsedBodyOf<AdminTelephonyPlanEndpoints[K]>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const words = (q: string | undefined) => (q ?? '').split(/\s+/).filter(Boolean);
const meta = (page: number, limit: number, total: number): PagingMeta => ({ current_page: page, limit, total_count: total, total_pages: Math.ceil(total / limit) });
const person = (p: { id: number; firstName: string; lastName: string }) => ({ id: p.id, name: fullName(p) });

export function toPlan(p: PlanRow): Plan {
  return {
    id: p.id,
    product: p.product as TelephonyKind,
    name: p.name,
    description: p.description,
    price_cents: p.priceCents,
    period: p.period as Plan['period'],
    units_per_license: p.unitsPerLicense,
    unit: TELEPHONY_UNITS[p.product as TelephonyKind],
    enterprise: p.enterprise,
    active: p.active,
    created_at: p.createdAt.toISOString(),
  };
}

export function toSubscription(s: SubscriptionRecord): Subscription {
  return {
    id: s.id,
    product: s.product as TelephonyKind,
    type: s.type as SubscriptionType,
    order_type: s.type === 'company' ? null : ORDER_TYPES[s.type as 'manager' | 'self'],
    status: s.status as Subscription['status'],
    active: s.active,
    plan: {
      id: s.plan.id,
      name: s.plan.name,
      price_cents: s.plan.priceCents,
      period: s.plan.period as Plan['period'],
      units_per_license: s.plan.unitsPerLicense,
      enterprise: s.plan.enterprise,
    },
    scheduled_plan: s.scheduledPlan && {
      id: s.scheduledPlan.id,
      name: s.scheduledPlan.name,
      price_cents: s.scheduledPlan.priceCents,
      period: s.scheduledPlan.period as Plan['period'],
      units_per_license: s.scheduledPlan.unitsPerLicense,
    },
    owner: s.owner && person(s.owner),
    quantity: s.quantity,
    licenses_count: s.licensesCount,
    pool: s.quantity * s.plan.unitsPerLicense,
    allocated: s.allocated,
    current_period_start: s.currentPeriodStart.toISOString(),
    current_period_end: s.currentPeriodEnd.toISOString(),
    cancel_at_period_end: s.cancelAtPeriodEnd,
    cancelled_at: iso(s.cancelledAt),
    created_at: s.createdAt.toISOString(),
  };
}

function toLicense(l: LicenseRecord, used: number): License {
  return {
    id: l.id,
    subscription_id: l.subscriptionId,
    subscription_type: l.subscriptionType,
    user: person(l.user),
    allocation: l.allocation,
    used,
    paid: l.paid,
    awaiting_payment: l.awaitingPayment,
    created_at: l.createdAt.toISOString(),
    updated_at: l.updatedAt.toISOString(),
  };
}

export function toOrder(o: OrderRecord): TelephonyOrder {
  return {
    id: o.id,
    product: o.product as TelephonyKind,
    subscription_id: o.subscriptionId,
    kind: o.kind as TelephonyOrder['kind'],
    plan: o.plan,
    quantity: o.quantity,
    amount_cents: o.amountCents,
    refunded_cents: o.refundedCents,
    status: o.status as TelephonyOrder['status'],
    payment_reference: o.paymentReference,
    description: o.description,
    user: o.user && person(o.user),
    paid_at: iso(o.paidAt),
    cancelled_at: iso(o.cancelledAt),
    created_at: o.createdAt.toISOString(),
  };
}

/** The end of a period that starts at `start` for a plan of `period` (month or year). */
export function periodEnd(start: Date, period: string): Date {
  const end = new Date(start);
  if (period === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/**
 * What a plan change costs now (Stripe's proration): the new plan's price for the rest of the
 * current period, less the unused part of what the old plan's price paid for it, for every paid
 * licence; in whole cents, negative for a cheaper plan. The rest of the period is measured against
 * the current period for the old plan and against a period of the new plan's length for the new.
 */
export function planChangeCents(c: {
  from: { priceCents: number };
  to: { priceCents: number; period: string };
  quantity: number;
  periodStart: Date;
  periodEnd: Date;
  now: Date;
}): number {
  const total = c.periodEnd.getTime() - c.periodStart.getTime();
  const left = Math.min(Math.max(c.periodEnd.getTime() - c.now.getTime(), 0), total);
  if (total <= 0 || left === 0) return 0;
  const newLength = periodEnd(c.periodStart, c.to.period).getTime() - c.periodStart.getTime();
  return Math.round(c.quantity * ((c.to.priceCents * left) / newLength - (c.from.priceCents * left) / total));
}

/**
 * Whether a licence's new allocation fits its subscription (spec part 1 §8 "over-allocation"): a
 * raise must keep every licence's allocation together within the pool bought (quantity × units per
 * licence); lowering is always allowed, even when a plan change left the pool smaller.
 */
export function allocationFits(s: { allocation: number; previous: number; others: number; pool: number }): boolean {
  return s.allocation <= s.previous || s.others + s.allocation <= s.pool;
}

export type QuotaVerdict = { ok: true } | { ok: false; result: 'Over minutes allocated' | 'No active subscription'; message: string };

/**
 * The quota rule of spec part 1 §5: a user with profile dialer_enabled passes; a manager-type
 * (or company) licence fails when the period's usage is at or above its allocation or it is
 * unpaid; an active self subscription passes; without an active subscription nothing passes.
 */
export function quotaVerdict(profileEnabled: boolean, state: TelephonyPlanState, product: TelephonyKind = 'dialer'): QuotaVerdict {
  if (profileEnabled) return { ok: true };
  const sub = state.subscription;
  if (!sub?.active) return { ok: false, result: 'No active subscription', message: 'No active subscription' };
  if (sub.type === 'self') return { ok: true };
  if (licenceExhausted({ paid: sub.paid, used: state.used, allocation: sub.allocation })) return { ok: false, result: 'Over minutes allocated', message: agentOverAllocationMessage(product) };
  return { ok: true };
}

/**
 * Spec part 1 §5 "Dialer is enabled only when all hold": no forced password change; two-factor
 * not required or enabled; a verified dialer phone number; and one of an active manager
 * subscription with a paid licence, an active self subscription, or profile dialer_enabled.
 */
export function dialerEnabled(
  user: { changePassword: boolean; twoFaRequired: boolean; otpEnabled: boolean; dialerVerifiedPhoneNumber: string | null; dialerEnabled: boolean },
  state: TelephonyPlanState,
): boolean {
  if (user.changePassword || (user.twoFaRequired && !user.otpEnabled) || !user.dialerVerifiedPhoneNumber) return false;
  const sub = state.subscription;
  const subscribed = Boolean(sub?.active && (sub.type === 'self' || sub.paid));
  return user.dialerEnabled || subscribed;
}

/**
 * Dialer and SMS plans, subscriptions, licences, usage and orders (spec part 1 §3, §4, §6, §7;
 * part 2 §7), one service for both kinds. Reach: an administrator reaches the company's
 * records; a manager those of their downline and the subscriptions they pay for; an agent their
 * own. A record out of reach answers 404; one in sight that the caller may not change, 403.
 */
export function createTelephonyPlansService({ repo, usage, audit, chargeOrder, refunds }: Deps) {
  const reachOf = (caller: Caller): Reach => contactReach(caller);

  /** Both kinds' state of a user (one statement): users/me and the quota rule read it. */
  async function statesOf(user: { id: number; companyId: number }): Promise<Record<TelephonyKind, TelephonyPlanState>> {
    const rows = await repo.userStates(user.id, user.companyId, usagePeriod());
    const empty: TelephonyPlanState = { companySubscriptionId: null, subscription: null, used: 0 };
    const byKind = Object.fromEntries(rows.map((r) => [r.product, r])) as Partial<Record<TelephonyKind, TelephonyPlanState>>;
    return { dialer: byKind.dialer ?? empty, sms: byKind.sms ?? empty };
  }
  const isCompanyAdmin = (caller: Caller) => reachOf(caller).kind === 'company';

  async function plan(caller: Caller, p: TelephonyKind, planId: number, type: SubscriptionType): Promise<PlanRow> {
    const found = await repo.findPlan(caller.user.companyId, p, planId);
    if (!found || !found.active) throw unprocessable({ plan_id: 'Plan not found' });
    if (found.enterprise && type !== 'company') throw unprocessable({ plan_id: 'Enterprise plans are for company subscriptions' });
    return found;
  }

  async function visibleSubscription(caller: Caller, p: TelephonyKind, id: number): Promise<SubscriptionRecord> {
    const sub = await repo.findSubscription(caller.user.companyId, p, id, subscriptionVisible(reachOf(caller)));
    if (!sub) throw notFound('Subscription');
    return sub;
  }

  /** The payer changes a manager or self subscription; a company subscription is the administrators'. */
  function mayChange(caller: Caller, sub: SubscriptionRecord): boolean {
    if (isCompanyAdmin(caller)) return true;
    return sub.type !== 'company' && sub.ownerId === caller.user.id;
  }

  async function reload(caller: Caller, p: TelephonyKind, id: number): Promise<Subscription> {
    return toSubscription((await repo.findSubscription(caller.user.companyId, p, id)) as SubscriptionRecord);
  }

  async function orderOut(companyId: number, p: TelephonyKind, orderId: number): Promise<TelephonyOrder> {
    return toOrder((await repo.findOrder(companyId, p, orderId)) as OrderRecord);
  }

  /** Hands a new order to the payments step, then answers it as it now stands. */
  async function placed(companyId: number, p: TelephonyKind, orderId: number): Promise<TelephonyOrder> {
    await chargeOrder((await repo.findOrder(companyId, p, orderId)) as OrderRecord);
    return orderOut(companyId, p, orderId);
  }

  async function withUsage(p: TelephonyKind, rows: LicenseRecord[]): Promise<License[]> {
    const used = await usage.unitsOf(
      rows.map((l) => l.userId),
      TELEPHONY_USAGE_KIND[p],
      usagePeriod().key,
    );
    return rows.map((l) => toLicense(l, used.get(l.userId) ?? 0));
  }

  /** Users to license: each must be one the given reach covers (a manager's downline, an administrator's company). */
  async function holders(reach: Reach, userIds: number[], field = 'user_ids'): Promise<number[]> {
    const unique = [...new Set(userIds)];
    const reached = new Set(await repo.usersInReach(reach, unique));
    const outside = unique.filter((id) => !reached.has(id));
    if (outside.length) {
      const where = reach.kind === 'company' ? 'in the company' : reach.kind === 'downline' ? 'in your downline' : 'you';
      throw unprocessable({ [field]: `Licences go only to users ${where} (not user ${outside.join(', ')})` });
    }
    return unique;
  }

  async function auditAdmin(caller: Caller, event: 'product_plan_changed' | 'product_subscription_changed' | 'product_order_changed', details: Record<string, unknown>) {
    await audit.record({ event, userId: caller.user.id, actorUserId: caller.user.id, details });
  }

  async function createSubscription(
    caller: Caller,
    p: TelephonyKind,
    body: B<'createSubscription'> & { user_id?: number },
    by: 'user' | 'admin',
  ): Promise<{ data: Subscription; order: TelephonyOrder | null }> {
    const companyId = caller.user.companyId;
    const chosen = await plan(caller, p, body.plan_id, body.type);
    // a company subscription is the company's (ownerId: who asked); an administrator names the payer of another
    const ownerId = by === 'admin' && body.type !== 'company' ? body.user_id : caller.user.id;
    if (ownerId === undefined) throw unprocessable({ user_id: 'User is required' });
    if (by === 'admin' && body.type !== 'company') await holders({ kind: 'company', companyId, userId: caller.user.id }, [ownerId], 'user_id');
    if (by === 'user') {
      if (body.type === 'company' && !isCompanyAdmin(caller)) throw forbidden();
      if (body.type === 'manager' && reachOf(caller).kind === 'own') throw forbidden();
    }
    const exists =
      body.type === 'manager'
        ? undefined
        : await repo.findOne({
            companyId,
            product: p,
            type: body.type,
            statuses: ['pending', 'active'],
            ...(body.type === 'self' && { ownerId }),
          });
    if (exists) {
      throw unprocessable({ type: body.type === 'company' ? 'The company already has this subscription' : 'You already have a self subscription' });
    }
    const quantity = body.type === 'self' ? 1 : body.quantity;
    const holderReach: Reach =
      body.type === 'company' ? { kind: 'company', companyId, userId: ownerId } : { kind: body.type === 'self' ? 'own' : 'downline', companyId, userId: ownerId };
    const users = body.type === 'self' ? [ownerId] : await holders(holderReach, body.user_ids);
    if (users.length > quantity) throw unprocessable({ quantity: 'Quantity must cover every user given a licence' });
    const start = new Date();
    const status = by === 'admin' ? 'active' : 'pending';
    const { subscriptionId, orderId } = await repo.createSubscription(
      {
        companyId,
        product: p,
        type: body.type,
        ownerId,
        planId: chosen.id,
        status,
        quantity,
        currentPeriodStart: start,
        currentPeriodEnd: periodEnd(start, chosen.period),
      },
      users.map((userId) => ({ userId, allocation: chosen.unitsPerLicense, paid: by === 'admin' })),
      by === 'admin' || body.type === 'company' ? null : { userId: caller.user.id, quantity, amountCents: chosen.priceCents * quantity },
    );
    if (by === 'admin') await auditAdmin(caller, 'product_subscription_changed', { action: 'created', product: p, subscription_id: subscriptionId, type: body.type, owner_id: ownerId });
    const order = orderId === null ? null : await placed(companyId, p, orderId);
    return { data: await reload(caller, p, subscriptionId), order };
  }

  /** Who pays for a manager or self subscription: its owner (a company subscription is paid outside these orders). */
  const paysFor = (caller: Caller, sub: SubscriptionRecord) => sub.type !== 'company' && sub.ownerId === caller.user.id;

  /**
   * The payer's plan change (issue 28 item 2). The prorated difference for the rest of the period
   * (planChangeCents) decides: more than nothing is an upgrade, an order of that amount charged to
   * the card on file, and the plan changes only once it is paid (settleOrder); nothing to pay for
   * at least as many units per licence changes at once (an order of 0); anything else is a
   * downgrade, a scheduled order the renewals apply at the period's end. Back to the current plan
   * takes back a waiting change.
   */
  async function changePlan(caller: Caller, p: TelephonyKind, sub: SubscriptionRecord, chosen: PlanRow): Promise<TelephonyOrder | null> {
    if (sub.status === 'pending') throw unprocessable({ plan_id: ORDER_MESSAGES.pendingPlanChange });
    if (chosen.id === sub.planId) {
      if (!sub.scheduledPlanId && !(await repo.listOrders({ companyId: sub.companyId, product: p, subscriptionId: sub.id, status: 'pending', page: 1, limit: 1 })).total) {
        throw unprocessable({ plan_id: 'The subscription is already on this plan' });
      }
      await repo.dropPlanChanges(sub.id);
      return null;
    }
    const now = new Date();
    const cents = planChangeCents({ from: sub.plan, to: chosen, quantity: sub.quantity, periodStart: sub.currentPeriodStart, periodEnd: sub.currentPeriodEnd, now });
    const atOnce = cents > 0 || (cents === 0 && chosen.unitsPerLicense >= sub.plan.unitsPerLicense);
    const licences = `${sub.quantity} licence${sub.quantity === 1 ? '' : 's'}`;
    const orderId = await repo.placePlanChange(sub, {
      userId: caller.user.id,
      planId: chosen.id,
      amountCents: atOnce ? cents : 0,
      scheduled: !atOnce,
      description: atOnce
        ? `Upgrade from ${sub.plan.name} to ${chosen.name}, ${licences}, prorated to the end of the current period`
        : `Downgrade from ${sub.plan.name} to ${chosen.name} at the end of the current period`,
    });
    return atOnce ? placed(sub.companyId, p, orderId) : orderOut(sub.companyId, p, orderId);
  }

  /** An order the caller may act on as its payer (or an administrator of the company: cancel only). */
  async function actionableOrder(caller: Caller, p: TelephonyKind, id: number): Promise<{ order: OrderRecord; sub: SubscriptionRecord }> {
    const order = await repo.findOrder(caller.user.companyId, p, id, orderVisible(reachOf(caller)));
    if (!order) throw notFound('Order');
    const sub = (await repo.findSubscription(caller.user.companyId, p, order.subscriptionId)) as SubscriptionRecord;
    if (!mayChange(caller, sub)) throw forbidden();
    return { order, sub };
  }

  /** Cancels an order waiting for payment or a scheduled plan change; a failed order has ended already (422 says so). */
  async function cancelOrder(order: OrderRecord): Promise<void> {
    if (await repo.cancelOrder(order.id)) return;
    const now = (await repo.findOrder(order.companyId, order.product as TelephonyKind, order.id)) ?? order;
    throw unprocessable({ order_id: now.status === 'failed' ? ORDER_MESSAGES.failedEnded : ORDER_MESSAGES.notCancellable });
  }

  async function cancel(caller: Caller, p: TelephonyKind, sub: SubscriptionRecord, immediately: boolean): Promise<Subscription> {
    if (sub.status === 'cancelled' || sub.status === 'lapsed' || (sub.cancelAtPeriodEnd && !immediately)) {
      throw unprocessable({ base: 'Subscription is already cancelled' });
    }
    const now = new Date();
    const atOnce = immediately || sub.status === 'pending';
    await repo.updateSubscription(
      sub.id,
      atOnce
        ? { status: 'cancelled', cancelledAt: now, cancelledById: caller.user.id, cancelAtPeriodEnd: false }
        : { cancelAtPeriodEnd: true, cancelledAt: now, cancelledById: caller.user.id },
    );
    if (atOnce) {
      const pending = await repo.listOrders({ companyId: sub.companyId, product: p, subscriptionId: sub.id, statuses: ['pending', 'scheduled'], page: 1, limit: 200 });
      for (const o of pending.rows) await repo.cancelOrder(o.id);
    }
    return reload(caller, p, sub.id);
  }

  async function plansPage(caller: Caller, p: TelephonyKind, query: Q<'listPlans'>, admin: boolean) {
    const limit = query.all ? null : query.limit;
    const { rows, total } = await repo.listPlans({
      companyId: caller.user.companyId,
      product: p,
      activeOnly: !admin,
      ...(!admin && { enterprise: false }),
      words: words(query.q),
      order: query.order,
      page: query.all ? 1 : query.page,
      limit,
    });
    return { data: rows.map(toPlan), meta: meta(query.all ? 1 : query.page, limit ?? Math.max(total, 1), total) };
  }

  async function adminPlan(caller: Caller, p: TelephonyKind, id: number): Promise<PlanRow> {
    const found = await repo.findPlan(caller.user.companyId, p, id);
    if (!found) throw notFound('Plan');
    return found;
  }

  /** A page of the company's subscriptions of a kind, searched and ordered as asked, narrowed by `filter` (the caller's reach, or an admin's filters). */
  async function subscriptionsPage(
    caller: Caller,
    p: TelephonyKind,
    query: { q?: string | undefined; order_field: SubscriptionFilter['orderField']; order: SubscriptionFilter['order']; page: number; limit: number },
    filter: Partial<Pick<SubscriptionFilter, 'visible' | 'ownerId' | 'active' | 'status' | 'type'>>,
  ) {
    const { rows, total } = await repo.listSubscriptions({
      companyId: caller.user.companyId,
      product: p,
      ...filter,
      words: words(query.q),
      orderField: query.order_field,
      order: query.order,
      page: query.page,
      limit: query.limit,
    });
    return { data: rows.map(toSubscription), meta: meta(query.page, query.limit, total) };
  }

  return {
    // ---------------------------------------------------------------- plans
    listPlans: (caller: Caller, p: TelephonyKind, query: Q<'listPlans'>) => plansPage(caller, p, query, false),

    async enterprisePlans(caller: Caller, p: TelephonyKind): Promise<{ data: Plan[] }> {
      const { rows } = await repo.listPlans({ companyId: caller.user.companyId, product: p, activeOnly: true, enterprise: true, words: [], order: 'asc', page: 1, limit: null });
      return { data: rows.map(toPlan) };
    },

    // -------------------------------------------------------- subscriptions
    listSubscriptions: (caller: Caller, p: TelephonyKind, query: Q<'listSubscriptions'>) =>
      subscriptionsPage(caller, p, query, {
        visible: subscriptionVisible(reachOf(caller)),
        ...(query.mine && { ownerId: caller.user.id }),
        ...(query.active !== undefined && { active: query.active }),
      }),

    async pendingCompanySubscription(caller: Caller, p: TelephonyKind): Promise<{ data: Subscription | null }> {
      const sub = await repo.findOne({ companyId: caller.user.companyId, product: p, type: 'company', statuses: ['pending'] });
      return { data: sub ? toSubscription(sub) : null };
    },

    async showSubscription(caller: Caller, p: TelephonyKind, id: number): Promise<{ data: Subscription }> {
      return { data: toSubscription(await visibleSubscription(caller, p, id)) };
    },

    /**
     * A plan change or a cancellation taken back. The payer's plan change is an order (changePlan):
     * an upgrade changes the plan once paid, a downgrade at the period's end. An administrator who
     * does not pay for the subscription (a company subscription, which administrators run) changes
     * the plan at once, audited.
     */
    async updateSubscription(caller: Caller, p: TelephonyKind, id: number, body: B<'updateSubscription'>): Promise<{ data: Subscription; order: TelephonyOrder | null }> {
      const sub = await visibleSubscription(caller, p, id);
      if (!mayChange(caller, sub)) throw forbidden();
      if (sub.status === 'cancelled' || sub.status === 'lapsed') throw unprocessable({ base: 'A cancelled subscription cannot change' });
      let order: TelephonyOrder | null = null;
      if (body.plan_id !== undefined) {
        const chosen = await plan(caller, p, body.plan_id, sub.type as SubscriptionType);
        if (paysFor(caller, sub)) order = await changePlan(caller, p, sub, chosen);
        else if (chosen.id !== sub.planId) {
          await repo.dropPlanChanges(sub.id);
          await repo.updateSubscription(sub.id, { planId: chosen.id });
          await auditAdmin(caller, 'product_subscription_changed', { action: 'plan_changed', product: p, subscription_id: sub.id, from_plan_id: sub.planId, plan_id: chosen.id });
        }
      }
      if (body.cancel_at_period_end === false && sub.cancelAtPeriodEnd) await repo.updateSubscription(sub.id, { cancelAtPeriodEnd: false, cancelledAt: null });
      return { data: await reload(caller, p, sub.id), order };
    },

    createSubscription: (caller: Caller, p: TelephonyKind, body: B<'createSubscription'>) => createSubscription(caller, p, body, 'user'),

    async cancelSubscription(caller: Caller, p: TelephonyKind, id: number, body: B<'cancelSubscription'>): Promise<{ data: Subscription }> {
      const sub = await visibleSubscription(caller, p, id);
      if (!mayChange(caller, sub)) throw forbidden();
      if (sub.type !== body.type) throw unprocessable({ type: `This is not a ${body.type} subscription` });
      return { data: await cancel(caller, p, sub, body.immediately) };
    },

    async activeSubscription(caller: Caller, p: TelephonyKind, type: SubscriptionType): Promise<{ data: Subscription | null }> {
      const base = { companyId: caller.user.companyId, product: p, type, activeNow: true };
      const sub =
        type === 'company'
          ? await repo.findOne(base)
          : ((await repo.findOne({ ...base, ownerId: caller.user.id })) ??
            (type === 'manager' ? await repo.findOne({ ...base, licensedUserId: caller.user.id }) : undefined));
      return { data: sub ? toSubscription(sub) : null };
    },

    /**
     * Usage this period against the allocation: of the given subscription, else of the one the
     * caller pays for (an administrator: the company's), else of the caller's own licence. The
     * licences listed are those the caller sees; the totals add them up.
     */
    async usageSummary(caller: Caller, p: TelephonyKind, subscriptionId?: number): Promise<{ data: UsageSummary }> {
      const companyId = caller.user.companyId;
      const period = usagePeriod();
      const sub =
        subscriptionId !== undefined
          ? await visibleSubscription(caller, p, subscriptionId)
          : ((isCompanyAdmin(caller) ? await repo.findOne({ companyId, product: p, type: 'company', statuses: ['active'] }) : undefined) ??
            (await repo.findOne({ companyId, product: p, ownerId: caller.user.id, statuses: ['active'] })) ??
            (await repo.findOne({ companyId, product: p, licensedUserId: caller.user.id, statuses: ['active', 'pending'] })) ??
            (await repo.findOne({ companyId, product: p, ownerId: caller.user.id, statuses: ['pending'] })));
      // the payer and administrators see every licence of the subscription; anyone else those within their reach
      const everyLicence = sub && (sub.ownerId === caller.user.id || isCompanyAdmin(caller));
      const listed = sub
        ? (await repo.licenceUsage(sub.id, TELEPHONY_USAGE_KIND[p], period.key, everyLicence ? undefined : licenseVisible(reachOf(caller)))).map((l) => ({
            ...l,
            user: person(l.user),
          }))
        : [];
      const allocation = listed.reduce((n, l) => n + l.allocation, 0);
      const used = sub
        ? listed.reduce((n, l) => n + l.used, 0)
        : ((await usage.unitsOf([caller.user.id], TELEPHONY_USAGE_KIND[p], period.key)).get(caller.user.id) ?? 0);
      return {
        data: {
          period_start: period.start.toISOString(),
          period_end: period.end.toISOString(),
          unit: TELEPHONY_UNITS[p],
          subscription: sub ? { id: sub.id, type: sub.type as SubscriptionType, active: sub.active } : null,
          allocation,
          used,
          remaining: Math.max(allocation - used, 0),
          licenses: listed.map((l) => ({ license_id: l.id, user: l.user, allocation: l.allocation, used: l.used, paid: l.paid })),
        },
      };
    },

    // ------------------------------------------------------------- licences
    async listLicenses(caller: Caller, p: TelephonyKind, query: Q<'listLicenses'>) {
      const { rows, total } = await repo.listLicenses({
        companyId: caller.user.companyId,
        product: p,
        visible: licenseVisible(reachOf(caller)),
        ...(query.subscription_id !== undefined && { subscriptionId: query.subscription_id }),
        words: words(query.q),
        page: query.page,
        limit: query.limit,
      });
      return { data: await withUsage(p, rows), meta: meta(query.page, query.limit, total) };
    },

    /**
     * A licence's allocation: changed by the payer of its (manager or company) subscription for a
     * user of their downline, or by an administrator; a raise beyond the paid pool is refused with
     * what is free in the kind's unit. Its paid state follows the money (its order paid): the
     * payer cannot change it, also an administrator who pays the subscription (422 on paid; the
     * same value is no change); an administrator who does not pay it can (paid outside the app). A
     * licence whose order waits for payment changes in nothing until it is paid.
     */
    async updateLicense(caller: Caller, p: TelephonyKind, id: number, body: B<'updateLicense'>): Promise<{ data: License }> {
      const reach = reachOf(caller);
      const license = await repo.findLicense(caller.user.companyId, p, id, licenseVisible(reach));
      if (!license) throw notFound('License');
      const admin = reach.kind === 'company';
      const payer = license.subscriptionType === 'manager' && license.subscriptionOwnerId === caller.user.id;
      if (!admin && !(payer && (await repo.usersInReach(reach, [license.userId])).length)) throw forbidden();
      const changesPaid = body.paid !== undefined && body.paid !== license.paid;
      if (changesPaid && (!admin || payer)) throw unprocessable({ paid: ORDER_MESSAGES.paidByPayment });
      const patch = {
        ...(body.allocation !== undefined && body.allocation !== license.allocation && { allocation: body.allocation }),
        ...(changesPaid && { paid: body.paid as boolean }),
      };
      if (Object.keys(patch).length && (await repo.licenseAwaitsPayment(license.id))) {
        throw unprocessable({ [patch.allocation !== undefined ? 'allocation' : 'paid']: ORDER_MESSAGES.waitingForPayment });
      }
      const outcome = await repo.updateLicense(license, patch, allocationFits);
      if (!outcome.ok) {
        const max = outcome.pool - outcome.others;
        throw unprocessable({ allocation: poolExceededMessage(TELEPHONY_UNITS[p], { max, free: max - outcome.previous, pool: outcome.pool }) });
      }
      const [fresh] = await withUsage(p, [(await repo.findLicense(caller.user.companyId, p, id)) as LicenseRecord]);
      return { data: fresh as License };
    },

    async orderLicenses(caller: Caller, p: TelephonyKind, body: B<'orderLicenses'>): Promise<{ data: TelephonyOrder; licenses: License[] }> {
      const sub = await visibleSubscription(caller, p, body.subscription_id);
      if (!mayChange(caller, sub)) throw forbidden();
      if (sub.type === 'self') throw unprocessable({ subscription_id: 'A self subscription has one licence' });
      if (sub.status === 'cancelled' || sub.status === 'lapsed') throw unprocessable({ subscription_id: 'The subscription is cancelled' });
      const reach: Reach = sub.type === 'company' ? { kind: 'company', companyId: sub.companyId, userId: caller.user.id } : reachOf(caller);
      const users = await holders(reach, body.user_ids);
      const taken = await repo.licensedUsers(sub.id, users);
      if (taken.length) throw unprocessable({ user_ids: `User ${taken.join(', ')} already has a licence of this subscription` });
      const quantity = body.quantity ?? Math.max(users.length, 1);
      const result = await repo.orderLicenses(
        sub,
        quantity,
        users.map((userId) => ({ userId })),
        { userId: caller.user.id, amountCents: sub.plan.priceCents * quantity },
      );
      if (result === 'seats') throw unprocessable({ quantity: 'Quantity must cover every user given a licence' });
      const order = await placed(sub.companyId, p, result.orderId);
      const made = await Promise.all(result.licenseIds.map((id) => repo.findLicense(sub.companyId, p, id)));
      return { data: order, licenses: await withUsage(p, made.filter((l): l is LicenseRecord => Boolean(l))) };
    },

    // --------------------------------------------------------------- orders
    async listOrders(caller: Caller, p: TelephonyKind, query: Q<'listOrders'>) {
      const { rows, total } = await repo.listOrders({
        companyId: caller.user.companyId,
        product: p,
        visible: orderVisible(reachOf(caller)),
        ...(query.status && { status: query.status }),
        ...(query.subscription_id !== undefined && { subscriptionId: query.subscription_id }),
        page: query.page,
        limit: query.limit,
      });
      return { data: rows.map(toOrder), meta: meta(query.page, query.limit, total) };
    },

    async showOrder(caller: Caller, p: TelephonyKind, id: number): Promise<{ data: TelephonyOrder }> {
      const order = await repo.findOrder(caller.user.companyId, p, id, orderVisible(reachOf(caller)));
      if (!order) throw notFound('Order');
      return { data: toOrder(order) };
    },

    /**
     * Pays an order waiting for payment with the caller's card on file (the order's payer): 422 on
     * card without one; a decline ends the order (failed: nothing charged, its licences given back)
     * and answers 422 on card; no answer from the vendor 503 (still pending, safe to try again).
     */
    async payOrder(caller: Caller, p: TelephonyKind, id: number): Promise<{ data: TelephonyOrder; requires_action: { client_secret: string } | null }> {
      const { order } = await actionableOrder(caller, p, id);
      if (order.userId !== caller.user.id) throw forbidden();
      if (order.status !== 'pending') throw unprocessable({ order_id: order.status === 'failed' ? ORDER_MESSAGES.failedEnded : ORDER_MESSAGES.notPending });
      const why = await chargeOrder(order, { customerPresent: true });
      const after = (await repo.findOrder(order.companyId, p, order.id)) as OrderRecord;
      if (after.status === 'failed') throw unprocessable({ card: ORDER_MESSAGES.declined });
      if (after.status === 'pending') {
        // the payer's bank asks them first (3-D Secure): the order is paid when Stripe's webhook says so
        if (why && typeof why === 'object') return { data: toOrder(after), requires_action: { client_secret: why.authenticate } };
        if (why === 'no_card') throw unprocessable({ card: ORDER_MESSAGES.noCard });
        throw new HttpError(503, { base: ORDER_PAYMENT_UNAVAILABLE }, { 'retry-after': '5' });
      }
      return { data: toOrder(after), requires_action: null };
    },

    /** Cancels an order waiting for payment, or a scheduled plan change (its payer, or an administrator). */
    async cancelOrder(caller: Caller, p: TelephonyKind, id: number): Promise<{ data: TelephonyOrder }> {
      const { order } = await actionableOrder(caller, p, id);
      await cancelOrder(order);
      return { data: await orderOut(order.companyId, p, order.id) };
    },

    /**
     * The payments step's answer for an order (the seam of OrderCharger): paid activates what it
     * paid for; failed leaves it unpaid. A second answer for the same order changes nothing.
     */
    settleOrder: (orderId: number, outcome: { status: 'paid' | 'failed'; paymentReference: string | null }) => repo.settleOrder(orderId, outcome),

    // ---------------------------------------------------------------- admin
    admin: {
      async usage(caller: Caller, p: TelephonyKind, query: AQ<'usage'>) {
        const companyId = caller.user.companyId;
        const period = query.period ? usagePeriodOf(query.period) : usagePeriod();
        const kind = TELEPHONY_USAGE_KIND[p];
        const [page, history, allocations] = await Promise.all([
          usage.companyPage(companyId, kind, period.key, words(query.q), query.page, query.limit),
          usage.companyHistory(companyId, kind, new Date(Date.UTC(period.start.getUTCFullYear(), period.start.getUTCMonth() - 5, 1)).toISOString().slice(0, 10)),
          repo.listLicenses({ companyId, product: p, words: [], page: 1, limit: null }),
        ]);
        const allocation = new Map<number, number>();
        for (const l of allocations.rows) allocation.set(l.userId, (allocation.get(l.userId) ?? 0) + l.allocation);
        return {
          period_start: period.start.toISOString(),
          period_end: period.end.toISOString(),
          unit: TELEPHONY_UNITS[p],
          total_used: page.total,
          data: page.rows.map((r) => ({
            user: person({ id: r.userId, firstName: r.firstName, lastName: r.lastName }),
            used: r.units,
            events: r.events,
            allocation: allocation.get(r.userId) ?? null,
          })),
          meta: meta(query.page, query.limit, page.matched),
          history: history.filter((h) => h.period <= period.key.slice(0, 7)).map((h) => ({ period: h.period, used: h.units })),
        };
      },

      listSubscriptions: (caller: Caller, p: TelephonyKind, query: AQ<'listSubscriptions'>) =>
        subscriptionsPage(caller, p, query, {
          ...(query.active !== undefined && { active: query.active }),
          ...(query.status && { status: query.status }),
          ...(query.type && { type: query.type }),
        }),

      async listOrders(caller: Caller, p: TelephonyKind, query: AQ<'listOrders'>) {
        const { rows, total } = await repo.listOrders({
          companyId: caller.user.companyId,
          product: p,
          ...(query.status && { status: query.status }),
          ...(query.subscription_id !== undefined && { subscriptionId: query.subscription_id }),
          page: query.page,
          limit: query.limit,
        });
        return { data: rows.map(toOrder), meta: meta(query.page, query.limit, total) };
      },

      async createSubscription(caller: Caller, p: TelephonyKind, body: AB<'createSubscription'>): Promise<{ data: Subscription }> {
        return { data: (await createSubscription(caller, p, body, 'admin')).data };
      },

      async activateSubscription(caller: Caller, p: TelephonyKind, body: AB<'activateSubscription'>): Promise<{ data: Subscription }> {
        const sub = await repo.findSubscription(caller.user.companyId, p, body.subscription_id);
        if (!sub) throw notFound('Subscription');
        if (sub.status !== 'pending') throw unprocessable({ subscription_id: 'Only a pending subscription can be activated' });
        const start = new Date();
        await repo.updateSubscription(sub.id, { status: 'active', currentPeriodStart: start, currentPeriodEnd: periodEnd(start, sub.plan.period) });
        await auditAdmin(caller, 'product_subscription_changed', { action: 'activated', product: p, subscription_id: sub.id });
        return { data: await reload(caller, p, sub.id) };
      },

      async cancelSubscription(caller: Caller, p: TelephonyKind, body: AB<'cancelSubscription'>): Promise<{ data: Subscription }> {
        const sub = await repo.findSubscription(caller.user.companyId, p, body.subscription_id);
        if (!sub) throw notFound('Subscription');
        const data = await cancel(caller, p, sub, !body.at_period_end);
        await auditAdmin(caller, 'product_subscription_changed', { action: 'cancelled', product: p, subscription_id: sub.id, at_period_end: body.at_period_end });
        return { data };
      },

      async createOrder(caller: Caller, p: TelephonyKind, body: AB<'createOrder'>): Promise<{ data: TelephonyOrder }> {
        const sub = await repo.findSubscription(caller.user.companyId, p, body.subscription_id);
        if (!sub) throw unprocessable({ subscription_id: 'Subscription not found' });
        // the subscription's payer pays it (its owner; a company subscription's is who asked for it)
        const orderId = await repo.insertOrder({
          companyId: sub.companyId,
          product: p,
          subscriptionId: sub.id,
          userId: sub.ownerId ?? caller.user.id,
          kind: 'admin',
          quantity: body.quantity,
          amountCents: body.amount_cents ?? sub.plan.priceCents * body.quantity,
          description: body.description ?? null,
        });
        await auditAdmin(caller, 'product_order_changed', { action: 'created', product: p, order_id: orderId, subscription_id: sub.id });
        return { data: await placed(sub.companyId, p, orderId) };
      },

      async cancelOrder(caller: Caller, p: TelephonyKind, body: AB<'cancelOrder'>): Promise<{ data: TelephonyOrder }> {
        const order = await repo.findOrder(caller.user.companyId, p, body.order_id);
        if (!order) throw notFound('Order');
        await cancelOrder(order);
        await auditAdmin(caller, 'product_order_changed', { action: 'cancelled', product: p, order_id: order.id });
        return { data: await orderOut(order.companyId, p, order.id) };
      },

      /**
       * Refunds `amountCents` (default: all that is left) of what a paid order was charged, never
       * more than was paid (422); an administrator of the order's company (404 for another's);
       * audited with the reason, and in the payer's account history (POST /v1/admin/{p}/refund_order;
       * the spec's order_management refund is the store's).
       */
      async refundOrder(caller: Caller, p: TelephonyKind, orderId: number, request: RefundRequest, meta: RequestMeta) {
        if (reachOf(caller).kind !== 'company') throw forbidden();
        const order = await repo.findOrder(caller.user.companyId, p, orderId);
        if (!order) throw notFound('Order');
        if (!refunds || (order.status !== 'paid' && order.status !== 'refunded')) throw unprocessable({ order_id: ONLY_PAID_REFUNDED });
        const refund = await refunds.refundSubject(caller, `order:${order.id}`, request, meta);
        await auditAdmin(caller, 'product_order_changed', {
          action: 'refunded',
          product: p,
          order_id: order.id,
          amount_cents: refund.amount_cents,
          ...(request.reason && { reason: request.reason }),
        });
        return { data: await orderOut(order.companyId, p, order.id), refund };
      },

      listPlans: (caller: Caller, p: TelephonyKind, query: AQ<'listPlans'>) => plansPage(caller, p, query, true),

      async showPlan(caller: Caller, p: TelephonyKind, id: number): Promise<{ data: Plan }> {
        return { data: toPlan(await adminPlan(caller, p, id)) };
      },

      async createPlan(caller: Caller, p: TelephonyKind, body: AB<'createPlan'>): Promise<{ data: Plan }> {
        const row = await repo.insertPlan({
          companyId: caller.user.companyId,
          product: p,
          name: body.name,
          description: body.description ?? null,
          priceCents: body.price_cents,
          period: body.period,
          unitsPerLicense: body.units_per_license,
          enterprise: body.enterprise,
          active: body.active,
        });
        await auditAdmin(caller, 'product_plan_changed', { action: 'created', product: p, plan_id: row.id, name: row.name, price_cents: row.priceCents });
        return { data: toPlan(row) };
      },

      async updatePlan(caller: Caller, p: TelephonyKind, id: number, body: AB<'updatePlan'>): Promise<{ data: Plan }> {
        const found = await adminPlan(caller, p, id);
        const row = await repo.updatePlan(found.id, {
          ...(body.name !== undefined && { name: body.name }),
          ...(body.description !== undefined && { description: body.description }),
          ...(body.price_cents !== undefined && { priceCents: body.price_cents }),
          ...(body.period !== undefined && { period: body.period }),
          ...(body.units_per_license !== undefined && { unitsPerLicense: body.units_per_license }),
          ...(body.enterprise !== undefined && { enterprise: body.enterprise }),
          ...(body.active !== undefined && { active: body.active }),
        });
        await auditAdmin(caller, 'product_plan_changed', { action: 'updated', product: p, plan_id: id, changes: body });
        return { data: toPlan(row) };
      },

      async deletePlan(caller: Caller, p: TelephonyKind, id: number): Promise<void> {
        const found = await adminPlan(caller, p, id);
        const outcome = await repo.deletePlan(found.id);
        await auditAdmin(caller, 'product_plan_changed', { action: outcome, product: p, plan_id: id, name: found.name });
      },
    },

    // ------------------------------------------------- the user's own state
    /** Both kinds' state of a user (one statement): users/me and the quota rule read it. */
    statesOf,

    /** The quota rule (spec part 1 §5) for a user now: whether another minute (or segment) may be used. */
    async quota(user: { id: number; companyId: number; dialerEnabled: boolean }, p: TelephonyKind): Promise<QuotaVerdict> {
      const states = await statesOf(user);
      return quotaVerdict(p === 'dialer' && user.dialerEnabled, states[p], p);
    },
  };
}

export type TelephonyPlansService = ReturnType<typeof createTelephonyPlansService>;

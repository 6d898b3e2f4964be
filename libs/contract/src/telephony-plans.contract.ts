import { z } from 'zod';
import { defineEndpoint, type Endpoint } from './endpoint';
import { idParams, pagingMeta, timestamp } from './common.contract';
import { accountHistoryEntry, refundFields, requiresAction } from './billing.contract';

/**
 * The telephony plans, dialer and SMS: the metered services a company buys licences of (spec
 * part 1 §3 "Subscriptions on the user", §4 "Subscription type", §6 licences, §7 Dialer and "SMS …
 * follow the dialer pattern"; part 2 §7 "Admin dialer and SMS plans"). Both kinds have the same
 * endpoints under their own names (`/v1/dialer/dialer_plans`, `/v1/sms/sms_plans`, …), built here
 * once per kind. They are not the store's products (spec part 2, `/v1/admin/products`), so nothing
 * here is called a product; only the API field `product` (dialer | sms) keeps its name, as the
 * browser reads it.
 */
export const TELEPHONY_KINDS = ['dialer', 'sms'] as const;
export type TelephonyKind = (typeof TELEPHONY_KINDS)[number];
export const telephonyKind = z.enum(TELEPHONY_KINDS);

/** What a licence's units are: dialer minutes, SMS segments. */
export const TELEPHONY_UNITS = { dialer: 'minutes', sms: 'segments' } as const satisfies Record<TelephonyKind, string>;

export const SUBSCRIPTION_TYPES = ['company', 'manager', 'self'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];
export const subscriptionType = z.enum(SUBSCRIPTION_TYPES, { error: 'Type must be company, manager or self' });
/** The spec's order types (part 1 §4): ManagerPay gives manager, SelfPay gives self; a company subscription has none. */
export const ORDER_TYPES = { manager: 'Subscription::ManagerPay', self: 'Subscription::SelfPay' } as const;

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'cancelled', 'lapsed'] as const;
/** An order's states: a downgrade is `scheduled` until the period's end, when it takes effect (paid, of 0). */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'refunded', 'scheduled'] as const;
export const ORDER_KINDS = ['subscription', 'licenses', 'admin', 'plan_change'] as const;
export const PLAN_PERIODS = ['month', 'year'] as const;

/** Spec part 1 §8: what an agent under a manager is told when their licence is used up or unpaid. */
export const OVER_ALLOCATION_MESSAGE = 'Please request additional minutes from your manager.';

/**
 * The over-allocation message of an agent under a manager, in the kind's unit: the spec's own
 * words for the dialer, the same with segments for SMS (SMS "follows the dialer pattern with sms
 * names").
 */
export function agentOverAllocationMessage(product: TelephonyKind): string {
  return product === 'sms' ? 'Please request additional segments from your manager.' : OVER_ALLOCATION_MESSAGE;
}

/**
 * What the payer is told when an allocation is beyond what their licences have free: the unit, how
 * much is free, and where to get more (the page's Order licences).
 */
export function poolExceededMessage(unit: 'minutes' | 'segments', s: { max: number; free: number; pool: number }): string {
  const n = (x: number) => Math.max(x, 0).toLocaleString('en-US');
  return (
    `At most ${n(s.max)} ${unit} for this licence: ${n(s.free)} of the ${n(s.pool)} ${unit} your paid licences give are free. ` +
    'Lower another allocation, or use Order licences for more.'
  );
}

/** The 422s of the order endpoints (pay, cancel) and of the paid state of a licence. */
export const ORDER_MESSAGES = {
  paidByPayment: 'A licence is marked paid when its order is paid; only an administrator can change it by hand',
  waitingForPayment: 'This licence is waiting for its order to be paid: its allocation can change once it is',
  notPending: 'Only an order waiting for payment can be paid',
  noCard: 'Add a card on the billing page first, then pay the order',
  declined: 'Your card was declined: nothing was charged and the order has ended. Order again with another card.',
  failedEnded: 'This order failed and has ended: nothing was charged and its licences were given back',
  notCancellable: 'Only an order waiting for payment, or a scheduled plan change, can be cancelled',
  pendingPlanChange: "Pay or cancel the subscription's first order before changing its plan",
} as const;
/**
 * The quota rule of spec part 1 §5 for a manager-type (or company) licence: it stops the holder when
 * the period's usage is at or above its allocation, or when it is unpaid. The server's quota check
 * and the subscription page both ask this.
 */
export function licenceExhausted(licence: { paid: boolean; used: number; allocation: number }): boolean {
  return !licence.paid || licence.used >= licence.allocation;
}

const person = z.object({ id: z.number().int(), name: z.string() });
const booleanQuery = z
  .enum(['true', 'false', '1', '0'], { error: 'Must be true or false' })
  .transform((v) => v === 'true' || v === '1')
  .optional();
const paging = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(25),
};
const idRef = (label: string) =>
  z.coerce.number({ error: `${label} is required` }).int(`${label} must be a whole number`).positive(`${label} is required`).max(2_147_483_647);

export const plan = z.object({
  id: z.number().int(),
  product: telephonyKind,
  name: z.string(),
  description: z.string().nullable(),
  /** Price of one licence for one period, in cents. */
  price_cents: z.number().int(),
  period: z.enum(PLAN_PERIODS),
  /** Minutes (dialer) or segments (SMS) a licence allows a usage period. */
  units_per_license: z.number().int(),
  unit: z.enum(['minutes', 'segments']),
  enterprise: z.boolean(),
  active: z.boolean(),
  created_at: timestamp,
});
export type Plan = z.infer<typeof plan>;

export const subscription = z.object({
  id: z.number().int(),
  product: telephonyKind,
  /** company, or manager for Subscription::ManagerPay, self for Subscription::SelfPay (spec part 1 §4). */
  type: subscriptionType,
  order_type: z.enum([ORDER_TYPES.manager, ORDER_TYPES.self]).nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Active now: status active and not past a period end it was cancelled at. */
  active: z.boolean(),
  plan: plan.pick({ id: true, name: true, price_cents: true, period: true, units_per_license: true, enterprise: true }),
  /** A downgrade the payer asked for: the plan the subscription moves to at current_period_end. */
  scheduled_plan: plan.pick({ id: true, name: true, price_cents: true, period: true, units_per_license: true }).nullable(),
  owner: person.nullable(),
  /** Licences bought and paid for (an order waiting for payment adds nothing yet). */
  quantity: z.number().int(),
  licenses_count: z.number().int(),
  /** Units the licences may share a period (quantity × units per licence) and how many are given out. */
  pool: z.number().int(),
  allocated: z.number().int(),
  current_period_start: timestamp,
  current_period_end: timestamp,
  cancel_at_period_end: z.boolean(),
  cancelled_at: timestamp.nullable(),
  created_at: timestamp,
});
export type Subscription = z.infer<typeof subscription>;

export const license = z.object({
  id: z.number().int(),
  subscription_id: z.number().int(),
  subscription_type: subscriptionType,
  user: person,
  allocation: z.number().int(),
  /** Units used this usage period. */
  used: z.number().int(),
  paid: z.boolean(),
  /** Made by an order that waits for payment: it gives nothing, and changes in nothing, until the order is paid. */
  awaiting_payment: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type License = z.infer<typeof license>;

export const order = z.object({
  id: z.number().int(),
  product: telephonyKind,
  subscription_id: z.number().int(),
  kind: z.enum(ORDER_KINDS),
  /** A plan change's plan: what the subscription moves to once it is paid (an upgrade) or at the period's end (a downgrade). */
  plan: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  quantity: z.number().int(),
  amount_cents: z.number().int(),
  refunded_cents: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  payment_reference: z.string().nullable(),
  description: z.string().nullable(),
  user: person.nullable(),
  paid_at: timestamp.nullable(),
  cancelled_at: timestamp.nullable(),
  created_at: timestamp,
});
export type TelephonyOrder = z.infer<typeof order>;

export const usageSummary = z.object({
  /** The usage period: a calendar month in UTC. */
  period_start: timestamp,
  period_end: timestamp,
  unit: z.enum(['minutes', 'segments']),
  subscription: z.object({ id: z.number().int(), type: subscriptionType, active: z.boolean() }).nullable(),
  allocation: z.number().int(),
  used: z.number().int(),
  remaining: z.number().int(),
  /** Each licence of the subscription the caller may see (their own, or their downline's). */
  licenses: z.array(z.object({ license_id: z.number().int(), user: person, allocation: z.number().int(), used: z.number().int(), paid: z.boolean() })),
});
export type UsageSummary = z.infer<typeof usageSummary>;

export const adminUsage = z.object({
  period_start: timestamp,
  period_end: timestamp,
  unit: z.enum(['minutes', 'segments']),
  total_used: z.number().int(),
  data: z.array(z.object({ user: person, used: z.number().int(), events: z.number().int(), allocation: z.number().int().nullable() })),
  meta: pagingMeta,
  /** Company totals of the last months, oldest first (the usage chart). */
  history: z.array(z.object({ period: z.string(), used: z.number().int() })),
});

const planName = z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters');
const cents = (label: string) =>
  z.number({ error: `${label} must be a number of cents` }).int(`${label} must be whole cents`).min(0, `${label} cannot be negative`).max(100_000_000, `${label} is too large`);
const units = z
  .number({ error: 'Units per licence must be a number' })
  .int('Units per licence must be a whole number')
  .min(0, 'Units per licence cannot be negative')
  .max(10_000_000, 'Units per licence is too large');

export const planBody = z.object({
  name: planName,
  description: z.string().max(2000, 'Description must be at most 2000 characters').nullable().optional(),
  price_cents: cents('Price'),
  period: z.enum(PLAN_PERIODS, { error: 'Period must be month or year' }).default('month'),
  units_per_license: units,
  enterprise: z.boolean().default(false),
  active: z.boolean().default(true),
});
const planPatch = z.object({
  name: planName.optional(),
  description: z.string().max(2000, 'Description must be at most 2000 characters').nullable().optional(),
  price_cents: cents('Price').optional(),
  period: z.enum(PLAN_PERIODS, { error: 'Period must be month or year' }).optional(),
  units_per_license: units.optional(),
  enterprise: z.boolean().optional(),
  active: z.boolean().optional(),
});

const quantity = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(10_000, 'Quantity must be at most 10000');
const allocation = z
  .number({ error: 'Allocation must be a number' })
  .int('Allocation must be a whole number')
  .min(0, 'Allocation cannot be negative')
  .max(100_000_000, 'Allocation is too large');
const userIds = z.array(idRef('User'), { error: 'Users must be a list of user ids' }).max(1000, 'At most 1000 users at once');

export const plansQuery = z.object({
  q: z.string().trim().max(100).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
  ...paging,
  /** Every plan at once, without paging. */
  all: booleanQuery,
});
export const SUBSCRIPTION_ORDER_FIELDS = ['created_at', 'plan', 'status', 'current_period_end', 'owner'] as const;
export const subscriptionsQuery = z.object({
  q: z.string().trim().max(100).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  order_field: z.enum(SUBSCRIPTION_ORDER_FIELDS).default('created_at'),
  ...paging,
  active: booleanQuery,
  /** Only the caller's own subscriptions. */
  mine: booleanQuery,
});
const subscriptionBody = z.object({
  plan_id: idRef('Plan'),
  type: subscriptionType,
  /** Licences to buy (manager and company subscriptions; a self subscription is one). */
  quantity: quantity.default(1),
  /** Users who get a licence at once (manager: users of the downline; company: users of the company). */
  user_ids: userIds.default([]),
});

const one = <T extends z.ZodType>(schema: T) => z.object({ data: schema });
const page = <T extends z.ZodType>(schema: T) => z.object({ data: z.array(schema), meta: pagingMeta });

/** The endpoints of one kind (spec part 1 §7 "Dialer": dialer_plans, dialer_subscriptions, …; SMS with sms names). */
function telephonyPlanEndpoints<P extends TelephonyKind>(p: P) {
  const tag = `${p}_billing`;
  const base = `/v1/${p}/${p}`;
  return {
    listPlans: defineEndpoint({
      method: 'GET',
      path: `${base}_plans`,
      summary: `Active ${p} plans of the company (q searches the name; order by price; all: no paging)`,
      tag,
      access: 'user',
      gate: 'enforced',
      query: plansQuery,
      response: page(plan),
    }),
    listEnterprisePlans: defineEndpoint({
      method: 'GET',
      path: `${base}_plans/enterprise`,
      summary: `Enterprise ${p} plans (for company subscriptions)`,
      tag,
      access: 'user',
      gate: 'enforced',
      response: z.object({ data: z.array(plan) }),
    }),
    listSubscriptions: defineEndpoint({
      method: 'GET',
      path: `${base}_subscriptions`,
      summary: `${p} subscriptions within reach: an administrator's company, a manager's own and downline's, an agent's own (mine: only the caller's)`,
      tag,
      access: 'user',
      gate: 'enforced',
      query: subscriptionsQuery,
      response: page(subscription),
    }),
    pendingCompanySubscription: defineEndpoint({
      method: 'GET',
      path: `${base}_subscriptions/pending_company_subscription`,
      summary: `The company's ${p} subscription waiting for an administrator, if any`,
      tag,
      access: 'user',
      gate: 'enforced',
      response: one(subscription.nullable()),
    }),
    showSubscription: defineEndpoint({
      method: 'GET',
      path: `${base}_subscriptions/{id}`,
      summary: `One ${p} subscription`,
      tag,
      access: 'user',
      gate: 'enforced',
      params: idParams,
      response: one(subscription),
    }),
    updateSubscription: defineEndpoint({
      method: 'PATCH',
      path: `${base}_subscriptions/{id}`,
      summary:
        `Change a ${p} subscription's plan, or take back a cancellation at the period end (its payer or an administrator). ` +
        "The payer's upgrade is an order of the prorated difference for the rest of the period: the plan changes once it is paid. " +
        'A downgrade is a scheduled order: the plan changes at the period end. Answers the plan change order (null: nothing to order)',
      tag,
      access: 'user',
      gate: 'enforced',
      params: idParams,
      body: z.object({ plan_id: idRef('Plan').optional(), cancel_at_period_end: z.literal(false).optional() }),
      response: z.object({ data: subscription, order: order.nullable() }),
    }),
    createSubscription: defineEndpoint({
      method: 'POST',
      path: `${base}_subscriptions`,
      summary:
        `Subscribe to a ${p} plan: self (the caller's own), manager (licences for the downline) or company (waits for an administrator). ` +
        'Pending until its order is paid',
      tag,
      access: 'user',
      gate: 'enforced',
      body: subscriptionBody,
      response: z.object({ data: subscription, order: order.nullable() }),
    }),
    cancelSubscription: defineEndpoint({
      method: 'POST',
      path: `${base}_subscriptions/{id}/cancel`,
      summary: `Cancel a ${p} subscription of the given type, at the end of the period unless immediately`,
      tag,
      access: 'user',
      gate: 'enforced',
      params: idParams,
      body: z.object({ type: subscriptionType, immediately: z.boolean().default(false) }),
      response: one(subscription),
    }),
    activeSubscription: defineEndpoint({
      method: 'GET',
      path: `${base}_subscriptions_active`,
      summary: `The caller's active ${p} subscription of a type (company: the company's subscription)`,
      tag,
      access: 'user',
      gate: 'enforced',
      query: z.object({ type: subscriptionType }),
      response: one(subscription.nullable()),
    }),
    usage: defineEndpoint({
      method: 'GET',
      path: `${base}_subscriptions_usage`,
      summary: `Usage this period against the allocation: a payer's subscription with its licences, or the caller's own licence`,
      tag,
      access: 'user',
      gate: 'enforced',
      query: z.object({ subscription_id: idRef('Subscription').optional() }),
      response: one(usageSummary),
    }),
    listLicenses: defineEndpoint({
      method: 'GET',
      path: `${base}_licenses`,
      summary: `${p} licences within reach (an agent's own, a manager's downline and own subscriptions', an administrator's company)`,
      tag,
      access: 'user',
      gate: 'enforced',
      query: z.object({ subscription_id: idRef('Subscription').optional(), q: z.string().trim().max(100).optional(), ...paging }),
      response: page(license),
    }),
    updateLicense: defineEndpoint({
      method: 'PATCH',
      path: `${base}_licenses/{id}`,
      summary: `Change a licence's allocation or paid state (the subscription's payer for their downline, or an administrator)`,
      tag,
      access: 'user',
      gate: 'enforced',
      params: idParams,
      body: z.object({ allocation: allocation.optional(), paid: z.boolean().optional() }),
      response: one(license),
    }),
    orderLicenses: defineEndpoint({
      method: 'POST',
      path: `${base}_licenses_order`,
      summary: `Order more licences for a manager or company subscription, optionally given at once to users (unpaid until the order is paid)`,
      tag,
      access: 'user',
      gate: 'enforced',
      body: z.object({ subscription_id: idRef('Subscription'), quantity: quantity.optional(), user_ids: userIds.default([]) }),
      response: z.object({ data: order, licenses: z.array(license) }),
    }),
    listOrders: defineEndpoint({
      method: 'GET',
      path: `${base}_orders`,
      summary: `${p} orders of the subscriptions the caller pays for (an administrator: the company's)`,
      tag,
      access: 'user',
      gate: 'enforced',
      query: z.object({ status: z.enum(ORDER_STATUSES).optional(), subscription_id: idRef('Subscription').optional(), ...paging }),
      response: page(order),
    }),
    showOrder: defineEndpoint({
      method: 'GET',
      path: `${base}_orders/{id}`,
      summary: `One ${p} order`,
      tag,
      access: 'user',
      gate: 'enforced',
      params: idParams,
      response: one(order),
    }),
    payOrder: defineEndpoint({
      method: 'POST',
      path: `${base}_orders/{id}/pay`,
      summary: `Pay a ${p} order waiting for payment with the card on file (its payer): 422 on card without a card or when the card is declined (the order then ends, failed). When the bank asks the payer to authenticate (3-D Secure), \`requires_action\` carries the client secret for Stripe.js and the order stays pending until Stripe's webhook says how the payment ended`,
      tag,
      access: 'user',
      gate: 'enforced',
      params: idParams,
      response: z.object({ data: order, requires_action: requiresAction }),
    }),
    cancelOrder: defineEndpoint({
      method: 'POST',
      path: `${base}_orders/{id}/cancel`,
      summary: `Cancel a ${p} order waiting for payment, or a scheduled plan change (its payer): what it would have bought is given back`,
      tag,
      access: 'user',
      gate: 'enforced',
      params: idParams,
      response: one(order),
    }),
  };
}

/** The administrators' endpoints of one kind (spec part 2 §7 "Admin dialer and SMS plans"). */
function adminTelephonyPlanEndpoints<P extends TelephonyKind>(p: P) {
  const tag = `admin_${p}`;
  const base = `/v1/admin/${p}`;
  return {
    usage: defineEndpoint({
      method: 'GET',
      path: `${base}/usage`,
      summary: `${p} usage across the company for a period (default: this month), per user, with the totals of the last months`,
      tag,
      access: 'admin',
      gate: 'enforced',
      query: z.object({
        period: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Period must be YYYY-MM').optional(),
        q: z.string().trim().max(100).optional(),
        ...paging,
      }),
      response: adminUsage,
    }),
    listSubscriptions: defineEndpoint({
      method: 'GET',
      path: `${base}/subscriptions`,
      summary: `The company's ${p} subscriptions`,
      tag,
      access: 'admin',
      gate: 'enforced',
      query: subscriptionsQuery.omit({ mine: true }).extend({
        status: z.enum(SUBSCRIPTION_STATUSES).optional(),
        type: subscriptionType.optional(),
      }),
      response: page(subscription),
    }),
    listOrders: defineEndpoint({
      method: 'GET',
      path: `${base}/orders`,
      summary: `The company's ${p} orders`,
      tag,
      access: 'admin',
      gate: 'enforced',
      query: z.object({ status: z.enum(ORDER_STATUSES).optional(), subscription_id: idRef('Subscription').optional(), ...paging }),
      response: page(order),
    }),
    createSubscription: defineEndpoint({
      method: 'POST',
      path: `${base}/subscriptions`,
      summary: `Create an active ${p} subscription for a user (manager or self) or for the company`,
      tag,
      access: 'admin',
      gate: 'enforced',
      body: subscriptionBody.extend({ user_id: idRef('User').optional() }),
      response: one(subscription),
    }),
    activateSubscription: defineEndpoint({
      method: 'POST',
      path: `${base}/active_subscription`,
      summary: `Activate a pending ${p} subscription (the company's enterprise subscription)`,
      tag,
      access: 'admin',
      gate: 'enforced',
      body: z.object({ subscription_id: idRef('Subscription') }),
      response: one(subscription),
    }),
    cancelSubscription: defineEndpoint({
      method: 'POST',
      path: `${base}/cancel_subscription`,
      summary: `Cancel a ${p} subscription, at once unless at_period_end`,
      tag,
      access: 'admin',
      gate: 'enforced',
      body: z.object({ subscription_id: idRef('Subscription'), at_period_end: z.boolean().default(false) }),
      response: one(subscription),
    }),
    createOrder: defineEndpoint({
      method: 'POST',
      path: `${base}/orders`,
      summary: `Create a pending ${p} order for a subscription (licences at the plan's price unless an amount is given)`,
      tag,
      access: 'admin',
      gate: 'enforced',
      body: z.object({
        subscription_id: idRef('Subscription'),
        quantity: quantity.default(1),
        amount_cents: cents('Amount').optional(),
        description: z.string().trim().max(500, 'Description must be at most 500 characters').optional(),
      }),
      response: one(order),
    }),
    cancelOrder: defineEndpoint({
      method: 'POST',
      path: `${base}/cancel_order`,
      summary: `Cancel a ${p} order waiting for payment, or a scheduled plan change`,
      tag,
      access: 'admin',
      gate: 'enforced',
      body: z.object({ order_id: idRef('Order') }),
      response: one(order),
    }),
    refundOrder: defineEndpoint({
      method: 'POST',
      path: `${base}/refund_order`,
      summary:
        `Refund a paid ${p} order to the payer's card: all that is left of what it was charged unless amount_cents is given, never more (422 on amount_cents); ` +
        'audited with the reason. Answers the order (refunded_cents; status refunded once nothing is left) and the refund. Send an Idempotency-Key: a repeat refunds once',
      tag,
      access: 'admin',
      gate: 'enforced',
      body: z.object({ order_id: idRef('Order'), ...refundFields }),
      response: z.object({ data: order, refund: accountHistoryEntry }),
    }),
    listPlans: defineEndpoint({
      method: 'GET',
      path: `${base}/${p}_plans`,
      summary: `The company's ${p} plans, inactive ones included`,
      tag,
      access: 'admin',
      gate: 'enforced',
      query: plansQuery,
      response: page(plan),
    }),
    showPlan: defineEndpoint({
      method: 'GET',
      path: `${base}/${p}_plans/{id}`,
      summary: `One ${p} plan`,
      tag,
      access: 'admin',
      gate: 'enforced',
      params: idParams,
      response: one(plan),
    }),
    createPlan: defineEndpoint({
      method: 'POST',
      path: `${base}/${p}_plans`,
      summary: `Create a ${p} plan`,
      tag,
      access: 'admin',
      gate: 'enforced',
      body: planBody,
      response: one(plan),
    }),
    updatePlan: defineEndpoint({
      method: 'PATCH',
      path: `${base}/${p}_plans/{id}`,
      summary: `Change a ${p} plan (subscriptions keep their plan; new prices apply from their next order)`,
      tag,
      access: 'admin',
      gate: 'enforced',
      params: idParams,
      body: planPatch,
      response: one(plan),
    }),
    deletePlan: defineEndpoint({
      method: 'DELETE',
      path: `${base}/${p}_plans/{id}`,
      summary: `Delete a ${p} plan; one that subscriptions use is made inactive instead`,
      tag,
      access: 'admin',
      gate: 'enforced',
      params: idParams,
      response: null,
    }),
  };
}

type Prefixed<P extends string, T> = { [K in keyof T & string as `${P}${Capitalize<K>}`]: T[K] };
function prefixed<P extends string, T extends Record<string, Endpoint>>(prefix: P, table: T): Prefixed<P, T> {
  return Object.fromEntries(Object.entries(table).map(([k, v]) => [`${prefix}${k[0]!.toUpperCase()}${k.slice(1)}`, v])) as Prefixed<P, T>;
}

/** One kind's endpoints by their generic name (what the server registers for each kind). */
export type TelephonyPlanEndpoints = ReturnType<typeof telephonyPlanEndpoints<TelephonyKind>>;
export type AdminTelephonyPlanEndpoints = ReturnType<typeof adminTelephonyPlanEndpoints<TelephonyKind>>;
export const telephonyPlanEndpointTables: Record<TelephonyKind, TelephonyPlanEndpoints> = { dialer: telephonyPlanEndpoints('dialer'), sms: telephonyPlanEndpoints('sms') };
export const adminTelephonyPlanEndpointTables: Record<TelephonyKind, AdminTelephonyPlanEndpoints> = {
  dialer: adminTelephonyPlanEndpoints('dialer'),
  sms: adminTelephonyPlanEndpoints('sms'),
};

/** The endpoint table's entries: dialerListPlans, smsListPlans, adminDialerListPlans, … */
export const telephonyPlanEndpointEntries = {
  ...prefixed('dialer', telephonyPlanEndpointTables.dialer),
  ...prefixed('sms', telephonyPlanEndpointTables.sms),
  ...prefixed('adminDialer', adminTelephonyPlanEndpointTables.dialer),
  ...prefixed('adminSms', adminTelephonyPlanEndpointTables.sms),
};

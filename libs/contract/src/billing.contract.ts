import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { emptyBody, idParams, pagingMeta, timestamp } from './common.contract';

/**
 * The product's own account (spec part 1 §3 "Account state", §7 "Account"): plans, the card on
 * file, the paid period, history. Every endpoint is a browser session's only (no API-key scope) and
 * stays reachable while an account gate is open, so that an unpaid user can pay.
 */

/** The 403 gate of an unpaid account (`{ errors: { user: 'Access denied!', gate: 'billing' } }`): the browser goes to /billing. */
export const BILLING_GATE = 'billing';

export const PLAN_INTERVALS = ['month', 'year'] as const;

export const accountPlan = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** Integer cents per interval. */
  amount_cents: z.number().int(),
  currency: z.string(),
  interval: z.enum(PLAN_INTERVALS),
  features: z.array(z.string()),
});
export type AccountPlan = z.infer<typeof accountPlan>;

/** A card on file: what the payment vendor tells of it (the number never reaches this API). */
export const cardOnFile = z.object({
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});
export type CardOnFile = z.infer<typeof cardOnFile>;

/**
 * How the browser's card form tokenises a card, in every mode the same way: Stripe.js (Elements)
 * with `publishable_key` makes a payment method of the card, and only its `id` (pm_…) goes to
 * POST /v1/accounts/connect_card. Stripe.js comes from js.stripe.com, or in sandbox mode from
 * `stripe_js_url`, the sandbox's stand-in that calls the sandbox's copy of Stripe's API.
 */
export const paymentsSetup = z.object({
  provider: z.literal('stripe'),
  /** off: production without Stripe's keys; card payments are unavailable (`unavailable` says which settings are missing). */
  mode: z.enum(['live', 'test', 'sandbox', 'off']),
  publishable_key: z.string(),
  /** Why card payments are unavailable (mode off), naming the missing settings; null when they work. */
  unavailable: z.string().nullable(),
  /**
   * Where the card form loads Stripe.js from: sandbox mode, the sandbox's stand-in (same origin);
   * null with a real Stripe key (Stripe's own, from js.stripe.com).
   */
  stripe_js_url: z.string().nullable(),
});
export type PaymentsSetup = z.infer<typeof paymentsSetup>;

/**
 * - unpaid: never paid, no membership granted
 * - active: a plan's paid period runs and will renew
 * - canceling: cancelled, paid until the period's end
 * - lapsed: the paid period ended
 * - granted: paid membership without a plan (given by an administrator)
 */
/** past_due: the renewal was declined and is tried again (dunning); the account stays paid until the last try. */
export const ACCOUNT_STATUSES = ['unpaid', 'active', 'canceling', 'past_due', 'lapsed', 'granted'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const accountInfo = z.object({
  'paid_user?': z.boolean(),
  status: z.enum(ACCOUNT_STATUSES),
  plan: accountPlan.nullable(),
  current_period_start: timestamp.nullable(),
  /** The paid period's end: the account is paid until then. */
  current_period_end: timestamp.nullable(),
  cancel_at_period_end: z.boolean(),
  /** A change to a shorter or cheaper plan that takes effect at the paid period's end (the renewal charges it); null for none. */
  scheduled_plan: accountPlan.nullable(),
  /** The next charge of the plan (none while cancelling or without a plan). */
  next_charge: z.object({ amount_cents: z.number().int(), currency: z.string(), date: timestamp }).nullable(),
  /** The cards on file (at most one: the one charged). */
  payment_infos: z.array(cardOnFile),
  payments: paymentsSetup,
});
export type AccountInfo = z.infer<typeof accountInfo>;

export const HISTORY_KINDS = ['charge', 'refund', 'failure'] as const;
export const accountHistoryEntry = z.object({
  id: z.number().int(),
  kind: z.enum(HISTORY_KINDS),
  status: z.enum(['pending', 'succeeded', 'failed']),
  amount_cents: z.number().int(),
  currency: z.string(),
  description: z.string(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** A failure's reason as the card's bank gave it ("Your card has insufficient funds."). */
  failure_message: z.string().nullable(),
  period_start: timestamp.nullable(),
  period_end: timestamp.nullable(),
  created_at: timestamp,
});
export type AccountHistoryEntry = z.infer<typeof accountHistoryEntry>;

/** A payment method id as Stripe.js (or the sandbox's tokenisation) gives it; never a card number. */
/**
 * The customer's bank asks them to authenticate (3-D Secure) before a card is saved or a payment
 * is made: the client secret for Stripe.js's handleNextAction, which shows the bank's page. What
 * was asked changes only once Stripe's webhook says the authentication succeeded. Null otherwise.
 */
export const requiresAction = z.object({ client_secret: z.string() }).nullable();

export const connectCardBody = z.object({
  payment_method_id: z
    .string({ error: 'Enter your card details' })
    .trim()
    .regex(/^pm_[A-Za-z0-9_]{6,250}$/, 'Enter your card details'),
});

const planId = z.coerce.number({ error: 'Choose a plan' }).int('Choose a plan').positive('Choose a plan').max(2_147_483_647, 'Choose a plan');

export const updatePlanBody = z.object({
  plan_id: planId,
  /**
   * What the review page showed would be charged now (the quote's amount_due_cents): when the quote
   * has changed since (a day passed, the plan's price changed), nothing is charged and the answer is
   * 409 with the new amount. Optional: without it the quote of the moment is charged.
   */
  expected_amount_cents: z
    .number({ error: 'Amount must be a number of cents' })
    .int('Amount must be whole cents')
    .min(0, 'Amount cannot be negative')
    .max(100_000_000, 'Amount is too large')
    .optional(),
});

/**
 * What choosing a plan does (the server's one quote, used by GET /v1/accounts/plan_quote and by
 * POST /v1/accounts/update_plan, so the review page and the charge never disagree):
 * - subscribe: no paid period runs; the plan's whole amount is charged now for a period from now.
 * - upgrade: a longer or dearer plan; charged now, less a credit for the unused days of the paid
 *   period (the current plan's amount times unused days over the period's days, in whole cents); the
 *   new period starts now.
 * - downgrade: a shorter or cheaper plan; nothing is charged now, the plan starts when the paid period
 *   ends and the renewal then charges it.
 * - current: the plan paid for now; nothing to do.
 * - resume: the current plan, cancelled at the period's end: it goes on (renews), nothing charged now.
 * - keep: the current plan while a change to another is scheduled: the change is dropped.
 * - scheduled: the plan already scheduled for the period's end; nothing to do.
 */
export const PLAN_CHANGE_ACTIONS = ['subscribe', 'upgrade', 'downgrade', 'current', 'resume', 'keep', 'scheduled'] as const;
export type PlanChangeAction = (typeof PLAN_CHANGE_ACTIONS)[number];

export const planQuote = z.object({
  plan: accountPlan,
  /** The plan paid for now (null without a running paid period). */
  current_plan: accountPlan.nullable(),
  action: z.enum(PLAN_CHANGE_ACTIONS),
  /** When the choice takes effect: now, at the paid period's end, or nothing changes. */
  effective: z.enum(['now', 'period_end', 'none']),
  /** Whether the choice has something to confirm (a payment or a change); false: there is no Pay. */
  confirmable: z.boolean(),
  /** What confirming charges now, integer cents (0 for a change at the period's end). */
  amount_due_cents: z.number().int(),
  /** The credit for the unused days of the current paid period, integer cents (upgrade only, else 0). */
  credit_cents: z.number().int(),
  /** The unused and total days behind the credit (0 without a credit). */
  unused_days: z.number().int(),
  period_days: z.number().int(),
  currency: z.string(),
  /** The period the plan's charge pays for (from now, or from the paid period's end for a downgrade); null when nothing changes. */
  period_start: timestamp.nullable(),
  period_end: timestamp.nullable(),
  /** The end of the period paid for now (null without one). */
  paid_until: timestamp.nullable(),
  /** The charge after this choice: its amount and date (null when none is due, e.g. a cancelled plan). */
  next_charge: z.object({ amount_cents: z.number().int(), currency: z.string(), date: timestamp }).nullable(),
});
export type PlanQuote = z.infer<typeof planQuote>;

/**
 * What an administrator's refund takes besides what it refunds: the amount in cents (default: all
 * that is left of the payment; never more, 422 on `amount_cents`) and a reason for the audit log.
 */
export const refundFields = {
  amount_cents: z
    .number({ error: 'Amount must be a number of cents' })
    .int('Amount must be whole cents')
    .positive('Amount must be more than zero')
    .max(100_000_000, 'Amount is too large')
    .optional(),
  reason: z.string({ error: 'Reason must be text' }).trim().max(500, 'Reason must be at most 500 characters').optional(),
};

const billingEndpoint = { tag: 'billing', access: 'user', gate: 'exempt' } as const;

export const accountInfoEndpoint = defineEndpoint({
  ...billingEndpoint,
  method: 'GET',
  path: '/v1/accounts/info',
  summary: "The signed-in user's account: paid state, plan and paid period, card on file, and how the browser tokenises a card",
  notAbortable: true,
  response: z.object({ data: accountInfo }),
});

export const listAccountPlans = defineEndpoint({
  ...billingEndpoint,
  method: 'GET',
  path: '/v1/plans',
  summary: 'The account plans one can choose (amounts in integer cents)',
  response: z.object({ data: z.array(accountPlan) }),
});

export const connectCard = defineEndpoint({
  ...billingEndpoint,
  method: 'POST',
  path: '/v1/accounts/connect_card',
  summary:
    "Put a card on file: the payment method id the browser got by tokenising the card (never the number). It is saved for later charges; a declined card answers 422 on `card` with the bank's message. When the bank asks the customer to authenticate first (3-D Secure), `requires_action` carries the client secret for Stripe.js (handleNextAction); the card goes on file once Stripe reports the authentication succeeded, and `data` still shows the card before it",
  body: connectCardBody,
  response: z.object({ data: accountInfo, requires_action: requiresAction }),
});

export const updateAccountPlan = defineEndpoint({
  ...billingEndpoint,
  method: 'POST',
  path: '/v1/accounts/update_plan',
  summary:
    "Choose a plan, as GET /v1/accounts/plan_quote says: a new plan's first period, or a longer or dearer plan less a credit for the unused days, is charged to the card on file at once (send an Idempotency-Key: a retry never charges twice) and the account is paid for the period; a shorter or cheaper plan is scheduled for the period's end (charge null). A decline answers 422 on `card`; an expected_amount_cents that the quote no longer matches answers 409 and charges nothing. When the bank asks the customer to authenticate (3-D Secure), `requires_action` carries the client secret for Stripe.js and the charge stays pending until Stripe's webhook says how it ended",
  body: updatePlanBody,
  response: z.object({ data: accountInfo, charge: accountHistoryEntry.nullable(), requires_action: requiresAction }),
});

export const accountPlanQuote = defineEndpoint({
  ...billingEndpoint,
  method: 'GET',
  path: '/v1/accounts/plan_quote',
  summary:
    'What choosing a plan would do now: charge the whole amount, charge less a credit for the unused days (a longer or dearer plan), change at the period\'s end (a shorter or cheaper plan), or nothing (the plan paid for). POST /v1/accounts/update_plan acts on the same quote',
  query: z.object({ plan_id: planId }),
  response: z.object({ data: planQuote }),
});

export const accountHistory = defineEndpoint({
  ...billingEndpoint,
  method: 'GET',
  path: '/v1/accounts/history',
  summary: "The account's charges, refunds and failed charges, newest first",
  query: z.object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  }),
  response: z.object({ data: z.array(accountHistoryEntry), meta: pagingMeta }),
});

export const cancelAccountSubscription = defineEndpoint({
  ...billingEndpoint,
  method: 'PUT',
  path: '/v1/accounts/cancel_subscription',
  summary: 'Cancel the plan at the end of the paid period (the account stays paid until then; nothing is refunded)',
  body: emptyBody,
  response: z.object({ data: accountInfo }),
});

export const grantPaidMembership = defineEndpoint({
  method: 'POST',
  path: '/v1/admin/users/{id}/paid_membership',
  summary: "Grant (or, with paid_user false, take back) a user's paid membership by hand, without a plan; audited. Administrators of the user's company only",
  tag: 'admin_users',
  access: 'admin',
  params: idParams,
  body: z.object({ paid_user: z.boolean({ error: 'Must be true or false' }).default(true) }).nullish(),
  response: z.object({ data: z.object({ id: z.number().int(), 'paid_user?': z.boolean(), status: z.enum(ACCOUNT_STATUSES) }) }),
});

export const refundAccountPayment = defineEndpoint({
  method: 'POST',
  path: '/v1/admin/users/{id}/refund',
  summary:
    "Refund a payment of a user's account history (a charge of theirs), all that is left of it unless amount_cents is given; never more than was paid (422 on amount_cents), audited with the reason. " +
    "Send an Idempotency-Key: a repeat refunds once. Administrators of the user's company only",
  tag: 'admin_users',
  access: 'admin',
  params: idParams,
  body: z.object({
    transaction_id: z.coerce
      .number({ error: 'Payment is required' })
      .int('Payment must be a whole number')
      .positive('Payment is required')
      .max(2_147_483_647, 'Payment is required'),
    ...refundFields,
  }),
  response: z.object({ data: accountHistoryEntry }),
});

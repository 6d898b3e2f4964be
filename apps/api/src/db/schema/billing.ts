import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { userRef } from './accounts';
import { createdAt, updatedAt } from './columns';

/** The plans of the product's own account (spec part 1 §7 "Account": GET /v1/plans). Amounts in integer cents. */
export const accountPlans = pgTable('account_plans', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  /** A stable name for code and seeds (`agent_monthly`). */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('usd'),
  /** month | year */
  interval: text('interval').notNull().default('month'),
  features: text('features').array().notNull().default(sql`'{}'::text[]`),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A user's billing account: the payment vendor's customer, the card on file (brand, last four and
 * expiry only: the number never reaches this server), the plan and its paid period. The user's
 * `paid_until` mirrors `current_period_end` (the account gate reads the user row).
 */
export const billingAccounts = pgTable('billing_accounts', {
  userId: userRef('user_id').primaryKey(),
  customerId: text('customer_id'),
  paymentMethodId: text('payment_method_id'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  cardExpMonth: integer('card_exp_month'),
  cardExpYear: integer('card_exp_year'),
  /** A card setup waiting for the customer to authenticate with their bank (3-D Secure): its card goes on file when the vendor says it succeeded. */
  pendingSetupId: text('pending_setup_id'),
  planId: integer('plan_id').references(() => accountPlans.id),
  currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  /** A change to a shorter or cheaper plan, taking effect when the paid period ends (the renewal charges it); null for none. */
  scheduledPlanId: integer('scheduled_plan_id').references(() => accountPlans.id),
  canceledAt: timestamp('canceled_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The account's history: every charge, refund and failed charge (GET /v1/accounts/history). A
 * charge is written `pending` under its idempotency key before the vendor is called, so a retry
 * (or a crash between the vendor's answer and this row) finds it and charges nothing twice.
 */
export const billingTransactions = pgTable(
  'billing_transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: userRef('user_id'),
    /** charge | refund | failure */
    kind: text('kind').notNull(),
    /** pending | succeeded | failed */
    status: text('status').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    description: text('description').notNull(),
    planId: integer('plan_id').references(() => accountPlans.id),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    idempotencyKey: text('idempotency_key'),
    paymentIntentId: text('payment_intent_id'),
    refundId: text('refund_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    /**
     * What the money is for, for the effects of its outcome and for dunning: `account:<user id>`
     * (the account plan), `subscription:<id>` (a dialer or SMS subscription), `order:<id>` (a
     * dialer or SMS order). A refund has its charge's subject.
     */
    subject: text('subject'),
    /** A renewal's try of its period: 0 at the period's end, then 1, 2, 3 (the retries of RETRY_AFTER_DAYS); null for other charges. */
    attempt: integer('attempt'),
    /** A refund: the charge it gives money back from. */
    refundOf: integer('refund_of'),
    /** A charge: how much of it the vendor says was refunded (charge.refunded), whoever refunded it. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('billing_transactions_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('billing_transactions_idempotency_idx').on(t.idempotencyKey),
    uniqueIndex('billing_transactions_refund_idx').on(t.refundId),
    index('billing_transactions_subject_idx').on(t.subject, t.periodStart),
    index('billing_transactions_refund_of_idx').on(t.refundOf).where(sql`refund_of is not null`),
  ],
);


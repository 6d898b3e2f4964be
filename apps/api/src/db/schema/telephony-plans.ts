import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companyRef, users } from './accounts';
import { createdAt, updatedAt } from './columns';

/**
 * The telephony plans (dialer minutes, SMS segments): plans, subscriptions, licences and orders
 * (spec part 1 §3 "Subscriptions on the user", §4 "Subscription type", §6 licences; part 2 §7
 * "Admin dialer and SMS plans"), and the usage ledger every metered event is appended to (DESIGN.md
 * "Metering"). One set of tables serves both kinds, told apart by `product`. The tables keep their
 * older `product_*` names (a rename needs a migration): they are not the store's products.
 */

/** A plan of a company's catalogue: what a licence costs a period and how many units it allows. */
export const productPlans = pgTable(
  'product_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    /** dialer | sms */
    product: text('product').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    /** Price of one licence for one period, in cents. */
    priceCents: integer('price_cents').notNull(),
    /** month | year */
    period: text('period').notNull().default('month'),
    /** Minutes (dialer) or segments (SMS) one licence allows a usage period. */
    unitsPerLicense: integer('units_per_license').notNull(),
    /** Enterprise plans are offered for company subscriptions (listed apart). */
    enterprise: boolean('enterprise').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('product_plans_company_idx').on(t.companyId, t.product),
    check('product_plans_product_check', sql`${t.product} in ('dialer', 'sms')`),
    check('product_plans_price_check', sql`${t.priceCents} >= 0 and ${t.unitsPerLicense} >= 0`),
  ],
);

/**
 * A subscription to a dialer or SMS plan: `company` (the company's own, activated by an administrator),
 * `manager` (Subscription::ManagerPay: a manager pays for licences of their downline) or `self`
 * (Subscription::SelfPay: one user's own). Status: pending (a company subscription waiting for an
 * administrator, or any subscription whose first order is not paid yet), active, cancelled, lapsed.
 */
export const subscriptions = pgTable(
  'product_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    product: text('product').notNull(),
    type: text('type').notNull(),
    /** Who pays (manager or self); for a company subscription, who asked for it (or null). */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => productPlans.id),
    status: text('status').notNull().default('pending'),
    /** Licences bought: the allocation pool is quantity × the plan's units per licence. */
    quantity: integer('quantity').notNull().default(1),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledById: integer('cancelled_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** A downgrade the payer asked for: the plan it moves to at the current period's end (its order is `scheduled`). */
    scheduledPlanId: integer('scheduled_plan_id').references(() => productPlans.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('product_subscriptions_company_idx').on(t.companyId, t.product, t.status),
    index('product_subscriptions_owner_idx').on(t.ownerId, t.product),
    check('product_subscriptions_product_check', sql`${t.product} in ('dialer', 'sms')`),
    check('product_subscriptions_type_check', sql`${t.type} in ('company', 'manager', 'self')`),
    check('product_subscriptions_status_check', sql`${t.status} in ('pending', 'active', 'cancelled', 'lapsed')`),
    check('product_subscriptions_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

/** A licence: one user's seat on a subscription with its allocation of units a period. */
export const licenses = pgTable(
  'product_licenses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Units (minutes or segments) the user may use a period. */
    allocation: integer('allocation').notNull(),
    paid: boolean('paid').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('product_licenses_subscription_user_idx').on(t.subscriptionId, t.userId),
    index('product_licenses_user_idx').on(t.userId),
    check('product_licenses_allocation_check', sql`${t.allocation} >= 0`),
  ],
);

/**
 * An order: money owed for a subscription (its first period, more licences, an upgrade). Created
 * pending with its amount; the payments step charges it (telephony-plans.service.ts chargeOrder) and
 * settles it paid or failed, and only a paid order changes what it pays for (the quantity, the
 * licences' paid state, the plan). A downgrade is an order of 0 `scheduled` for the period's end.
 * Refunds are recorded in refunded_cents, never above amount_cents.
 */
export const productOrders = pgTable(
  'product_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyRef(),
    product: text('product').notNull(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** Who placed it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** subscription | licenses | admin | plan_change */
    kind: text('kind').notNull(),
    /** A plan change's plan (what it moves the subscription to) and the plan it moves from. */
    planId: integer('plan_id').references(() => productPlans.id),
    fromPlanId: integer('from_plan_id').references(() => productPlans.id),
    quantity: integer('quantity').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull().default('pending'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** The payment provider's reference once charged (a PaymentIntent id). */
    paymentReference: text('payment_reference'),
    /** Licences this order pays for (made unpaid with the order, paid when it is). */
    licenseIds: integer('license_ids').array().notNull().default(sql`'{}'::int[]`),
    description: text('description'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('product_orders_company_idx').on(t.companyId, t.product, t.createdAt),
    index('product_orders_subscription_idx').on(t.subscriptionId),
    check('product_orders_status_check', sql`${t.status} in ('pending', 'paid', 'failed', 'cancelled', 'refunded', 'scheduled')`),
    check('product_orders_amount_check', sql`${t.amountCents} >= 0 and ${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.amountCents}`),
  ],
);

/**
 * The usage ledger: one row per metered vendor event (a call's minutes, a message's segments, a
 * mobile validation), appended once: (vendor, kind, source_id) is unique, so a repeated event
 * counts once. Never updated or deleted; usage_rollups holds the sums that reads use.
 */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id').notNull(),
    userId: integer('user_id').notNull(),
    /** The vendor whose event this is (twilio, …; `unknown` for rows from before vendors were kept). */
    vendor: text('vendor').notNull(),
    /** call_minutes | sms_segments | validations */
    kind: text('kind').notNull(),
    /** The vendor's id of the event (a call's CallSid, a message's MessageSid). */
    sourceId: text('source_id').notNull(),
    units: integer('units').notNull(),
    /** First day (UTC) of the usage period (a calendar month) the event counts in. */
    period: date('period', { mode: 'string' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('usage_events_vendor_source_idx').on(t.vendor, t.kind, t.sourceId),
    check('usage_events_kind_check', sql`${t.kind} in ('call_minutes', 'sms_segments', 'validations')`),
    check('usage_events_units_check', sql`${t.units} >= 0`),
  ],
);

/** Units per user, kind and period: updated in the statement that appends to the ledger. */
export const usageRollups = pgTable(
  'usage_rollups',
  {
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    companyId: integer('company_id').notNull(),
    units: bigint('units', { mode: 'number' }).notNull(),
    events: integer('events').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('usage_rollups_key_idx').on(t.userId, t.kind, t.period),
    index('usage_rollups_company_idx').on(t.companyId, t.kind, t.period),
  ],
);

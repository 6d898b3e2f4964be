import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TelephonyKind, SubscriptionType } from '@crm/contract';
import type { Database, Tx } from '../../db/database';
import { identityCacheOf, type IdentityChanges } from '../../db/identity-changes';
import { preparedStatement } from '../../db/sql-helpers';
import { licenses, productOrders, productPlans, subscriptions, usageRollups, users } from '../../db/schema';
import type { Reach } from '../contacts/contact-reach';
import { userInReach } from '../contacts/contacts-scope.repository';
import type { UsageKind } from '../usage/usage.repository';

export type PlanRow = typeof productPlans.$inferSelect;
export type PlanInsert = Omit<typeof productPlans.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type LicenseRow = typeof licenses.$inferSelect;
export type OrderRow = typeof productOrders.$inferSelect;
type Person = { id: number; firstName: string; lastName: string };

export type SubscriptionRecord = SubscriptionRow & {
  plan: PlanRow;
  /** The plan a scheduled downgrade moves to at the period's end. */
  scheduledPlan: PlanRow | null;
  owner: Person | null;
  active: boolean;
  licensesCount: number;
  allocated: number;
};
export type LicenseRecord = LicenseRow & { user: Person; subscriptionType: SubscriptionType; subscriptionOwnerId: number | null; awaitingPayment: boolean };
export type OrderRecord = OrderRow & { user: Person | null; plan: { id: number; name: string } | null };

/** What each kind meters in the ledger. */
export const TELEPHONY_USAGE_KIND: Record<TelephonyKind, UsageKind> = { dialer: 'call_minutes', sms: 'sms_segments' };

/** Active now: status active, and not past a period end it was cancelled at. */
export const activeSql = sql<boolean>`(${subscriptions.status} = 'active' and not (${subscriptions.cancelAtPeriodEnd} and ${subscriptions.currentPeriodEnd} <= now()))`;

/** A licence made by an order that waits for payment (for selections that join other tables: drizzle qualifies the column then). */
const awaitingPaymentSql = sql<boolean>`exists (select 1 from ${productOrders} o where o.status = 'pending' and ${licenses.id} = any(o.license_ids))`;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const personName = (first: string | null, last: string | null, id: number | null): Person | null =>
  id === null ? null : { id, firstName: first ?? '', lastName: last ?? '' };

/** Subscriptions a caller sees: the company (administrators), else those paid by someone in reach or holding the caller's licence. */
export function subscriptionVisible(reach: Reach): SQL {
  const company = eq(subscriptions.companyId, reach.companyId);
  if (reach.kind === 'company') return company;
  return and(
    company,
    or(
      and(sql`${subscriptions.ownerId} is not null`, userInReach(reach, subscriptions.ownerId)),
      sql`exists (select 1 from ${licenses} l where l.subscription_id = ${subscriptions.id} and l.user_id = ${reach.userId})`,
    ),
  ) as SQL;
}

/** Licences a caller sees: the company's (administrators), else those of users in reach or of subscriptions the caller pays for. */
export function licenseVisible(reach: Reach): SQL {
  const company = eq(licenses.companyId, reach.companyId);
  if (reach.kind === 'company') return company;
  return and(
    company,
    or(
      userInReach(reach, licenses.userId),
      sql`exists (select 1 from ${subscriptions} s where s.id = ${licenses.subscriptionId} and s.owner_id = ${reach.userId})`,
    ),
  ) as SQL;
}

/** Orders a caller sees: the company's (administrators), else those of subscriptions the caller pays for. */
export function orderVisible(reach: Reach): SQL {
  const company = eq(productOrders.companyId, reach.companyId);
  if (reach.kind === 'company') return company;
  return and(company, sql`exists (select 1 from ${subscriptions} s where s.id = ${productOrders.subscriptionId} and s.owner_id = ${reach.userId})`) as SQL;
}

const owner = sql.raw('owner');
const scheduledPlans = alias(productPlans, 'scheduled_plan');
const orderPlans = alias(productPlans, 'order_plan');
const subscriptionSelection = {
  s: subscriptions,
  p: productPlans,
  sp: scheduledPlans,
  ownerFirst: sql<string | null>`${owner}.first_name`,
  ownerLast: sql<string | null>`${owner}.last_name`,
  active: activeSql,
  licensesCount: sql<number>`(select count(*)::int from ${licenses} l where l.subscription_id = ${subscriptions.id})`,
  allocated: sql<number>`(select coalesce(sum(l.allocation), 0)::int from ${licenses} l where l.subscription_id = ${subscriptions.id})`,
};
type SubscriptionSelected = { s: SubscriptionRow; p: PlanRow; sp: PlanRow | null; ownerFirst: string | null; ownerLast: string | null; active: boolean; licensesCount: number; allocated: number };
const toSubscription = (r: SubscriptionSelected): SubscriptionRecord => ({
  ...r.s,
  plan: r.p,
  scheduledPlan: r.sp ?? null,
  owner: personName(r.ownerFirst, r.ownerLast, r.s.ownerId),
  active: Boolean(r.active),
  licensesCount: Number(r.licensesCount),
  allocated: Number(r.allocated),
});

const SUBSCRIPTION_ORDER: Record<string, SQL> = {
  created_at: sql`${subscriptions.createdAt}`,
  plan: sql`lower(${productPlans.name})`,
  status: sql`${subscriptions.status}`,
  current_period_end: sql`${subscriptions.currentPeriodEnd}`,
  owner: sql`lower(${owner}.last_name || ' ' || ${owner}.first_name)`,
};

export type SubscriptionFilter = {
  companyId: number;
  product: TelephonyKind;
  visible?: SQL;
  ownerId?: number;
  active?: boolean;
  status?: string;
  type?: string;
  words?: string[];
  orderField?: string;
  order?: 'asc' | 'desc';
  page: number;
  limit: number;
};

type UserStateRow = {
  product: TelephonyKind;
  company_subscription_id: number | null;
  subscription_id: number | null;
  type: SubscriptionType | null;
  active: boolean | null;
  allocation: number | null;
  paid: boolean | null;
  used: string | number | null;
  changes_at: string | number | null;
};

/** A user's state of both kinds (userStates), and until when it holds by time alone (epoch ms). */
type KeptStates = { rows: UserTelephonyPlanState[]; until: number };

/** One kind's state of a user from a row of the states statement. */
function userStateOf(r: UserStateRow) {
  return {
    product: r.product,
    companySubscriptionId: r.company_subscription_id === null ? null : Number(r.company_subscription_id),
    subscription:
      r.subscription_id === null
        ? null
        : {
            id: Number(r.subscription_id),
            type: r.type as SubscriptionType,
            active: Boolean(r.active),
            allocation: Number(r.allocation ?? 0),
            paid: Boolean(r.paid),
          },
    used: Number(r.used ?? 0),
  };
}


/** Cancels a subscription's waiting plan changes and takes a scheduled one off it, in `tx`. */
async function dropPlanChanges(tx: Tx, subscriptionId: number): Promise<void> {
  const now = new Date();
  await tx
    .update(productOrders)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(and(eq(productOrders.subscriptionId, subscriptionId), eq(productOrders.kind, 'plan_change'), inArray(productOrders.status, ['pending', 'scheduled'])));
  await tx.update(subscriptions).set({ scheduledPlanId: null, updatedAt: now }).where(eq(subscriptions.id, subscriptionId));
}

/**
 * `identityChanges`: keep each user's plan states in memory until a change to their licences,
 * their company's subscriptions or their usage (migration 0031), or until the clock changes them
 * (the API; tools read them each time).
 */
export function createTelephonyPlansRepository(db: Database, identityChanges?: IdentityChanges) {
  const keptStates = identityCacheOf<KeptStates>(identityChanges);
  // users/me runs it on every load: prepared once per connection (its plan took longer than the reads).
  // changes_at: when the clock alone changes the answer, the earliest period end of a subscription
  // cancelled at its period's end (it stops being active then)
  const userStatesOf = preparedStatement<UserStateRow>(
    db,
    'telephony_user_states',
    sql`
      select p.product,
        (select s.id from ${subscriptions} s where s.company_id = ${sql.placeholder('company')} and s.product = p.product and s.type = 'company'
           and s.status = 'active' and not (s.cancel_at_period_end and s.current_period_end <= now()) order by s.id desc limit 1) as company_subscription_id,
        x.subscription_id, x.type, x.active, x.allocation, x.paid,
        (select r.units from ${usageRollups} r where r.user_id = ${sql.placeholder('user')} and r.kind = p.kind and r.period = ${sql.placeholder('period')}::date) as used,
        (select (extract(epoch from min(s.current_period_end)) * 1000)::float8 from ${subscriptions} s
           where s.company_id = ${sql.placeholder('company')} and s.product = p.product and s.status in ('active', 'pending')
             and s.cancel_at_period_end and s.current_period_end > now()) as changes_at
      from (values ('dialer', 'call_minutes'), ('sms', 'sms_segments')) as p(product, kind)
      left join lateral (
        select s.id as subscription_id, s.type, l.allocation, l.paid,
          (s.status = 'active' and not (s.cancel_at_period_end and s.current_period_end <= now())) as active
        from ${licenses} l join ${subscriptions} s on s.id = l.subscription_id
        where l.user_id = ${sql.placeholder('user')} and s.company_id = ${sql.placeholder('company')} and s.product = p.product and s.status in ('active', 'pending')
        order by 5 desc, case s.type when 'self' then 0 when 'manager' then 1 else 2 end, s.id desc
        limit 1
      ) x on true`,
  );
  function subscriptionQuery(where: SQL | undefined) {
    return db
      .select(subscriptionSelection)
      .from(subscriptions)
      .innerJoin(productPlans, eq(productPlans.id, subscriptions.planId))
      .leftJoin(scheduledPlans, eq(scheduledPlans.id, subscriptions.scheduledPlanId))
      .leftJoin(sql`${users} as owner`, sql`owner.id = ${subscriptions.ownerId}`)
      .where(where);
  }

  async function findSubscription(companyId: number, product: TelephonyKind, id: number, visible?: SQL): Promise<SubscriptionRecord | undefined> {
    const [row] = await subscriptionQuery(and(eq(subscriptions.id, id), eq(subscriptions.companyId, companyId), eq(subscriptions.product, product), visible));
    return row && toSubscription(row as SubscriptionSelected);
  }

  const licenseSelection = {
    l: licenses,
    firstName: users.firstName,
    lastName: users.lastName,
    subscriptionType: subscriptions.type,
    subscriptionOwnerId: subscriptions.ownerId,
    awaitingPayment: awaitingPaymentSql,
  };
  const toLicense = (r: {
    l: LicenseRow;
    firstName: string;
    lastName: string;
    subscriptionType: string;
    subscriptionOwnerId: number | null;
    awaitingPayment: boolean;
  }): LicenseRecord => ({
    ...r.l,
    user: { id: r.l.userId, firstName: r.firstName, lastName: r.lastName },
    subscriptionType: r.subscriptionType as SubscriptionType,
    subscriptionOwnerId: r.subscriptionOwnerId,
    awaitingPayment: Boolean(r.awaitingPayment),
  });
  function licenseQuery(where: SQL | undefined) {
    return db
      .select(licenseSelection)
      .from(licenses)
      .innerJoin(users, eq(users.id, licenses.userId))
      .innerJoin(subscriptions, eq(subscriptions.id, licenses.subscriptionId))
      .where(where);
  }

  const orderSelection = { o: productOrders, firstName: users.firstName, lastName: users.lastName, planName: orderPlans.name };
  const toOrder = (r: { o: OrderRow; firstName: string | null; lastName: string | null; planName: string | null }): OrderRecord => ({
    ...r.o,
    user: personName(r.firstName, r.lastName, r.o.userId),
    plan: r.o.planId === null ? null : { id: r.o.planId, name: r.planName ?? '' },
  });
  const ordersQuery = () =>
    db.select(orderSelection).from(productOrders).leftJoin(users, eq(users.id, productOrders.userId)).leftJoin(orderPlans, eq(orderPlans.id, productOrders.planId));

  return {
    // ---- plans
    async listPlans(filter: { companyId: number; product: TelephonyKind; activeOnly: boolean; enterprise?: boolean; words: string[]; order: 'asc' | 'desc'; page: number; limit: number | null }) {
      const where = and(
        eq(productPlans.companyId, filter.companyId),
        eq(productPlans.product, filter.product),
        filter.activeOnly ? eq(productPlans.active, true) : undefined,
        filter.enterprise === undefined ? undefined : eq(productPlans.enterprise, filter.enterprise),
        ...filter.words.map((w) => ilike(productPlans.name, `%${likeEscape(w)}%`)),
      );
      const dir = filter.order === 'desc' ? desc : asc;
      const query = db.select().from(productPlans).where(where).orderBy(dir(productPlans.priceCents), asc(productPlans.name), asc(productPlans.id));
      const rows = filter.limit === null ? await query : await query.limit(filter.limit).offset((filter.page - 1) * filter.limit);
      const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(productPlans).where(where);
      return { rows, total: counted?.n ?? 0 };
    },

    async findPlan(companyId: number, product: TelephonyKind, id: number): Promise<PlanRow | undefined> {
      const [row] = await db.select().from(productPlans).where(and(eq(productPlans.id, id), eq(productPlans.companyId, companyId), eq(productPlans.product, product)));
      return row;
    },

    async insertPlan(values: PlanInsert): Promise<PlanRow> {
      const [row] = await db.insert(productPlans).values(values).returning();
      return row as PlanRow;
    },

    async updatePlan(id: number, patch: Partial<PlanInsert>): Promise<PlanRow> {
      const [row] = await db.update(productPlans).set({ ...patch, updatedAt: new Date() }).where(eq(productPlans.id, id)).returning();
      return row as PlanRow;
    },

    /** Deletes a plan no subscription uses; one in use is made inactive. Returns what happened. */
    async deletePlan(id: number): Promise<'deleted' | 'deactivated'> {
      return db.transaction(async (tx) => {
        const [used] = await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.planId, id)).limit(1);
        if (used) {
          await tx.update(productPlans).set({ active: false, updatedAt: new Date() }).where(eq(productPlans.id, id));
          return 'deactivated' as const;
        }
        await tx.delete(productPlans).where(eq(productPlans.id, id));
        return 'deleted' as const;
      });
    },

    // ---- subscriptions
    findSubscription,

    async listSubscriptions(f: SubscriptionFilter): Promise<{ rows: SubscriptionRecord[]; total: number }> {
      const where = and(
        eq(subscriptions.companyId, f.companyId),
        eq(subscriptions.product, f.product),
        f.visible,
        f.ownerId === undefined ? undefined : eq(subscriptions.ownerId, f.ownerId),
        f.active === undefined ? undefined : f.active ? activeSql : sql`not ${activeSql}`,
        f.status ? eq(subscriptions.status, f.status) : undefined,
        f.type ? eq(subscriptions.type, f.type) : undefined,
        ...(f.words ?? []).map(
          (w) => sql`(${productPlans.name} || ' ' || coalesce(${owner}.first_name, '') || ' ' || coalesce(${owner}.last_name, '')) ilike ${`%${likeEscape(w)}%`}`,
        ),
      );
      const orderExpr = SUBSCRIPTION_ORDER[f.orderField ?? 'created_at'] ?? (SUBSCRIPTION_ORDER.created_at as SQL);
      const dir = f.order === 'asc' ? sql`asc` : sql`desc`;
      const [rows, [counted]] = await Promise.all([
        subscriptionQuery(where)
          .orderBy(sql`${orderExpr} ${dir} nulls last`, sql`${subscriptions.id} ${dir}`)
          .limit(f.limit)
          .offset((f.page - 1) * f.limit),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(subscriptions)
          .innerJoin(productPlans, eq(productPlans.id, subscriptions.planId))
          .leftJoin(sql`${users} as owner`, sql`owner.id = ${subscriptions.ownerId}`)
          .where(where),
      ]);
      return { rows: rows.map((r) => toSubscription(r as SubscriptionSelected)), total: counted?.n ?? 0 };
    },

    /** The newest subscription of a type and status set (activeNow: active now), optionally of an owner or holding a user's licence. */
    async findOne(filter: {
      companyId: number;
      product: TelephonyKind;
      type?: SubscriptionType;
      statuses?: string[];
      activeNow?: boolean;
      ownerId?: number;
      licensedUserId?: number;
    }): Promise<SubscriptionRecord | undefined> {
      const [row] = await subscriptionQuery(
        and(
          eq(subscriptions.companyId, filter.companyId),
          eq(subscriptions.product, filter.product),
          filter.type ? eq(subscriptions.type, filter.type) : undefined,
          filter.statuses ? inArray(subscriptions.status, filter.statuses) : undefined,
          filter.activeNow ? activeSql : undefined,
          filter.ownerId === undefined ? undefined : eq(subscriptions.ownerId, filter.ownerId),
          filter.licensedUserId === undefined
            ? undefined
            : sql`exists (select 1 from ${licenses} l where l.subscription_id = ${subscriptions.id} and l.user_id = ${filter.licensedUserId})`,
        ),
      )
        .orderBy(desc(subscriptions.id))
        .limit(1);
      return row && toSubscription(row as SubscriptionSelected);
    },

    /** A subscription with its first licences and its order, in one transaction. */
    async createSubscription(
      values: Omit<typeof subscriptions.$inferInsert, 'id'>,
      licenseValues: { userId: number; allocation: number; paid: boolean }[],
      order: { userId: number; quantity: number; amountCents: number } | null,
    ): Promise<{ subscriptionId: number; orderId: number | null }> {
      return db.transaction(async (tx) => {
        const [sub] = await tx.insert(subscriptions).values(values).returning({ id: subscriptions.id });
        const subscriptionId = (sub as { id: number }).id;
        const made = licenseValues.length
          ? await tx
              .insert(licenses)
              .values(licenseValues.map((l) => ({ ...l, companyId: values.companyId, subscriptionId })))
              .returning({ id: licenses.id })
          : [];
        let orderId: number | null = null;
        if (order) {
          const [o] = await tx
            .insert(productOrders)
            .values({
              ...order,
              kind: 'subscription',
              companyId: values.companyId,
              product: values.product,
              subscriptionId,
              licenseIds: made.map((m) => m.id),
            })
            .returning({ id: productOrders.id });
          orderId = (o as { id: number }).id;
        }
        return { subscriptionId, orderId };
      });
    },

    /**
     * Manager- and self-pay subscriptions whose paid period ended by `now` and that renew (active,
     * not cancelled at the period's end, an owner who pays), oldest first, with their plan.
     */
    async dueRenewals(now: Date, limit: number): Promise<SubscriptionRecord[]> {
      const rows = await subscriptionQuery(
        and(
          eq(subscriptions.status, 'active'),
          eq(subscriptions.cancelAtPeriodEnd, false),
          inArray(subscriptions.type, ['manager', 'self']),
          sql`${subscriptions.ownerId} is not null`,
          sql`${subscriptions.currentPeriodEnd} <= ${now.toISOString()}::timestamptz`,
        ),
      )
        .orderBy(asc(subscriptions.currentPeriodEnd))
        .limit(limit);
      return rows.map((r) => toSubscription(r as SubscriptionSelected));
    },

    /** A renewal paid: the subscription moves on to the period it paid for (once: only from the period before it). */
    async renewSubscription(id: number, periodStart: Date, periodEnd: Date): Promise<void> {
      await db
        .update(subscriptions)
        .set({ currentPeriodStart: periodStart, currentPeriodEnd: periodEnd, updatedAt: new Date() })
        .where(and(eq(subscriptions.id, id), eq(subscriptions.currentPeriodEnd, periodStart)));
    },

    /** A renewal's last try declined: the subscription lapses (inactive) unless it has moved on from that period. */
    async lapseSubscription(id: number, periodStart: Date): Promise<void> {
      await db
        .update(subscriptions)
        .set({ status: 'lapsed', updatedAt: new Date() })
        .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'active'), eq(subscriptions.currentPeriodEnd, periodStart)));
    },

    /**
     * What has been refunded of a paid order in all (it only grows). Refunded in full, the order is
     * `refunded` and what it paid for goes back, in the same transaction: a licence order's quantity
     * leaves the subscription (so the pool shrinks) and its licences are unpaid with nothing
     * allocated; a plan change moves the subscription back to the plan it came from (if it is still
     * on the one paid for); a subscription's first order ends the subscription. A partial refund (a
     * goodwill credit) takes nothing back.
     */
    async setOrderRefunded(id: number, refundedCents: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ status: productOrders.status })
          .from(productOrders)
          .where(eq(productOrders.id, id))
          .for('update');
        if (!before || (before.status !== 'paid' && before.status !== 'refunded')) return;
        const total = sql`least(${productOrders.amountCents}, greatest(${productOrders.refundedCents}, ${refundedCents}))`;
        const [order] = await tx
          .update(productOrders)
          .set({
            refundedCents: total,
            status: sql`case when ${total} >= ${productOrders.amountCents} then 'refunded' else ${productOrders.status} end`,
            updatedAt: new Date(),
          })
          .where(eq(productOrders.id, id))
          .returning();
        if (!order || before.status === 'refunded' || order.status !== 'refunded') return;
        const now = new Date();
        if (order.kind === 'licenses') {
          await tx
            .update(subscriptions)
            .set({ quantity: sql`greatest(0, ${subscriptions.quantity} - ${order.quantity})`, updatedAt: now })
            .where(eq(subscriptions.id, order.subscriptionId));
          if (order.licenseIds.length) await tx.update(licenses).set({ paid: false, allocation: 0, updatedAt: now }).where(inArray(licenses.id, order.licenseIds));
        } else if (order.kind === 'plan_change' && order.planId !== null && order.fromPlanId !== null) {
          await tx
            .update(subscriptions)
            .set({ planId: order.fromPlanId, updatedAt: now })
            .where(and(eq(subscriptions.id, order.subscriptionId), eq(subscriptions.planId, order.planId)));
        } else if (order.kind === 'subscription') {
          await tx
            .update(subscriptions)
            .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
            .where(and(eq(subscriptions.id, order.subscriptionId), eq(subscriptions.status, 'active')));
        }
      });
    },

    async updateSubscription(id: number, patch: Partial<typeof subscriptions.$inferInsert>): Promise<void> {
      await db.update(subscriptions).set({ ...patch, updatedAt: new Date() }).where(eq(subscriptions.id, id));
    },

    // ---- licences
    async findLicense(companyId: number, product: TelephonyKind, id: number, visible?: SQL): Promise<LicenseRecord | undefined> {
      const [row] = await licenseQuery(and(eq(licenses.id, id), eq(licenses.companyId, companyId), eq(subscriptions.product, product), visible));
      return row && toLicense(row);
    },

    async listLicenses(f: { companyId: number; product: TelephonyKind; visible?: SQL; subscriptionId?: number; words: string[]; page: number; limit: number | null }) {
      const where = and(
        eq(licenses.companyId, f.companyId),
        eq(subscriptions.product, f.product),
        f.visible,
        f.subscriptionId === undefined ? undefined : eq(licenses.subscriptionId, f.subscriptionId),
        ...f.words.map((w) => sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${`%${likeEscape(w)}%`}`),
      );
      const query = licenseQuery(where).orderBy(asc(users.lastName), asc(users.firstName), asc(licenses.id));
      if (f.limit === null) {
        const rows = await query;
        return { rows: rows.map(toLicense), total: rows.length };
      }
      const rows = await query.limit(f.limit).offset((f.page - 1) * f.limit);
      const [counted] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(licenses)
        .innerJoin(users, eq(users.id, licenses.userId))
        .innerJoin(subscriptions, eq(subscriptions.id, licenses.subscriptionId))
        .where(where);
      return { rows: rows.map(toLicense), total: counted?.n ?? 0 };
    },

    /**
     * A subscription's licences with this period's usage from the rollup, in one statement (the
     * usage summary: read often, by a manager of hundreds of agents). `visible` narrows them.
     */
    async licenceUsage(subscriptionId: number, kind: UsageKind, period: string, visible?: SQL) {
      const result = await db.execute<{ id: number; user_id: number; first_name: string; last_name: string; allocation: number; paid: boolean; used: string | null }>(sql`
        select ${licenses.id} as id, ${licenses.userId} as user_id, ${users.firstName} as first_name, ${users.lastName} as last_name,
          ${licenses.allocation} as allocation, ${licenses.paid} as paid, ${usageRollups.units} as used
        from ${licenses}
        join ${users} on ${users.id} = ${licenses.userId}
        left join ${usageRollups} on ${usageRollups.userId} = ${licenses.userId} and ${usageRollups.kind} = ${kind} and ${usageRollups.period} = ${period}::date
        where ${licenses.subscriptionId} = ${subscriptionId} ${visible ? sql`and ${visible}` : sql``}
        order by ${users.lastName}, ${users.firstName}, ${licenses.id}`);
      return result.rows.map((r) => ({
        id: Number(r.id),
        user: { id: Number(r.user_id), firstName: r.first_name, lastName: r.last_name },
        allocation: Number(r.allocation),
        paid: Boolean(r.paid),
        used: Number(r.used ?? 0),
      }));
    },

    /**
     * Changes a licence under its subscription's lock, so that two changes at once cannot both take
     * the last units: `fits` sees the new allocation against the pool and what the others hold.
     */
    async updateLicense(
      license: LicenseRow,
      patch: { allocation?: number; paid?: boolean },
      fits: (state: { allocation: number; previous: number; others: number; pool: number }) => boolean,
    ): Promise<{ ok: true } | { ok: false; pool: number; others: number; previous: number }> {
      return db.transaction(async (tx) => {
        // Lock first, then read: the sums must be read after the lock is held (a statement that waits
        // for a lock keeps the snapshot it started with, so it would miss the other change).
        await tx.execute(sql`select 1 from ${subscriptions} where id = ${license.subscriptionId} for update`);
        const locked = await tx.execute<{ pool: number; others: number; previous: number }>(sql`
          select s.quantity * p.units_per_license as pool,
            (select coalesce(sum(l.allocation), 0)::int from ${licenses} l where l.subscription_id = s.id and l.id <> ${license.id}) as others,
            (select l.allocation from ${licenses} l where l.id = ${license.id}) as previous
          from ${subscriptions} s join ${productPlans} p on p.id = s.plan_id where s.id = ${license.subscriptionId}`);
        const state = locked.rows[0];
        if (!state) return { ok: false, pool: 0, others: 0, previous: 0 };
        const sums = { previous: Number(state.previous), others: Number(state.others), pool: Number(state.pool) };
        if (patch.allocation !== undefined && !fits({ allocation: patch.allocation, ...sums })) return { ok: false, ...sums };
        await tx.update(licenses).set({ ...patch, updatedAt: new Date() }).where(eq(licenses.id, license.id));
        return { ok: true };
      });
    },

    /** Whether a licence was made by an order that waits for payment (it gives nothing until then). */
    async licenseAwaitsPayment(licenseId: number): Promise<boolean> {
      const result = await db.execute(sql`select 1 from ${productOrders} o where o.status = 'pending' and ${licenseId}::int = any(o.license_ids) limit 1`);
      return result.rows.length > 0;
    },

    /**
     * More licences for a subscription: the order is placed, and the users' licences are made
     * unpaid with nothing allocated. The quantity (and so the pool) grows only when the order is
     * paid (settleOrder); the seats for the users are the paid ones and this order's.
     */
    async orderLicenses(
      sub: SubscriptionRecord,
      quantity: number,
      holders: { userId: number }[],
      order: { userId: number; amountCents: number },
    ): Promise<{ orderId: number; licenseIds: number[] } | 'seats'> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from ${subscriptions} where id = ${sub.id} for update`);
        const locked = await tx.execute<{ quantity: number; licensed: number }>(sql`
          select quantity, (select count(*)::int from ${licenses} l where l.subscription_id = ${sub.id}) as licensed
          from ${subscriptions} where id = ${sub.id}`);
        const state = locked.rows[0];
        if (!state || Number(state.licensed) + holders.length > Number(state.quantity) + quantity) return 'seats' as const;
        const made = holders.length
          ? await tx
              .insert(licenses)
              .values(holders.map((u) => ({ companyId: sub.companyId, subscriptionId: sub.id, userId: u.userId, allocation: 0, paid: false })))
              .returning({ id: licenses.id })
          : [];
        const [o] = await tx
          .insert(productOrders)
          .values({
            companyId: sub.companyId,
            product: sub.product,
            subscriptionId: sub.id,
            userId: order.userId,
            kind: 'licenses',
            quantity,
            amountCents: order.amountCents,
            licenseIds: made.map((m) => m.id),
          })
          .returning({ id: productOrders.id });
        return { orderId: (o as { id: number }).id, licenseIds: made.map((m) => m.id) };
      });
    },

    /** Which of these users already hold a licence of the subscription. */
    async licensedUsers(subscriptionId: number, userIds: number[]): Promise<number[]> {
      if (!userIds.length) return [];
      const rows = await db
        .select({ userId: licenses.userId })
        .from(licenses)
        .where(and(eq(licenses.subscriptionId, subscriptionId), inArray(licenses.userId, userIds)));
      return rows.map((r) => r.userId);
    },

    /** The users of the list that belong to the company and that the reach covers. */
    async usersInReach(reach: Reach, userIds: number[]): Promise<number[]> {
      if (!userIds.length) return [];
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, userIds), eq(users.companyId, reach.companyId), userInReach(reach, users.id)));
      return rows.map((r) => r.id);
    },

    // ---- orders
    async findOrder(companyId: number, product: TelephonyKind, id: number, visible?: SQL): Promise<OrderRecord | undefined> {
      const [row] = await ordersQuery().where(and(eq(productOrders.id, id), eq(productOrders.companyId, companyId), eq(productOrders.product, product), visible));
      return row && toOrder(row);
    },

    async listOrders(f: { companyId: number; product: TelephonyKind; visible?: SQL; status?: string; statuses?: string[]; subscriptionId?: number; page: number; limit: number }) {
      const where = and(
        eq(productOrders.companyId, f.companyId),
        eq(productOrders.product, f.product),
        f.visible,
        f.status ? eq(productOrders.status, f.status) : undefined,
        f.statuses ? inArray(productOrders.status, f.statuses) : undefined,
        f.subscriptionId === undefined ? undefined : eq(productOrders.subscriptionId, f.subscriptionId),
      );
      const [rows, [counted]] = await Promise.all([
        ordersQuery()
          .where(where)
          .orderBy(desc(productOrders.createdAt), desc(productOrders.id))
          .limit(f.limit)
          .offset((f.page - 1) * f.limit),
        db.select({ n: sql<number>`count(*)::int` }).from(productOrders).where(where),
      ]);
      return { rows: rows.map(toOrder), total: counted?.n ?? 0 };
    },

    async insertOrder(values: Omit<typeof productOrders.$inferInsert, 'id'>): Promise<number> {
      const [row] = await db.insert(productOrders).values(values).returning({ id: productOrders.id });
      return (row as { id: number }).id;
    },

    /**
     * Settles a pending order (the payments step's answer), in one transaction with its effects.
     * Paid: its licences become paid, a pending subscription (other than the company's) active; a
     * licence order adds its quantity to the subscription and gives its licences the plan's units;
     * a plan change moves the subscription to its plan (if it is still on the plan it was ordered
     * from). Failed: a licence order's licences are taken back (nothing else was given). Only a
     * pending order changes, so a repeated answer (a webhook after the API) changes nothing;
     * returns whether this call changed it.
     */
    async settleOrder(id: number, outcome: { status: 'paid' | 'failed'; paymentReference: string | null }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [order] = await tx
          .update(productOrders)
          .set({
            status: outcome.status,
            paymentReference: outcome.paymentReference,
            paidAt: outcome.status === 'paid' ? new Date() : null,
            updatedAt: new Date(),
          })
          .where(and(eq(productOrders.id, id), eq(productOrders.status, 'pending')))
          .returning();
        if (!order) return false;
        const now = new Date();
        if (outcome.status === 'failed') {
          if (order.kind === 'licenses' && order.licenseIds.length) await tx.delete(licenses).where(inArray(licenses.id, order.licenseIds));
          return true;
        }
        if (order.kind === 'licenses') {
          await tx
            .update(subscriptions)
            .set({ quantity: sql`${subscriptions.quantity} + ${order.quantity}`, updatedAt: now })
            .where(eq(subscriptions.id, order.subscriptionId));
          if (order.licenseIds.length) {
            // each of its licences gets the plan's units, as far as the (now larger) pool has them free
            const sums = await tx.execute<{ units: number; free: number }>(sql`
              select p.units_per_license as units,
                s.quantity * p.units_per_license - (select coalesce(sum(l.allocation), 0)::int from ${licenses} l where l.subscription_id = s.id) as free
              from ${subscriptions} s join ${productPlans} p on p.id = s.plan_id where s.id = ${order.subscriptionId}`);
            let free = Math.max(Number(sums.rows[0]?.free ?? 0), 0);
            const units = Number(sums.rows[0]?.units ?? 0);
            for (const licenseId of order.licenseIds) {
              const given = Math.min(units, free);
              free -= given;
              await tx
                .update(licenses)
                .set({ paid: true, allocation: sql`${licenses.allocation} + ${given}`, updatedAt: now })
                .where(eq(licenses.id, licenseId));
            }
          }
        } else if (order.licenseIds.length) {
          await tx.update(licenses).set({ paid: true, updatedAt: now }).where(inArray(licenses.id, order.licenseIds));
        }
        if (order.kind === 'plan_change' && order.planId !== null && order.fromPlanId !== null) {
          await tx
            .update(subscriptions)
            .set({ planId: order.planId, scheduledPlanId: null, updatedAt: now })
            .where(and(eq(subscriptions.id, order.subscriptionId), eq(subscriptions.planId, order.fromPlanId), eq(subscriptions.status, 'active')));
        }
        await tx
          .update(subscriptions)
          .set({ status: 'active', updatedAt: now })
          .where(and(eq(subscriptions.id, order.subscriptionId), eq(subscriptions.status, 'pending'), sql`${subscriptions.type} <> 'company'`));
        return true;
      });
    },

    /**
     * A plan change of a subscription: its earlier plan changes waiting for payment or for the
     * period's end are cancelled (one change at a time), and the new one is placed: pending (an
     * upgrade, charged next) or scheduled (a downgrade: the subscription shows the plan it moves to).
     */
    async placePlanChange(
      sub: SubscriptionRecord,
      change: { userId: number; planId: number; amountCents: number; scheduled: boolean; description: string },
    ): Promise<number> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from ${subscriptions} where id = ${sub.id} for update`);
        await dropPlanChanges(tx, sub.id);
        const [o] = await tx
          .insert(productOrders)
          .values({
            companyId: sub.companyId,
            product: sub.product,
            subscriptionId: sub.id,
            userId: change.userId,
            kind: 'plan_change',
            quantity: sub.quantity,
            amountCents: change.amountCents,
            planId: change.planId,
            fromPlanId: sub.planId,
            description: change.description,
            status: change.scheduled ? 'scheduled' : 'pending',
          })
          .returning({ id: productOrders.id });
        if (change.scheduled) await tx.update(subscriptions).set({ scheduledPlanId: change.planId, updatedAt: new Date() }).where(eq(subscriptions.id, sub.id));
        return (o as { id: number }).id;
      });
    },

    /** Cancels a subscription's plan changes that wait (for payment, or for the period's end). */
    async dropPlanChanges(subscriptionId: number): Promise<void> {
      await db.transaction((tx) => dropPlanChanges(tx, subscriptionId));
    },

    /**
     * Scheduled downgrades whose period has ended by `now` take effect: the subscription moves to
     * the plan (before its renewal is charged, at the new plan's price) and the order is done (paid, of 0).
     */
    async applyScheduledPlans(now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        const due = await tx
          .update(subscriptions)
          .set({ planId: sql`${subscriptions.scheduledPlanId}`, scheduledPlanId: null, updatedAt: now })
          .where(and(sql`${subscriptions.scheduledPlanId} is not null`, sql`${subscriptions.currentPeriodEnd} <= ${now.toISOString()}::timestamptz`))
          .returning({ id: subscriptions.id, planId: subscriptions.planId });
        for (const s of due) {
          await tx
            .update(productOrders)
            .set({ status: 'paid', paidAt: now, updatedAt: now })
            .where(and(eq(productOrders.subscriptionId, s.id), eq(productOrders.kind, 'plan_change'), eq(productOrders.status, 'scheduled'), eq(productOrders.planId, s.planId)));
        }
      });
    },

    /**
     * Cancels an order waiting for payment, or a scheduled plan change: a licence order's licences
     * go (it added nothing else), a subscription's first order ends the pending subscription, a
     * scheduled downgrade is taken off the subscription.
     */
    async cancelOrder(id: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [order] = await tx
          .update(productOrders)
          .set({ status: 'cancelled', cancelledAt: new Date(), updatedAt: new Date() })
          .where(and(eq(productOrders.id, id), inArray(productOrders.status, ['pending', 'scheduled'])))
          .returning();
        if (!order) return false;
        if (order.kind === 'licenses' && order.licenseIds.length) await tx.delete(licenses).where(inArray(licenses.id, order.licenseIds));
        // a subscription's first order cancelled: the subscription it would have started ends too
        if (order.kind === 'subscription') {
          await tx
            .update(subscriptions)
            .set({ status: 'cancelled', cancelledAt: new Date(), updatedAt: new Date() })
            .where(and(eq(subscriptions.id, order.subscriptionId), eq(subscriptions.status, 'pending')));
        }
        if (order.kind === 'plan_change' && order.planId !== null) {
          await tx
            .update(subscriptions)
            .set({ scheduledPlanId: null, updatedAt: new Date() })
            .where(and(eq(subscriptions.id, order.subscriptionId), eq(subscriptions.scheduledPlanId, order.planId)));
        }
        return true;
      });
    },

    // ---- a user's state (users/me, the quota rule)
    /**
     * For each kind (dialer, sms), in one statement: the company's active company subscription, and the
     * user's own subscription (through a licence of theirs: active first, then self, manager,
     * company) with the licence and the usage of `period` from the rollup. Kept in memory until a
     * change to them is announced, the period ends or a subscription cancelled at its period's end
     * stops (users/me reads it on every load).
     */
    async userStates(userId: number, companyId: number, period: { key: string; end: Date }): Promise<UserTelephonyPlanState[]> {
      const kept = await keptStates.get(
        `${userId}:${period.key}`,
        async () => {
          const rows = await userStatesOf({ user: userId, company: companyId, period: period.key });
          const changes = rows.map((r) => (r.changes_at === null ? Infinity : Number(r.changes_at)));
          return { rows: rows.map(userStateOf), until: Math.min(period.end.getTime(), ...changes) };
        },
        () => ({ userId, companyId }),
        (states) => states.until,
      );
      return kept.rows;
    },
  };
}

export type TelephonyPlansRepository = ReturnType<typeof createTelephonyPlansRepository>;
export type UserTelephonyPlanState = ReturnType<typeof userStateOf>;

import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { accountPlans, billingAccounts, billingTransactions, users } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';

export type PlanRow = typeof accountPlans.$inferSelect;
export type NewPlan = typeof accountPlans.$inferInsert;
export type BillingAccountRow = typeof billingAccounts.$inferSelect;
export type TransactionRow = typeof billingTransactions.$inferSelect;
export type NewTransaction = typeof billingTransactions.$inferInsert;

/** Account plans, billing accounts and the account history. */
export function createBillingRepository(db: Database) {
  return {
    async activePlans(): Promise<PlanRow[]> {
      return db.select().from(accountPlans).where(eq(accountPlans.active, true)).orderBy(asc(accountPlans.position), asc(accountPlans.id));
    },

    async plan(id: number): Promise<PlanRow | undefined> {
      const [row] = await db.select().from(accountPlans).where(eq(accountPlans.id, id));
      return row;
    },

    /** Inserts the plans whose code is not there yet (the seed, run again, adds nothing). */
    async ensurePlans(plans: NewPlan[]): Promise<void> {
      if (plans.length) await db.insert(accountPlans).values(plans).onConflictDoNothing({ target: accountPlans.code });
    },

    async account(userId: number): Promise<BillingAccountRow | undefined> {
      const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.userId, userId));
      return row;
    },

    /** Records the user's vendor customer unless one is recorded already; the one recorded. */
    async setCustomer(userId: number, customerId: string): Promise<string> {
      await db.insert(billingAccounts).values({ userId, customerId }).onConflictDoUpdate({
        target: billingAccounts.userId,
        set: { customerId: sql`coalesce(${billingAccounts.customerId}, excluded.customer_id)`, updatedAt: new Date() },
      });
      const [row] = await db.select({ customerId: billingAccounts.customerId }).from(billingAccounts).where(eq(billingAccounts.userId, userId));
      return row?.customerId ?? customerId;
    },

    async setCard(userId: number, card: { paymentMethodId: string; brand: string; last4: string; expMonth: number; expYear: number }): Promise<void> {
      await db
        .update(billingAccounts)
        .set({
          paymentMethodId: card.paymentMethodId,
          cardBrand: card.brand,
          cardLast4: card.last4,
          cardExpMonth: card.expMonth,
          cardExpYear: card.expYear,
          pendingSetupId: null,
          updatedAt: new Date(),
        })
        .where(eq(billingAccounts.userId, userId));
    },

    /** The card setup that waits for the customer's authentication (the last one asked for; an older one is forgotten). */
    async setPendingSetup(userId: number, setupId: string): Promise<void> {
      await db.update(billingAccounts).set({ pendingSetupId: setupId, updatedAt: new Date() }).where(eq(billingAccounts.userId, userId));
    },

    /** Cancels at the period's end (dropping a scheduled change: nothing renews) or takes the cancellation back. */
    async setCancelAtPeriodEnd(userId: number, cancel: boolean): Promise<void> {
      await db
        .update(billingAccounts)
        .set({ cancelAtPeriodEnd: cancel, canceledAt: cancel ? new Date() : null, ...(cancel && { scheduledPlanId: null }), updatedAt: new Date() })
        .where(eq(billingAccounts.userId, userId));
    },

    /** The plan the account renews on at the period's end (null: its current plan); the account renews, so a cancellation is taken back. */
    async setScheduledPlan(userId: number, planId: number | null): Promise<void> {
      await db
        .update(billingAccounts)
        .set({ scheduledPlanId: planId, cancelAtPeriodEnd: false, canceledAt: null, updatedAt: new Date() })
        .where(eq(billingAccounts.userId, userId));
    },

    /**
     * Accounts whose paid period has ended and that renew (a plan, a card, not cancelled), except
     * those whose last try of that period's renewal (`lastAttempt`) was declined: they lapsed (a
     * new card and plan start again).
     */
    async dueRenewals(now: Date, limit: number, lastAttempt: number): Promise<BillingAccountRow[]> {
      return db
        .select()
        .from(billingAccounts)
        .where(
          and(
            isNotNull(billingAccounts.planId),
            isNotNull(billingAccounts.paymentMethodId),
            eq(billingAccounts.cancelAtPeriodEnd, false),
            lte(billingAccounts.currentPeriodEnd, now),
            sql`not exists (select 1 from ${billingTransactions} t where t.subject = 'account:' || ${billingAccounts.userId}
              and t.period_start = ${billingAccounts.currentPeriodEnd} and t.kind = 'failure' and t.attempt >= ${lastAttempt})`,
          ),
        )
        .orderBy(asc(billingAccounts.currentPeriodEnd))
        .limit(limit);
    },

    /** The declined tries of a subject's renewal of the period starting at `periodStart`, first to last. */
    async renewalFailures(subject: string, periodStart: Date): Promise<TransactionRow[]> {
      return db
        .select()
        .from(billingTransactions)
        .where(
          and(
            eq(billingTransactions.subject, subject),
            eq(billingTransactions.periodStart, periodStart),
            eq(billingTransactions.kind, 'failure'),
            isNotNull(billingTransactions.attempt),
          ),
        )
        .orderBy(asc(billingTransactions.attempt));
    },

    /** Keeps a user paid until `until` (while a declined renewal waits for its next try). */
    async payUntilAtLeast(userId: number, until: Date): Promise<void> {
      await db
        .update(users)
        .set({ paidUntil: sql`greatest(coalesce(${users.paidUntil}, ${until.toISOString()}::timestamptz), ${until.toISOString()}::timestamptz)`, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },

    /**
     * The account's renewal of the period starting at `periodStart` failed for good: the user is
     * paid only until that period's start (unless the account has moved on to a later period).
     */
    async lapseAccount(userId: number, periodStart: Date): Promise<void> {
      const at = periodStart.toISOString();
      await db
        .update(users)
        .set({ paidUntil: sql`least(coalesce(${users.paidUntil}, ${at}::timestamptz), ${at}::timestamptz)`, updatedAt: new Date() })
        .where(
          and(
            eq(users.id, userId),
            sql`exists (select 1 from ${billingAccounts} a where a.user_id = ${userId} and a.current_period_end = ${at}::timestamptz)`,
          ),
        );
    },

    async transactionByKey(idempotencyKey: string): Promise<TransactionRow | undefined> {
      const [row] = await db.select().from(billingTransactions).where(eq(billingTransactions.idempotencyKey, idempotencyKey));
      return row;
    },

    async transactionByPaymentIntent(paymentIntentId: string, kind: 'charge' | 'failure' = 'charge'): Promise<TransactionRow | undefined> {
      const [row] = await db
        .select()
        .from(billingTransactions)
        .where(and(eq(billingTransactions.paymentIntentId, paymentIntentId), eq(billingTransactions.kind, kind)));
      return row;
    },

    /** The newest succeeded charge of a subject (an order's payment). */
    async paidChargeOf(subject: string): Promise<TransactionRow | undefined> {
      const [row] = await db
        .select()
        .from(billingTransactions)
        .where(and(eq(billingTransactions.subject, subject), eq(billingTransactions.kind, 'charge'), eq(billingTransactions.status, 'succeeded')))
        .orderBy(desc(billingTransactions.id))
        .limit(1);
      return row;
    },

    /** A history row of a user of the company (undefined for another company's). */
    async transactionInCompany(id: number, companyId: number): Promise<TransactionRow | undefined> {
      const [row] = await db
        .select({ t: billingTransactions })
        .from(billingTransactions)
        .innerJoin(users, eq(users.id, billingTransactions.userId))
        .where(and(eq(billingTransactions.id, id), eq(users.companyId, companyId)));
      return row?.t;
    },

    /**
     * Writes a pending refund of a charge unless it would take back more than was paid: in one
     * transaction with the charge locked, what was refunded already (our pending and succeeded
     * refunds, or the vendor's figure if higher) is counted. A refund under the same key is
     * answered as it is. `left` is what could still be refunded when the refund does not fit.
     */
    async reserveRefund(
      chargeId: number,
      entry: NewTransaction & { idempotencyKey: string; amountCents: number },
    ): Promise<{ row: TransactionRow } | { left: number }> {
      return db.transaction(async (tx) => {
        const [charge] = await tx.select().from(billingTransactions).where(eq(billingTransactions.id, chargeId)).for('update');
        if (!charge) return { left: 0 };
        const [again] = await tx.select().from(billingTransactions).where(eq(billingTransactions.idempotencyKey, entry.idempotencyKey));
        if (again) return { row: again };
        const [sum] = await tx
          .select({ n: sql<number>`coalesce(sum(${billingTransactions.amountCents}), 0)::int` })
          .from(billingTransactions)
          .where(and(eq(billingTransactions.refundOf, chargeId), inArray(billingTransactions.status, ['pending', 'succeeded'])));
        const refunded = Math.max(Number(sum?.n ?? 0), charge.refundedCents);
        const left = charge.amountCents - refunded;
        if (entry.amountCents > left) return { left };
        const [row] = await tx.insert(billingTransactions).values({ ...entry, refundOf: chargeId }).returning();
        return { row: row as TransactionRow };
      });
    },

    /** A pending refund done by the vendor (once: a webhook and the API may both say so). */
    async completeRefund(id: number, refundId: string): Promise<TransactionRow> {
      return db.transaction(async (tx) => {
        // the vendor's refund may be in the history already (its webhook came first, without our row's id)
        const [known] = await tx.select().from(billingTransactions).where(eq(billingTransactions.refundId, refundId));
        if (known && known.id !== id) {
          await tx.delete(billingTransactions).where(and(eq(billingTransactions.id, id), eq(billingTransactions.status, 'pending')));
          return known;
        }
        const [row] = await tx
          .update(billingTransactions)
          .set({ status: 'succeeded', refundId, updatedAt: new Date() })
          .where(and(eq(billingTransactions.id, id), eq(billingTransactions.status, 'pending')))
          .returning();
        if (row) return row;
        const [done] = await tx.select().from(billingTransactions).where(eq(billingTransactions.id, id));
        return done as TransactionRow;
      });
    },

    /** A pending refund the vendor refused: it no longer counts against the charge. */
    async failRefund(id: number, message: string): Promise<void> {
      await db
        .update(billingTransactions)
        .set({ status: 'failed', failureMessage: message, updatedAt: new Date() })
        .where(and(eq(billingTransactions.id, id), eq(billingTransactions.status, 'pending')));
    },

    /** What the vendor says was refunded of a payment (charge.refunded); it only grows. Gives the charge. */
    async setRefundedCents(paymentIntentId: string, refundedCents: number): Promise<TransactionRow | undefined> {
      const [row] = await db
        .update(billingTransactions)
        .set({ refundedCents: sql`greatest(${billingTransactions.refundedCents}, ${refundedCents})`, updatedAt: new Date() })
        .where(and(eq(billingTransactions.paymentIntentId, paymentIntentId), eq(billingTransactions.kind, 'charge')))
        .returning();
      return row;
    },

    /** How much of a charge was refunded: the succeeded refunds in the history, or the vendor's figure if higher. */
    async refundedOf(charge: TransactionRow): Promise<number> {
      const [sum] = await db
        .select({ n: sql<number>`coalesce(sum(${billingTransactions.amountCents}), 0)::int` })
        .from(billingTransactions)
        .where(and(eq(billingTransactions.refundOf, charge.id), eq(billingTransactions.status, 'succeeded')));
      return Math.max(Number(sum?.n ?? 0), charge.refundedCents);
    },

    async transaction(id: number): Promise<TransactionRow | undefined> {
      const [row] = await db.select().from(billingTransactions).where(eq(billingTransactions.id, id));
      return row;
    },

    /** Writes a pending charge under its idempotency key; null when that key has one already (another try of it). */
    async insertPending(entry: NewTransaction): Promise<TransactionRow | null> {
      try {
        const [row] = await db.insert(billingTransactions).values(entry).returning();
        return row ?? null;
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
    },

    /** A pending charge declined: it becomes a failure of the history, with the bank's reason. */
    async failCharge(id: number, failure: { code: string; message: string; paymentIntentId: string | null }): Promise<TransactionRow> {
      const [row] = await db
        .update(billingTransactions)
        .set({
          kind: 'failure',
          status: 'failed',
          failureCode: failure.code,
          failureMessage: failure.message,
          paymentIntentId: failure.paymentIntentId,
          updatedAt: new Date(),
        })
        .where(and(eq(billingTransactions.id, id), eq(billingTransactions.status, 'pending')))
        .returning();
      return row ?? ((await this.transaction(id)) as TransactionRow);
    },

    /**
     * A pending charge succeeded: in one transaction, the charge is marked succeeded, the account
     * gets its plan and paid period, and the user is paid until the period's end. Only the first
     * call for a charge changes anything (a webhook arriving after the API did it finds it done).
     */
    async completeCharge(id: number, paymentIntentId: string): Promise<TransactionRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(billingTransactions)
          .set({ status: 'succeeded', paymentIntentId, updatedAt: new Date() })
          .where(and(eq(billingTransactions.id, id), eq(billingTransactions.status, 'pending')))
          .returning();
        if (!row) {
          const [done] = await tx.select().from(billingTransactions).where(eq(billingTransactions.id, id));
          return done as TransactionRow;
        }
        if (row.planId && row.periodStart && row.periodEnd) {
          await tx
            .update(billingAccounts)
            .set({
              planId: row.planId,
              scheduledPlanId: null,
              currentPeriodStart: row.periodStart,
              currentPeriodEnd: row.periodEnd,
              cancelAtPeriodEnd: false,
              canceledAt: null,
              updatedAt: new Date(),
            })
            .where(eq(billingAccounts.userId, row.userId));
          await tx
            .update(users)
            .set({ paidUntil: sql`greatest(coalesce(${users.paidUntil}, ${row.periodEnd.toISOString()}::timestamptz), ${row.periodEnd.toISOString()}::timestamptz)`, updatedAt: new Date() })
            .where(eq(users.id, row.userId));
        }
        return row;
      });
    },

    /** A refund in the history, once per vendor refund id; false when it was there already. */
    async insertRefundOnce(entry: NewTransaction & { refundId: string }): Promise<boolean> {
      const rows = await db.insert(billingTransactions).values(entry).onConflictDoNothing().returning({ id: billingTransactions.id });
      return rows.length === 1;
    },

    async history(userId: number, page: number, limit: number): Promise<{ rows: TransactionRow[]; total: number }> {
      const where = eq(billingTransactions.userId, userId);
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(billingTransactions)
          .where(where)
          .orderBy(desc(billingTransactions.createdAt), desc(billingTransactions.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: sql<number>`count(*)::int` }).from(billingTransactions).where(where),
      ]);
      return { rows, total: Number(count?.n ?? 0) };
    },

    /** Sets a user's granted paid membership; the user as they were and are, or undefined outside the company. */
    async setPaidUser(companyId: number, userId: number, paid: boolean): Promise<{ before: boolean; user: typeof users.$inferSelect } | undefined> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ paidUser: users.paidUser })
          .from(users)
          .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
          .for('update');
        if (!current) return undefined;
        const [user] = await tx.update(users).set({ paidUser: paid, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
        return user && { before: current.paidUser, user };
      });
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;

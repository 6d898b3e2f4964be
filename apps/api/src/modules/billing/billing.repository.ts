import { and, asc, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { accountPlans, billingAccounts, billingTransactions, users } from '../../db/schema';

export type PlanRow = typeof accountPlans.$inferSelect;
export type NewPlan = typeof accountPlans.$inferInsert;
export type BillingAccountRow = typeof billingAccounts.$inferSelect;
export type TransactionRow = typeof billingTransactions.$inferSelect;
export type NewTransaction = typeof billingTransactions.$inferInsert;

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505';

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
          updatedAt: new Date(),
        })
        .where(eq(billingAccounts.userId, userId));
    },

    async setCancelAtPeriodEnd(userId: number, cancel: boolean): Promise<void> {
      await db
        .update(billingAccounts)
        .set({ cancelAtPeriodEnd: cancel, canceledAt: cancel ? new Date() : null, updatedAt: new Date() })
        .where(eq(billingAccounts.userId, userId));
    },

    /**
     * Accounts whose paid period has ended and that renew (a plan, a card, not cancelled), except
     * those whose renewal of that period was declined (they lapse; a new card or plan starts again).
     */
    async dueRenewals(now: Date, limit: number): Promise<BillingAccountRow[]> {
      return db
        .select()
        .from(billingAccounts)
        .where(
          and(
            isNotNull(billingAccounts.planId),
            isNotNull(billingAccounts.paymentMethodId),
            eq(billingAccounts.cancelAtPeriodEnd, false),
            lte(billingAccounts.currentPeriodEnd, now),
            sql`not exists (select 1 from ${billingTransactions} t where t.user_id = ${billingAccounts.userId}
              and t.period_start = ${billingAccounts.currentPeriodEnd} and t.status = 'failed')`,
          ),
        )
        .orderBy(asc(billingAccounts.currentPeriodEnd))
        .limit(limit);
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

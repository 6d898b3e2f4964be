import type { AccountHistoryEntry, AccountInfo, AccountPlan, AccountStatus, PagingMeta } from '@crm/contract';
import { HttpError, notFound, unprocessable } from '../../lib/http-errors';
import { PaymentDeclined, PaymentRequestInvalid, type PaymentsProvider } from '../../providers/payments/payments.provider';
import { STRIPE_SANDBOX_PREFIX } from '../../providers/payments/stripe-settings';
import type { AuditRepository } from '../audit/audit.repository';
import type { Identity, RequestMeta } from '../sessions/identity';
import { fullName, isPaid } from '../users/current-user';
import type { UserRow, UsersRepository } from '../users/users.repository';
import type { BillingAccountRow, BillingRepository, PlanRow, TransactionRow } from './billing.repository';

export const NO_CARD = 'Add a card before choosing a plan';
export const UNKNOWN_PLAN = 'Choose one of the plans';
export const SAME_PLAN = 'You are already on this plan';
export const NOTHING_TO_CANCEL = 'You have no plan to cancel';
export const CARD_NOT_FOUND = 'This card could not be found. Enter it again.';
/** Accounts renewed per run of the renewals job (the next run takes the rest). */
const RENEWAL_BATCH = 200;
export const PAYMENTS_UNAVAILABLE = 'The payment service did not answer. Try again in a moment; you will not be charged twice.';

/** The end of a plan period that starts at `start` (a month or a year later, the same day and time in UTC). */
export function periodEnd(start: Date, interval: string): Date {
  const end = new Date(start);
  if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

export function toPlan(row: PlanRow): AccountPlan {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    amount_cents: row.amountCents,
    currency: row.currency,
    interval: row.interval === 'year' ? 'year' : 'month',
    features: row.features,
  };
}

export function toHistoryEntry(row: TransactionRow): AccountHistoryEntry {
  return {
    id: row.id,
    kind: row.kind as AccountHistoryEntry['kind'],
    status: row.status as AccountHistoryEntry['status'],
    amount_cents: row.amountCents,
    currency: row.currency,
    description: row.description,
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    failure_message: row.failureMessage,
    period_start: row.periodStart?.toISOString() ?? null,
    period_end: row.periodEnd?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The account's state (AccountInfo.status) from the user and their billing account. */
export function accountStatus(user: Pick<UserRow, 'paidUser'>, account: BillingAccountRow | undefined, now = new Date()): AccountStatus {
  if (account?.currentPeriodEnd && account.currentPeriodEnd.getTime() > now.getTime()) return account.cancelAtPeriodEnd ? 'canceling' : 'active';
  if (user.paidUser) return 'granted';
  return account?.planId ? 'lapsed' : 'unpaid';
}

type Deps = { repo: BillingRepository; users: UsersRepository; payments: PaymentsProvider; audit: AuditRepository };

/** What a vendor failure means to the caller: a card refusal on `card`, an unknown card on `payment_method_id`, else 503. */
function vendorFailure(error: unknown): never {
  if (error instanceof PaymentDeclined) throw unprocessable({ card: error.message });
  if (error instanceof PaymentRequestInvalid) {
    if (error.code === 'resource_missing') throw unprocessable({ payment_method_id: CARD_NOT_FOUND });
    throw unprocessable({ card: error.message });
  }
  throw new HttpError(503, { base: PAYMENTS_UNAVAILABLE }, { 'retry-after': '5' });
}

/**
 * The product's own account (spec part 1 §7 "Account"): the card on file (saved through a
 * SetupIntent from a payment method the browser tokenised), the plan charged off-session under an
 * idempotency key, the paid period that `paid_user?` follows, cancellation at the period's end, and
 * the history. Stripe's webhooks reconcile what the API did not get to record (webhook()).
 */
export function createBillingService({ repo, users, payments, audit }: Deps) {
  async function freshUser(userId: number): Promise<UserRow> {
    const user = await users.findById(userId);
    if (!user) throw notFound('User');
    return user;
  }

  async function info(userId: number): Promise<AccountInfo> {
    const [user, account] = await Promise.all([freshUser(userId), repo.account(userId)]);
    const plan = account?.planId ? await repo.plan(account.planId) : undefined;
    const status = accountStatus(user, account);
    const renews = status === 'active' && plan && account?.currentPeriodEnd;
    return {
      'paid_user?': isPaid(user),
      status,
      plan: plan ? toPlan(plan) : null,
      current_period_start: account?.currentPeriodStart?.toISOString() ?? null,
      current_period_end: account?.currentPeriodEnd?.toISOString() ?? null,
      cancel_at_period_end: account?.cancelAtPeriodEnd ?? false,
      next_charge: renews ? { amount_cents: plan.amountCents, currency: plan.currency, date: account.currentPeriodEnd!.toISOString() } : null,
      payment_infos:
        account?.paymentMethodId && account.cardBrand && account.cardLast4
          ? [{ brand: account.cardBrand, last4: account.cardLast4, exp_month: account.cardExpMonth ?? 0, exp_year: account.cardExpYear ?? 0 }]
          : [],
      payments: {
        provider: 'stripe',
        mode: payments.mode,
        publishable_key: payments.publishableKey,
        tokenize_url: payments.mode === 'sandbox' ? `${STRIPE_SANDBOX_PREFIX}/v1/payment_methods` : null,
      },
    };
  }

  /** The user's vendor customer, made once (the same idempotency key for every try). */
  async function customerOf(user: UserRow, correlationId: string | null): Promise<string> {
    const account = await repo.account(user.id);
    if (account?.customerId) return account.customerId;
    const customer = await payments
      .createCustomer({ email: user.email, name: fullName(user), idempotencyKey: `customer-user-${user.id}`, metadata: { user_id: String(user.id) } }, { correlationId })
      .catch(vendorFailure);
    return repo.setCustomer(user.id, customer.id);
  }

  /** A pending charge goes to the vendor (again, under its key: never twice) and is recorded as it ended. */
  async function settle(row: TransactionRow, account: BillingAccountRow, correlationId: string | null): Promise<TransactionRow> {
    if (row.status !== 'pending') return row;
    try {
      const charge = await payments.charge(
        {
          customerId: account.customerId as string,
          paymentMethodId: account.paymentMethodId as string,
          amountCents: row.amountCents,
          currency: row.currency,
          description: row.description,
          idempotencyKey: row.idempotencyKey as string,
          metadata: { user_id: String(row.userId), transaction_id: String(row.id), ...(row.planId && { account_plan_id: String(row.planId) }) },
        },
        { correlationId },
      );
      return await repo.completeCharge(row.id, charge.id);
    } catch (error) {
      if (error instanceof PaymentDeclined) return repo.failCharge(row.id, { code: error.declineCode ?? error.code, message: error.message, paymentIntentId: error.paymentIntentId });
      return vendorFailure(error);
    }
  }

  /** The pending charge under `key`, written now unless a try before wrote it. */
  async function pendingCharge(entry: Parameters<BillingRepository['insertPending']>[0] & { idempotencyKey: string }): Promise<TransactionRow> {
    const row = (await repo.transactionByKey(entry.idempotencyKey)) ?? (await repo.insertPending(entry)) ?? (await repo.transactionByKey(entry.idempotencyKey));
    if (!row) throw new Error('A pending charge vanished');
    return row;
  }

  const periodText = (start: Date, end: Date) => `${start.toISOString().slice(0, 10)} to ${end.toISOString().slice(0, 10)}`;

  return {
    info,

    /**
     * Charges each account whose paid period ended for its next period (the renewals job). Each
     * period's charge has its own idempotency key, written before the vendor is called: a second
     * run, or a run after a worker died mid-way, charges nothing twice. A declined renewal is in the
     * history and the account lapses (the gate closes) until a new card or plan is paid.
     */
    async renewDue(now = new Date(), correlationId: string | null = null): Promise<{ renewed: number; failed: number; unanswered: number }> {
      let renewed = 0;
      let failed = 0;
      // the vendor did not answer for these: still pending, tried again (under the same key) on the next run
      let unanswered = 0;
      for (const account of await repo.dueRenewals(now, RENEWAL_BATCH)) {
        const plan = account.planId ? await repo.plan(account.planId) : undefined;
        if (!plan || !account.currentPeriodEnd) continue;
        const start = account.currentPeriodEnd;
        const end = periodEnd(start, plan.interval);
        const row = await pendingCharge({
          userId: account.userId,
          kind: 'charge',
          status: 'pending',
          amountCents: plan.amountCents,
          currency: plan.currency,
          description: `${plan.name} renewal (${periodText(start, end)})`,
          planId: plan.id,
          periodStart: start,
          periodEnd: end,
          idempotencyKey: `account-renewal-${account.userId}-${start.toISOString()}`,
          cardBrand: account.cardBrand,
          cardLast4: account.cardLast4,
        });
        const settled = await settle(row, account, correlationId).catch((error: unknown) => {
          if (error instanceof HttpError && error.status === 503) return null;
          throw error;
        });
        if (!settled) unanswered += 1;
        else if (settled.status === 'succeeded') renewed += 1;
        else failed += 1;
      }
      return { renewed, failed, unanswered };
    },

    /**
     * The user's vendor customer and saved card, for other modules' off-session charges through
     * PaymentsProvider.charge (dialer and SMS orders, subscriptions); null while no card is on file.
     */
    async chargeableCard(userId: number): Promise<{ customerId: string; paymentMethodId: string; brand: string | null; last4: string | null } | null> {
      const account = await repo.account(userId);
      if (!account?.customerId || !account.paymentMethodId) return null;
      return { customerId: account.customerId, paymentMethodId: account.paymentMethodId, brand: account.cardBrand, last4: account.cardLast4 };
    },

    async plans(): Promise<AccountPlan[]> {
      return (await repo.activePlans()).map(toPlan);
    },

    /** Saves the tokenised card for off-session charges (a SetupIntent); a decline is 422 on `card`. */
    async connectCard(identity: Identity, paymentMethodId: string, correlationId: string | null): Promise<AccountInfo> {
      const user = await freshUser(identity.user.id);
      const customerId = await customerOf(user, correlationId);
      const previous = (await repo.account(user.id))?.paymentMethodId;
      const card = await payments
        .saveCard({ customerId, paymentMethodId, idempotencyKey: `setup-user-${user.id}-${paymentMethodId}` }, { correlationId })
        .catch(vendorFailure);
      await repo.setCard(user.id, card);
      if (previous && previous !== paymentMethodId) await payments.detachCard(previous, { correlationId }).catch(() => undefined);
      return info(user.id);
    },

    /**
     * Charges the plan's first period to the card on file and makes the account paid for it. The
     * charge's idempotency key comes from the request's Idempotency-Key (a retry of the request
     * charges nothing more, even when the first try's answer was lost after the vendor charged), or
     * without one from the account's state.
     */
    async updatePlan(
      identity: Identity,
      planId: number,
      requestKey: string | null,
      correlationId: string | null,
    ): Promise<{ data: AccountInfo; charge: AccountHistoryEntry | null }> {
      const userId = identity.user.id;
      const plan = await repo.plan(planId);
      if (!plan?.active) throw unprocessable({ plan_id: UNKNOWN_PLAN });
      const account = await repo.account(userId);
      if (!account?.paymentMethodId || !account.customerId) throw unprocessable({ card: NO_CARD });
      // Without an Idempotency-Key the account's state names the charge: two clicks on the same plan
      // from the same state (card, paid period) are one charge; a new card or period is a new one.
      const key = requestKey
        ? `account-plan-${userId}-key-${requestKey}`
        : `account-plan-${userId}-plan-${plan.id}-${account.paymentMethodId}-${account.currentPeriodEnd?.toISOString() ?? 'none'}`;
      let row = await repo.transactionByKey(key);
      if (!row) {
        const status = accountStatus(identity.user, account);
        if (account.planId === plan.id && (status === 'active' || status === 'canceling')) {
          if (status === 'active') throw unprocessable({ plan_id: SAME_PLAN });
          // cancelled, same plan again: it simply goes on at the period's end
          await repo.setCancelAtPeriodEnd(userId, false);
          return { data: await info(userId), charge: null };
        }
        const start = new Date();
        const end = periodEnd(start, plan.interval);
        row = await pendingCharge({
          userId,
          kind: 'charge',
          status: 'pending',
          amountCents: plan.amountCents,
          currency: plan.currency,
          description: `${plan.name} (${periodText(start, end)})`,
          planId: plan.id,
          periodStart: start,
          periodEnd: end,
          idempotencyKey: key,
          cardBrand: account.cardBrand,
          cardLast4: account.cardLast4,
        });
      }
      const settled = await settle(row, account, correlationId);
      if (settled.status === 'failed') throw unprocessable({ card: settled.failureMessage ?? 'Your card was declined.' });
      return { data: await info(userId), charge: toHistoryEntry(settled) };
    },

    async cancel(identity: Identity): Promise<AccountInfo> {
      const account = await repo.account(identity.user.id);
      if (accountStatus(identity.user, account) !== 'active') throw unprocessable({ base: NOTHING_TO_CANCEL });
      await repo.setCancelAtPeriodEnd(identity.user.id, true);
      return info(identity.user.id);
    },

    async history(userId: number, page: number, limit: number): Promise<{ data: AccountHistoryEntry[]; meta: PagingMeta }> {
      const { rows, total } = await repo.history(userId, page, limit);
      return { data: rows.map(toHistoryEntry), meta: { current_page: page, limit, total_count: total, total_pages: Math.ceil(total / limit) } };
    },

    /** Grants (or takes back) a user's paid membership by hand: an administrator of the user's company; audited. */
    async setPaidMembership(admin: Identity, userId: number, paid: boolean, meta: RequestMeta) {
      const changed = await repo.setPaidUser(admin.user.companyId, userId, paid);
      if (!changed) throw notFound('User');
      await audit.record({
        event: 'paid_membership_changed',
        userId,
        actorUserId: admin.user.id,
        ip: meta.ip,
        userAgent: meta.userAgent,
        details: { from: changed.before, to: paid },
      });
      const account = await repo.account(userId);
      return { data: { id: userId, 'paid_user?': isPaid(changed.user), status: accountStatus(changed.user, account) } };
    },

    /**
     * Stripe's events (processed by the webhook job; each may come more than once or late):
     * a payment that succeeded or failed while the API did not get to record it is recorded; a
     * refund (made here or on Stripe's dashboard) enters the history once.
     */
    async webhook(event: { type: string; payload: Record<string, unknown> }): Promise<void> {
      const object = ((event.payload.data as { object?: Record<string, unknown> } | undefined)?.object ?? {}) as Record<string, unknown>;
      const metadata = (object.metadata ?? {}) as Record<string, string>;
      const transactionId = Number(metadata.transaction_id);
      const pending = async () => (Number.isInteger(transactionId) && transactionId > 0 ? repo.transaction(transactionId) : undefined);
      if (event.type === 'payment_intent.succeeded') {
        const row = await pending();
        if (row?.status === 'pending') await repo.completeCharge(row.id, String(object.id));
      } else if (event.type === 'payment_intent.payment_failed') {
        const row = await pending();
        const failure = (object.last_payment_error ?? {}) as { code?: string; decline_code?: string; message?: string };
        if (row?.status === 'pending') {
          await repo.failCharge(row.id, { code: failure.decline_code ?? failure.code ?? 'card_declined', message: failure.message ?? 'Your card was declined.', paymentIntentId: String(object.id) });
        }
      } else if (event.type === 'refund.created' || event.type === 'refund.updated') {
        if (typeof object.payment_intent !== 'string' || typeof object.id !== 'string' || object.status === 'failed') return;
        const charge = await repo.transactionByPaymentIntent(object.payment_intent);
        if (!charge) return;
        await repo.insertRefundOnce({
          userId: charge.userId,
          kind: 'refund',
          status: 'succeeded',
          amountCents: Number(object.amount),
          currency: String(object.currency ?? charge.currency),
          description: `Refund: ${charge.description}`,
          planId: charge.planId,
          refundId: object.id,
          paymentIntentId: object.payment_intent,
          cardBrand: charge.cardBrand,
          cardLast4: charge.cardLast4,
        });
      }
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;

import type { AccountHistoryEntry, AccountInfo, AccountPlan, AccountStatus, PagingMeta, PlanQuote } from '@crm/contract';
import type { BrandConfig } from '@crm/brand-config';
import { cardText, formatCents, formatPeriod, formatPeriodDate } from '@crm/util';
import { forbidden, HttpError, NotConfigured, notFound, unprocessable } from '../../lib/http-errors';
import type { Features } from '../feature-flags/feature-flags.service';
import { PaymentDeclined, PaymentRequestInvalid, type PaymentCard, type PaymentEvent, type PaymentsProvider } from '../../vendors/payments/payments.provider';
import type { AccountNotices } from '../account-notices/account-notices.service';
import type { AuditRepository } from '../audit/audit.repository';
import type { Identity, RequestMeta } from '../sessions/identity';
import { fullName, isAdmin, isPaid } from '../users/current-user';
import type { UserRow, UsersRepository } from '../users/users.repository';
import type { BillingAccountRow, BillingRepository, NewTransaction, PlanRow, TransactionRow } from './billing.repository';
import { LAST_ATTEMPT, renewalKey, retryAt, RETRY_SLACK_MS, type ChargeSubject, type Renewal } from './renewals';

export const NO_CARD = 'Add a card before choosing a plan';
export const UNKNOWN_PLAN = 'Choose one of the plans';
export const SAME_PLAN = 'You are already on this plan';
/** The 422 of choosing again the plan a change is already scheduled to. */
export const alreadyScheduled = (date: Date) => `Your plan changes to this one on ${formatPeriodDate(date)} already`;
/** The 409 of a Pay whose amount (expected_amount_cents) the quote no longer matches. */
export const quoteChanged = (cents: number, currency = 'usd') =>
  `The amount due is now ${formatCents(cents, currency)}. Review it and pay again; nothing was charged.`;
export const NOTHING_TO_CANCEL = 'You have no plan to cancel';
export const CARD_NOT_FOUND = 'This card could not be found. Enter it again.';
/** Accounts renewed per run of the renewals job (the next run takes the rest). */
const RENEWAL_BATCH = 200;
export const NOT_REFUNDABLE = 'Only a payment that went through can be refunded';
export const NOTHING_TO_REFUND = 'This payment has been refunded in full';
export const NO_CARD_ON_FILE = 'There is no card on file.';
/** The 422 of a refund above what is left of the payment. */
export const refundTooLarge = (leftCents: number, currency = 'usd') =>
  `A refund cannot be more than was paid: ${formatCents(leftCents, currency)} of this payment is left to refund`;
export const PAYMENTS_UNAVAILABLE = 'The payment service did not answer. Try again in a moment; you will not be charged twice.';

/** The end of a plan period that starts at `start` (a month or a year later, the same day and time in UTC). */
export function periodEnd(start: Date, interval: string): Date {
  const end = new Date(start);
  if (interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/**
 * What every account plan gives a user of a brand: the product's screens their flags open (the
 * account plan gates none of them). Only what exists is named: no calendar, reports or browser
 * dialer; dialer and SMS licences only where the brand's flags give them to the user.
 */
export function planFeatures(brand: Pick<BrandConfig, 'supportEmail'>, flags: Features): string[] {
  const features = ['Contacts with notes, policies, securities and files', 'Contact import and export'];
  if (flags.contact_merge) features.push('Duplicate scan and merge');
  if (flags.transfer_log) features.push('Contact transfers and their log');
  if (flags.mailer_assignment) features.push('Mailer assignment');
  if (flags.import_lead_tracking) features.push('Lead tracking on imports');
  const products = [flags.dialer && 'dialer', flags.sms && 'SMS'].filter(Boolean);
  if (products.length) {
    const names = products.join(' and ');
    features.push(`${names.charAt(0).toUpperCase()}${names.slice(1)} licences, ordered and billed separately`);
  }
  features.push(`E-mail support at ${brand.supportEmail}`);
  return features;
}

/** A plan as the API gives it; `features` is what the brand and flags give (planFeatures) and then the plan's own. */
export function toPlan(row: PlanRow, given: readonly string[] = []): AccountPlan {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    amount_cents: row.amountCents,
    currency: row.currency,
    interval: row.interval === 'year' ? 'year' : 'month',
    features: [...given, ...row.features],
  };
}

const DAY_MS = 86_400_000;
/** Whole calendar days (UTC, as periods are computed) from `from`'s date to `to`'s. */
const daysBetween = (from: Date, to: Date) =>
  Math.round((Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate()) - Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate())) / DAY_MS);
const months = (plan: Pick<PlanRow, 'interval'>) => (plan.interval === 'year' ? 12 : 1);

/** What the quote needs: the account's state, its plans, the chosen one, the clock. */
export type QuoteInput = {
  status: AccountStatus;
  account: Pick<BillingAccountRow, 'currentPeriodStart' | 'currentPeriodEnd' | 'cancelAtPeriodEnd'> | undefined;
  current: PlanRow | undefined;
  scheduled: PlanRow | undefined;
  plan: PlanRow;
  now: Date;
};

/**
 * The one quote of a plan change (PlanQuote in the contract): the review page shows it and
 * update_plan charges it. A longer or dearer plan starts now, charged less a credit for the unused
 * days of the paid period (days, not seconds, so the quote holds all day; the current plan's amount
 * times unused over total days, rounded to the cent, as Stripe's proration credits unused time); a
 * shorter or cheaper plan (or one the credit would cover) starts at the period's end.
 */
export function quotePlanChange({ status, account, current, scheduled, plan, now }: QuoteInput): PlanQuote {
  const running = (status === 'active' || status === 'canceling') && current && account?.currentPeriodStart && account.currentPeriodEnd;
  const base = {
    plan: toPlan(plan),
    current_plan: running ? toPlan(current) : null,
    credit_cents: 0,
    unused_days: 0,
    period_days: 0,
    currency: plan.currency,
    paid_until: running ? account.currentPeriodEnd!.toISOString() : null,
  };
  const renewal = (renewing: PlanRow, date: Date) => ({ amount_cents: renewing.amountCents, currency: renewing.currency, date: date.toISOString() });
  const now_ = (amountDue: number, action: 'subscribe' | 'upgrade', credit: Partial<PlanQuote> = {}): PlanQuote => {
    const end = periodEnd(now, plan.interval);
    return {
      ...base,
      ...credit,
      action,
      effective: 'now',
      confirmable: true,
      amount_due_cents: amountDue,
      period_start: now.toISOString(),
      period_end: end.toISOString(),
      next_charge: renewal(plan, end),
    };
  };
  if (!running) return now_(plan.amountCents, 'subscribe');
  const start = account.currentPeriodStart!;
  const end = account.currentPeriodEnd!;
  const none = { effective: 'none' as const, confirmable: false, amount_due_cents: 0, period_start: null, period_end: null };
  const atEnd = (action: PlanQuote['action'], renewing: PlanRow | null): PlanQuote => ({
    ...base,
    action,
    effective: 'period_end',
    confirmable: true,
    amount_due_cents: 0,
    period_start: renewing === plan ? end.toISOString() : null,
    period_end: renewing === plan ? periodEnd(end, plan.interval).toISOString() : null,
    next_charge: renewing ? renewal(renewing, end) : null,
  });
  if (plan.id === current.id) {
    if (status === 'canceling') return atEnd('resume', current);
    if (scheduled) return { ...atEnd('keep', current), period_start: null, period_end: null };
    return { ...base, ...none, action: 'current', next_charge: renewal(current, end) };
  }
  if (scheduled?.id === plan.id && status === 'active') {
    return { ...base, ...none, action: 'scheduled', period_start: end.toISOString(), period_end: periodEnd(end, plan.interval).toISOString(), next_charge: renewal(plan, end) };
  }
  const longerOrDearer = months(plan) !== months(current) ? months(plan) > months(current) : plan.amountCents > current.amountCents;
  const periodDays = Math.max(1, daysBetween(start, end));
  const unusedDays = Math.min(periodDays, Math.max(0, daysBetween(now, end)));
  const credit = Math.round((current.amountCents * unusedDays) / periodDays);
  if (longerOrDearer && plan.amountCents > credit) {
    return now_(plan.amountCents - credit, 'upgrade', { credit_cents: credit, unused_days: unusedDays, period_days: periodDays });
  }
  return atEnd('downgrade', plan);
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
export function accountStatus(user: Pick<UserRow, 'paidUser' | 'paidUntil'>, account: BillingAccountRow | undefined, now = new Date()): AccountStatus {
  if (account?.currentPeriodEnd && account.currentPeriodEnd.getTime() > now.getTime()) return account.cancelAtPeriodEnd ? 'canceling' : 'active';
  if (user.paidUser) return 'granted';
  if (!account?.planId) return 'unpaid';
  // paid past the period's end: a declined renewal waiting for its next try (renewals.ts)
  return !account.cancelAtPeriodEnd && isPaid({ paidUser: false, paidUntil: user.paidUntil }, now) ? 'past_due' : 'lapsed';
}

type Deps = {
  repo: BillingRepository;
  users: UsersRepository;
  payments: PaymentsProvider;
  audit: AuditRepository;
  /** Receipts and dunning e-mails to the payer (none in tests that do not need them). */
  notices?: Pick<AccountNotices, 'paymentReceipt' | 'paymentFailed'>;
};

/** Who refunds: an administrator (of the payer's company). */
type Actor = Pick<Identity, 'user' | 'roles'>;

/**
 * An administrator's refund: `amountCents` of the payment (default: all that is left), a reason for
 * the audit log, the request's Idempotency-Key (a repeat under it is the same refund) and our id of
 * the request for the vendor call log.
 */
export type RefundRequest = { amountCents?: number | undefined; reason?: string | undefined; requestKey: string | null; correlationId?: string | null };

/** A charge of a payer's card on file for a subject, under its idempotency key. */
export type SubjectCharge = {
  userId: number;
  subject: string;
  idempotencyKey: string;
  amountCents: number;
  currency: string;
  description: string;
  planId?: number | null;
  periodStart?: Date | null;
  periodEnd?: Date | null;
  /** A renewal's try (0 at the period's end, then the retries); undefined for other charges. */
  attempt?: number;
  /** The payer asked for it at the screen (an on-session payment their bank may ask them to authenticate); a renewal never. */
  customerPresent?: boolean;
};

/**
 * A charge as it stands after the vendor was asked: `authenticate` when it waits for the customer
 * to authenticate with their bank (3-D Secure; the row stays pending until the vendor's webhook
 * says how it ended), with the client secret for Stripe.js.
 */
export type SettledCharge = TransactionRow & { authenticate?: { clientSecret: string } };

/** What a vendor failure means to the caller: a card refusal on `card`, an unknown card on `payment_method_id`, else 503. */
function vendorFailure(error: unknown): never {
  if (error instanceof NotConfigured) throw error;
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
 * the history. Every other payment goes through here too (chargeSubject: dialer and SMS orders),
 * and every subscription renews in one engine (renewDue, with dunning); refunds are capped at what
 * was paid. Stripe's webhooks reconcile what the API did not get to record (webhook()).
 */
export function createBillingService({ repo, users, payments, audit, notices }: Deps) {
  const subjects = new Map<string, ChargeSubject>();
  const subjectOf = (row: TransactionRow) => (row.subject ? subjects.get(row.subject.split(':')[0] as string) : undefined);

  async function freshUser(userId: number): Promise<UserRow> {
    const user = await users.findById(userId);
    if (!user) throw notFound('User');
    return user;
  }

  async function info(userId: number): Promise<AccountInfo> {
    const [user, account] = await Promise.all([freshUser(userId), repo.account(userId)]);
    const [plan, scheduled] = await Promise.all([
      account?.planId ? repo.plan(account.planId) : undefined,
      account?.scheduledPlanId ? repo.plan(account.scheduledPlanId) : undefined,
    ]);
    const status = accountStatus(user, account);
    const renewing = scheduled ?? plan;
    const renews = status === 'active' && renewing && account?.currentPeriodEnd;
    return {
      'paid_user?': isPaid(user),
      status,
      plan: plan ? toPlan(plan) : null,
      current_period_start: account?.currentPeriodStart?.toISOString() ?? null,
      current_period_end: account?.currentPeriodEnd?.toISOString() ?? null,
      cancel_at_period_end: account?.cancelAtPeriodEnd ?? false,
      scheduled_plan: scheduled && status === 'active' ? toPlan(scheduled) : null,
      next_charge: renews ? { amount_cents: renewing.amountCents, currency: renewing.currency, date: account.currentPeriodEnd!.toISOString() } : null,
      payment_infos:
        account?.paymentMethodId && account.cardBrand && account.cardLast4
          ? [{ brand: account.cardBrand, last4: account.cardLast4, exp_month: account.cardExpMonth ?? 0, exp_year: account.cardExpYear ?? 0 }]
          : [],
      payments: {
        provider: 'stripe',
        mode: payments.mode,
        publishable_key: payments.publishableKey,
        stripe_js_url: payments.stripeJsUrl,
        unavailable: payments.unavailable,
      },
    };
  }

  /** A saved card becomes the one on file (any setup still waiting is dropped); the card it replaces is detached from the customer. */
  async function putCardOnFile(userId: number, card: PaymentCard, correlationId: string | null): Promise<void> {
    const previous = (await repo.account(userId))?.paymentMethodId;
    await repo.setCard(userId, card);
    if (previous && previous !== card.paymentMethodId) await payments.detachCard(previous, { correlationId }).catch(() => undefined);
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

  /**
   * The effects of a charge's outcome on what it paid for (ChargeSubject) and the payer's e-mail: a
   * receipt for a payment; for a declined renewal, the next try's date (kept going till then) or,
   * after the last, the lapse. Safe to run again for the same row (each e-mail goes once).
   */
  async function outcome(row: TransactionRow): Promise<void> {
    const subject = subjectOf(row);
    if (row.kind === 'charge' && row.status === 'succeeded') {
      await subject?.paid?.(row);
      await notify(row, null);
    } else if (row.kind === 'failure' && row.status === 'failed') {
      if (row.attempt === null || !row.periodStart) {
        await subject?.declined?.(row);
        return;
      }
      const next = retryAt(row.periodStart, row.attempt + 1);
      if (next) await subject?.grace?.(row, new Date(next.getTime() + RETRY_SLACK_MS));
      else await subject?.lapse?.(row);
      await notify(row, next);
    }
  }

  async function notify(row: TransactionRow, retry: Date | null): Promise<void> {
    const user = notices && (await users.findById(row.userId));
    if (!notices || !user) return;
    const payment = {
      amountCents: row.amountCents,
      currency: row.currency,
      card: row.cardBrand && row.cardLast4 ? cardText({ brand: row.cardBrand, last4: row.cardLast4 }) : null,
      description: row.description,
      at: row.updatedAt,
    };
    if (row.status === 'succeeded') await notices.paymentReceipt(user, payment, `billing-receipt-${row.id}`);
    else await notices.paymentFailed(user, { ...payment, reason: row.failureMessage ?? 'Your card was declined.', retryAt: retry }, `billing-failure-${row.id}`);
  }

  /**
   * A pending charge goes to the vendor (again, under its key: never twice) and is recorded as it
   * ended, with its outcome's effects; a charge found settled already has them (re)applied.
   */
  async function settle(row: TransactionRow, account: BillingAccountRow, correlationId: string | null, customerPresent = false): Promise<SettledCharge> {
    if (row.status !== 'pending') {
      await outcome(row);
      return row;
    }
    let settled: TransactionRow;
    try {
      const charge = await payments.charge(
        {
          customerId: account.customerId as string,
          paymentMethodId: account.paymentMethodId as string,
          amountCents: row.amountCents,
          currency: row.currency,
          description: row.description,
          idempotencyKey: row.idempotencyKey as string,
          customerPresent,
          metadata: {
            user_id: String(row.userId),
            transaction_id: String(row.id),
            ...(row.planId && { account_plan_id: String(row.planId) }),
            ...(row.subject && { subject: row.subject }),
          },
        },
        { correlationId },
      );
      // waiting for the customer's bank: nothing is paid until the vendor's webhook says so (paymentEvent)
      if (charge.status === 'requires_action') return { ...row, authenticate: { clientSecret: charge.clientSecret } };
      settled = await repo.completeCharge(row.id, charge.id);
    } catch (error) {
      if (!(error instanceof PaymentDeclined)) return vendorFailure(error);
      settled = await repo.failCharge(row.id, { code: error.declineCode ?? error.code, message: error.message, paymentIntentId: error.paymentIntentId });
    }
    await outcome(settled);
    return settled;
  }

  /**
   * Charges a payer's card on file for a subject (an order, a renewal) under the charge's
   * idempotency key, written pending before the vendor is called. Without a card, an order waits
   * (null) and a renewal's try is declined (it is tried again on the dunning schedule).
   */
  async function chargeSubject(entry: SubjectCharge, correlationId: string | null): Promise<SettledCharge | null> {
    const account = await repo.account(entry.userId);
    const chargeable = Boolean(account?.customerId && account.paymentMethodId);
    if (!chargeable && entry.attempt === undefined) return null;
    const { customerPresent, ...charged } = entry;
    const row = await pendingCharge({
      ...charged,
      kind: 'charge',
      status: 'pending',
      attempt: entry.attempt ?? null,
      cardBrand: account?.cardBrand ?? null,
      cardLast4: account?.cardLast4 ?? null,
    });
    if (account && chargeable) return settle(row, account, correlationId, customerPresent);
    if (row.status !== 'pending') return row;
    const failed = await repo.failCharge(row.id, { code: 'no_card', message: NO_CARD_ON_FILE, paymentIntentId: null });
    await outcome(failed);
    return failed;
  }

  /** The account plan's renewals and their dunning (the subject `account:<user id>`). */
  const accountSubject: ChargeSubject = {
    prefix: 'account',
    async due(now, limit) {
      const due: Renewal[] = [];
      for (const account of await repo.dueRenewals(now, limit, LAST_ATTEMPT)) {
        // a change scheduled for the period's end (a downgrade) is what renews
        const planId = account.scheduledPlanId ?? account.planId;
        const plan = planId ? await repo.plan(planId) : undefined;
        if (!plan || !account.currentPeriodEnd) continue;
        const start = account.currentPeriodEnd;
        const end = periodEnd(start, plan.interval);
        due.push({
          subject: `account:${account.userId}`,
          payerId: account.userId,
          amountCents: plan.amountCents,
          currency: plan.currency,
          description: `${plan.name} renewal (${formatPeriod(start, end)})`,
          planId: plan.id,
          periodStart: start,
          periodEnd: end,
        });
      }
      return due;
    },
    // paid: the account's period and paid_until move in the charge's own transaction (completeCharge)
    grace: (failure, until) => repo.payUntilAtLeast(failure.userId, until),
    lapse: (failure) => repo.lapseAccount(failure.userId, failure.periodStart as Date),
  };
  subjects.set(accountSubject.prefix, accountSubject);

  /** Refunds `amountCents` (default: what is left) of a succeeded charge, never above what was paid; audited. */
  async function refundCharge(actor: Actor, charge: TransactionRow, { amountCents, reason, requestKey, correlationId }: RefundRequest, meta: RequestMeta): Promise<TransactionRow> {
    if (charge.kind !== 'charge' || charge.status !== 'succeeded' || !charge.paymentIntentId) throw unprocessable({ base: NOT_REFUNDABLE });
    const already = await repo.refundedOf(charge);
    if (already >= charge.amountCents) throw unprocessable({ amount_cents: NOTHING_TO_REFUND });
    const amount = amountCents ?? charge.amountCents - already;
    // without an Idempotency-Key the charge's refunded state names the refund: a double click is one refund;
    // the client's key is the caller's own (as the API's are), so two administrators' keys never meet at the vendor
    const key = requestKey ? `refund-${charge.id}-by-${actor.user.id}-key-${requestKey}` : `refund-${charge.id}-after-${already}-${amount}`;
    const reserved = await repo.reserveRefund(charge.id, {
      userId: charge.userId,
      kind: 'refund',
      status: 'pending',
      amountCents: amount,
      currency: charge.currency,
      description: `Refund: ${charge.description}`,
      planId: charge.planId,
      subject: charge.subject,
      paymentIntentId: charge.paymentIntentId,
      cardBrand: charge.cardBrand,
      cardLast4: charge.cardLast4,
      idempotencyKey: key,
    });
    if ('left' in reserved) throw unprocessable({ amount_cents: refundTooLarge(reserved.left, charge.currency) });
    let row = reserved.row;
    if (row.status !== 'pending') return row;
    try {
      const refund = await payments.refund(
        { paymentIntentId: charge.paymentIntentId, amountCents: amount, idempotencyKey: key, metadata: { transaction_id: String(row.id), refund_of: String(charge.id) } },
        { correlationId: correlationId ?? null },
      );
      row = await repo.completeRefund(row.id, refund.id);
    } catch (error) {
      if (error instanceof PaymentRequestInvalid) {
        await repo.failRefund(row.id, error.message);
        throw unprocessable({ amount_cents: error.message });
      }
      // no answer: the refund stays pending (counted against the payment) until a retry under the same key or the vendor's webhook settles it
      return vendorFailure(error);
    }
    await audit.record({
      event: 'payment_refunded',
      userId: charge.userId,
      actorUserId: actor.user.id,
      ip: meta.ip,
      userAgent: meta.userAgent,
      details: { charge_id: charge.id, refund_id: row.id, amount_cents: amount, subject: charge.subject, ...(reason && { reason }) },
    });
    await subjectOf(charge)?.refunded?.(charge, await repo.refundedOf(charge));
    return row;
  }

  /** The vendor says this payment succeeded for exactly what the charge asked. */
  const paidInFull = (payment: { amountCents: number; currency: string }, row: TransactionRow) =>
    payment.amountCents === row.amountCents && payment.currency === row.currency.toLowerCase();

  /** A refund the vendor made of this charge, in its currency, never above what was charged. */
  const refundFits = (refund: { amountCents: number; currency: string }, charge: TransactionRow) =>
    refund.amountCents > 0 && refund.amountCents <= charge.amountCents && (refund.currency === '' || refund.currency === charge.currency.toLowerCase());

  const onlyAdmins = (actor: Actor) => {
    if (!isAdmin(actor.roles)) throw forbidden();
  };

  /** The pending charge under `key`, written now unless a try before wrote it. */
  async function pendingCharge(entry: NewTransaction & { idempotencyKey: string }): Promise<TransactionRow> {
    const row = (await repo.transactionByKey(entry.idempotencyKey)) ?? (await repo.insertPending(entry)) ?? (await repo.transactionByKey(entry.idempotencyKey));
    if (!row) throw new Error('A pending charge vanished');
    return row;
  }


  /** The quote of choosing `planId` now (quotePlanChange), with what it was computed from. */
  async function quoteFor(identity: Identity, planId: number, now = new Date()) {
    const userId = identity.user.id;
    const plan = await repo.plan(planId);
    if (!plan?.active) throw unprocessable({ plan_id: UNKNOWN_PLAN });
    const [user, account] = await Promise.all([freshUser(userId), repo.account(userId)]);
    const [current, scheduled] = await Promise.all([
      account?.planId ? repo.plan(account.planId) : undefined,
      account?.scheduledPlanId ? repo.plan(account.scheduledPlanId) : undefined,
    ]);
    const status = accountStatus(user, account, now);
    return { plan, account, current, quote: quotePlanChange({ status, account, current, scheduled, plan, now }) };
  }

  return {
    info,

    /**
     * The renewals job: charges every subscription (the account plan, and each ChargeSubject that
     * renews, such as dialer and SMS subscriptions) whose paid period ended by `now`, once per
     * period. Each try has its own idempotency key (subject, period, attempt), written pending
     * before the vendor is called: a second run, or a run after a worker died mid-way, charges
     * nothing twice. A declined try is tried again RETRY_AFTER_DAYS after the period's end, the
     * payer e-mailed each time; after the last, the subscription lapses. `now` is the clock.
     */
    async renewDue(now = new Date(), correlationId: string | null = null): Promise<{ renewed: number; failed: number; unanswered: number }> {
      let renewed = 0;
      let failed = 0;
      // the vendor did not answer for these: still pending, tried again (under the same key) on the next run
      let unanswered = 0;
      for (const subject of subjects.values()) {
        for (const due of (await subject.due?.(now, RENEWAL_BATCH)) ?? []) {
          const failures = await repo.renewalFailures(due.subject, due.periodStart);
          const attempt = failures.length;
          if (attempt > LAST_ATTEMPT) {
            // the last try was declined but what it paid for is still due: a worker died before the lapse
            await outcome(failures[attempt - 1] as TransactionRow);
            continue;
          }
          const at = attempt === 0 ? due.periodStart : retryAt(due.periodStart, attempt);
          if (!at || at.getTime() > now.getTime()) continue;
          const settled = await chargeSubject(
            {
              userId: due.payerId,
              subject: due.subject,
              idempotencyKey: renewalKey(due.subject, due.periodStart, attempt),
              amountCents: due.amountCents,
              currency: due.currency,
              description: due.description,
              planId: due.planId,
              periodStart: due.periodStart,
              periodEnd: due.periodEnd,
              attempt,
            },
            correlationId,
          ).catch((error: unknown) => {
            if (error instanceof HttpError && error.status === 503) return null;
            throw error;
          });
          if (!settled || settled.status === 'pending') unanswered += 1;
          else if (settled.status === 'succeeded') renewed += 1;
          else failed += 1;
        }
      }
      return { renewed, failed, unanswered };
    },

    /** Adds what a kind of charge pays for (its outcome's effects, and its renewals if it renews). */
    registerSubject(subject: ChargeSubject): void {
      subjects.set(subject.prefix, subject);
    },

    chargeSubject,

    /**
     * A payment of a user's account history refunded by an administrator of the payer's company
     * (404 outside it, or when the payment is not that user's).
     */
    async refundPayment(actor: Actor, userId: number, transactionId: number, request: RefundRequest, meta: RequestMeta) {
      onlyAdmins(actor);
      const charge = await repo.transactionInCompany(transactionId, actor.user.companyId);
      if (!charge || charge.userId !== userId) throw notFound('Payment');
      return toHistoryEntry(await refundCharge(actor, charge, request, meta));
    },

    /**
     * Refunds the payment of a subject (`order:<id>`), for a module that checked the caller's
     * reach to it: 422 when nothing was paid by card for it.
     */
    async refundSubject(actor: Actor, subject: string, request: RefundRequest, meta: RequestMeta) {
      onlyAdmins(actor);
      const charge = await repo.paidChargeOf(subject);
      if (!charge) throw unprocessable({ base: NOT_REFUNDABLE });
      return toHistoryEntry(await refundCharge(actor, charge, request, meta));
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

    /** The plans, each described by what the caller's brand and flags give (planFeatures) and then its own features. */
    async plans(brand: Pick<BrandConfig, 'supportEmail'>, flags: Features): Promise<AccountPlan[]> {
      const given = planFeatures(brand, flags);
      return (await repo.activePlans()).map((row) => toPlan(row, given));
    },

    /** What choosing the plan would do now (GET /v1/accounts/plan_quote): the quote update_plan acts on. */
    async planQuote(identity: Identity, planId: number): Promise<PlanQuote> {
      return (await quoteFor(identity, planId)).quote;
    },

    /**
     * Saves the tokenised card for off-session charges (a SetupIntent); a decline is 422 on `card`.
     * A card whose bank asks the customer to authenticate (3-D Secure) is not on file yet: the
     * answer's `requires_action` gives the browser the client secret, the setup is remembered as
     * the one waiting, and the card goes on file when the vendor reports it succeeded (cardReady).
     */
    async connectCard(identity: Identity, paymentMethodId: string, correlationId: string | null): Promise<{ data: AccountInfo; requires_action: { client_secret: string } | null }> {
      const user = await freshUser(identity.user.id);
      const customerId = await customerOf(user, correlationId);
      const setup = await payments
        .saveCard({ customerId, paymentMethodId, idempotencyKey: `setup-user-${user.id}-${paymentMethodId}`, reference: user.id }, { correlationId })
        .catch(vendorFailure);
      if (setup.status === 'requires_action') {
        await repo.setPendingSetup(user.id, setup.setupId);
        return { data: await info(user.id), requires_action: { client_secret: setup.clientSecret } };
      }
      await putCardOnFile(user.id, setup.card, correlationId);
      return { data: await info(user.id), requires_action: null };
    },

    /**
     * Acts on the plan's quote (quotePlanChange, the one the review page showed): a new plan, or a
     * longer or dearer one less the credit for the unused days, is charged to the card on file and
     * makes the account paid for a period from now; a shorter or cheaper one is scheduled for the
     * period's end; the current plan resumes a cancelled one or drops a scheduled change. With
     * `expectedCents` (what the review page showed), a quote that changed since charges nothing (409).
     * The charge's idempotency key comes from the request's Idempotency-Key (a retry of the request
     * charges nothing more, even when the first try's answer was lost after the vendor charged), or
     * without one from the account's state.
     */
    async updatePlan(
      identity: Identity,
      planId: number,
      requestKey: string | null,
      correlationId: string | null,
      expectedCents?: number,
    ): Promise<{ data: AccountInfo; charge: AccountHistoryEntry | null; requires_action: { client_secret: string } | null }> {
      const userId = identity.user.id;
      const { plan, account, current, quote } = await quoteFor(identity, planId);
      if (!account?.paymentMethodId || !account.customerId) throw unprocessable({ card: NO_CARD });
      // Without an Idempotency-Key the account's state names the charge: two clicks on the same plan
      // from the same state (card, paid period) are one charge; a new card or period is a new one.
      const key = requestKey
        ? `account-plan-${userId}-key-${requestKey}`
        : `account-plan-${userId}-plan-${plan.id}-${account.paymentMethodId}-${account.currentPeriodEnd?.toISOString() ?? 'none'}`;
      let row = await repo.transactionByKey(key);
      if (!row) {
        switch (quote.action) {
          case 'current':
            throw unprocessable({ plan_id: SAME_PLAN });
          case 'scheduled':
            throw unprocessable({ plan_id: alreadyScheduled(account.currentPeriodEnd as Date) });
          case 'resume':
          case 'keep':
            // the current plan again: it simply goes on at the period's end
            await repo.setScheduledPlan(userId, null);
            return { data: await info(userId), charge: null, requires_action: null };
          case 'downgrade':
            await repo.setScheduledPlan(userId, plan.id);
            return { data: await info(userId), charge: null, requires_action: null };
          case 'subscribe':
          case 'upgrade':
            break;
        }
        if (expectedCents !== undefined && expectedCents !== quote.amount_due_cents) {
          throw new HttpError(409, { expected_amount_cents: quoteChanged(quote.amount_due_cents, quote.currency) });
        }
        const start = new Date(quote.period_start as string);
        const end = new Date(quote.period_end as string);
        const credit =
          quote.credit_cents > 0 && current
            ? `, less ${formatCents(quote.credit_cents, quote.currency)} for ${quote.unused_days} unused of ${quote.period_days} days of ${current.name}`
            : '';
        row = await pendingCharge({
          userId,
          kind: 'charge',
          status: 'pending',
          amountCents: quote.amount_due_cents,
          currency: plan.currency,
          description: `${plan.name} (${formatPeriod(start, end)})${credit}`,
          subject: `account:${userId}`,
          planId: plan.id,
          periodStart: start,
          periodEnd: end,
          idempotencyKey: key,
          cardBrand: account.cardBrand,
          cardLast4: account.cardLast4,
        });
      }
      const settled = await settle(row, account, correlationId, true);
      if (settled.status === 'failed') throw unprocessable({ card: settled.failureMessage ?? 'Your card was declined.' });
      const requiresAction = settled.authenticate ? { client_secret: settled.authenticate.clientSecret } : null;
      return { data: await info(userId), charge: toHistoryEntry(settled), requires_action: requiresAction };
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
     * A payment vendor's events, in the product's words (PaymentEvent: the adapter read each back
     * from the vendor's API, so amounts and states are the vendor's, not the event's), processed by
     * the webhook job; each may come more than once or late and is applied once: a payment that
     * succeeded (for exactly what the charge asked) or failed while the API did not get to record it
     * is recorded, with its outcome's effects (an order paid, a renewal's dunning); a refund (made
     * here or on the vendor's dashboard) that fits its charge enters the history once; a payment's
     * refunded total sets how much of it was refunded.
     */
    async paymentEvent(event: PaymentEvent): Promise<void> {
      const ours = async (reference: number | null) => (reference ? repo.transaction(reference) : undefined);
      if (event.kind === 'card.ready') {
        // only the setup the user last asked for, on the user's own customer: an older one that succeeds late changes nothing
        const account = event.reference ? await repo.account(event.reference) : undefined;
        if (!account || account.customerId !== event.customerId || account.pendingSetupId !== event.setupId) return;
        await payments.makeDefaultCard(event.customerId, event.card.paymentMethodId);
        await putCardOnFile(account.userId, event.card, null);
      } else if (event.kind === 'payment.succeeded') {
        const row = await ours(event.reference);
        if (row?.kind === 'charge' && row.status === 'pending' && paidInFull(event, row)) await outcome(await repo.completeCharge(row.id, event.paymentId));
      } else if (event.kind === 'payment.failed') {
        const row = await ours(event.reference);
        if (row?.kind === 'charge' && row.status === 'pending') {
          await outcome(await repo.failCharge(row.id, { code: event.code, message: event.message, paymentIntentId: event.paymentId }));
        }
      } else if (event.kind === 'refund.made') {
        const charge = await repo.transactionByPaymentIntent(event.paymentId);
        if (!charge || !refundFits(event, charge)) return;
        const mine = await ours(event.reference);
        if (mine?.kind === 'refund' && mine.refundOf === charge.id) {
          // a refund made here whose answer the API has not recorded (yet)
          await repo.completeRefund(mine.id, event.refundId);
        } else {
          await repo.insertRefundOnce({
            userId: charge.userId,
            kind: 'refund',
            status: 'succeeded',
            amountCents: event.amountCents,
            currency: event.currency || charge.currency,
            description: `Refund: ${charge.description}`,
            planId: charge.planId,
            subject: charge.subject,
            refundOf: charge.id,
            refundId: event.refundId,
            paymentIntentId: event.paymentId,
            cardBrand: charge.cardBrand,
            cardLast4: charge.cardLast4,
          });
        }
        await subjectOf(charge)?.refunded?.(charge, await repo.refundedOf(charge));
      } else if (event.kind === 'payment.refunded') {
        const known = await repo.transactionByPaymentIntent(event.paymentId);
        if (!known || event.refundedCents < 0 || event.refundedCents > known.amountCents) return;
        const charge = await repo.setRefundedCents(event.paymentId, event.refundedCents);
        if (charge) await subjectOf(charge)?.refunded?.(charge, await repo.refundedOf(charge));
      }
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;

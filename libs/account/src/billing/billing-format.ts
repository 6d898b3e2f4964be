import type { AccountHistoryEntry, AccountInfo, AccountPlan, PlanQuote } from '@crm/contract';
import { cardText, formatCents, formatPeriod, formatPeriodDate } from '@crm/util';

/** A plan's price: `$29.00 a month`. */
export function planPrice(plan: Pick<AccountPlan, 'amount_cents' | 'currency' | 'interval'>): string {
  return `${formatCents(plan.amount_cents, plan.currency)} a ${plan.interval}`;
}

/** A card as shown: `Visa ending in 4242` (libs/util's cardText, as receipts write it). */
export const cardLabel = cardText;

/** The account's status in words; the paid period's dates as calendar dates (formatPeriodDate: the same for every user). */
export function accountStatusText(info: AccountInfo): string {
  const end = info.current_period_end ? formatPeriodDate(info.current_period_end) : null;
  switch (info.status) {
    case 'active':
      return end ? `Paid until ${end}` : 'Paid';
    case 'canceling':
      return end ? `Cancels at the end of the period: paid until ${end}` : 'Cancels at the end of the period';
    case 'granted':
      return 'Paid membership';
    case 'past_due':
      return 'Past due: the renewal was declined and will be tried again; update your card or choose a plan to pay now';
    case 'lapsed':
      return end ? `Unpaid: the paid period ended ${end}` : 'Unpaid';
    case 'unpaid':
      return 'Unpaid';
  }
}

/** The next charge in words, or why there is none (with the plan it renews on when a change is scheduled). */
export function nextChargeText(info: AccountInfo): string {
  if (info.next_charge) {
    const amount = `${formatCents(info.next_charge.amount_cents, info.next_charge.currency)} on ${formatPeriodDate(info.next_charge.date)}`;
    return info.scheduled_plan ? `${amount}, for ${info.scheduled_plan.name}` : amount;
  }
  if (info.status === 'canceling') return 'None: the plan ends with the paid period';
  return 'None';
}

const KIND_LABELS: Record<AccountHistoryEntry['kind'], string> = {
  charge: 'Charge',
  refund: 'Refund',
  failure: 'Failed charge',
};

/** A history row's kind in words. */
export function historyKindLabel(entry: AccountHistoryEntry): string {
  return KIND_LABELS[entry.kind];
}

/** A history row's amount: refunds are money back (`-$29.00`). */
export function historyAmount(entry: AccountHistoryEntry): string {
  const amount = formatCents(entry.amount_cents, entry.currency);
  return entry.kind === 'refund' ? `-${amount}` : amount;
}

/** A scheduled plan change in words: `Changes to Agent Monthly on 01/01/2027`; null for none. */
export function scheduledChangeText(info: AccountInfo): string | null {
  if (!info.scheduled_plan || !info.current_period_end) return null;
  return `Changes to ${info.scheduled_plan.name} (${planPrice(info.scheduled_plan)}) on ${formatPeriodDate(info.current_period_end)}, when the paid period ends`;
}

/** What Pay (or the confirm button) of a plan's review does, in the button's words; null when there is nothing to confirm. */
export function quoteActionLabel(quote: PlanQuote): string | null {
  if (!quote.confirmable) return null;
  switch (quote.action) {
    case 'subscribe':
    case 'upgrade':
      return `Pay ${formatCents(quote.amount_due_cents, quote.currency)}`;
    case 'downgrade':
      return `Change on ${formatPeriodDate(quote.paid_until)}`;
    default:
      return `Keep ${quote.plan.name}`;
  }
}

/**
 * What choosing the plan does, in sentences, from the server's quote (the same one update_plan
 * charges): when it takes effect, what is charged now and later, and the period.
 */
export function quoteSummary(quote: PlanQuote): string[] {
  const money = (cents: number) => formatCents(cents, quote.currency);
  const paidUntil = formatPeriodDate(quote.paid_until);
  const current = quote.current_plan?.name ?? '';
  const renews = quote.next_charge ? `It renews on ${formatPeriodDate(quote.next_charge.date)} for ${money(quote.next_charge.amount_cents)}.` : '';
  const period = formatPeriod(quote.period_start, quote.period_end);
  switch (quote.action) {
    case 'subscribe':
      return [`Pay charges ${money(quote.amount_due_cents)} now for ${period}.`, renews];
    case 'upgrade':
      return [
        `Your plan changes now, from ${current} to ${quote.plan.name}.`,
        `The ${quote.unused_days} unused days of ${current} (of ${quote.period_days}, paid until ${paidUntil}) are credited: Pay charges ${money(quote.amount_due_cents)} now for ${period}.`,
        renews,
      ];
    case 'downgrade':
      return [
        `You keep ${current} until ${paidUntil}; ${quote.plan.name} starts then.`,
        `Nothing is charged now. ${quote.plan.name} is charged ${money(quote.plan.amount_cents)} on ${paidUntil}.`,
      ];
    case 'current':
      return [`You are on this plan, paid until ${paidUntil}. There is nothing to pay.`, renews];
    case 'resume':
      return [`Your plan is cancelled and ends on ${paidUntil}. Keep it and it goes on: nothing is charged now.`, renews];
    case 'keep':
      return [`You are on this plan, paid until ${paidUntil}, and a change to another plan is scheduled for then. Keep this plan instead: nothing is charged now.`, renews];
    case 'scheduled':
      return [`Your plan changes to this one on ${paidUntil}, when the paid period of ${current} ends. There is nothing to pay now.`, renews];
  }
}

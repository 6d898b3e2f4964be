import type { AccountHistoryEntry, AccountInfo, AccountPlan } from '@crm/contract';
import { formatCents, formatDate } from '@crm/util';

/** A plan's price: `$29.00 a month`. */
export function planPrice(plan: Pick<AccountPlan, 'amount_cents' | 'currency' | 'interval'>): string {
  return `${formatCents(plan.amount_cents, plan.currency)} a ${plan.interval}`;
}

/** A card as shown: `Visa ending in 4242`. */
export function cardLabel(card: { brand: string; last4: string }): string {
  const brand = card.brand === 'amex' ? 'American Express' : card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
  return `${brand} ending in ${card.last4}`;
}

/** The account's status in words, dates in the user's time zone (`zone`). */
export function accountStatusText(info: AccountInfo, zone: string): string {
  const end = info.current_period_end ? formatDate(info.current_period_end, zone) : null;
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

/** The next charge in words, or why there is none. */
export function nextChargeText(info: AccountInfo, zone: string): string {
  if (info.next_charge) {
    return `${formatCents(info.next_charge.amount_cents, info.next_charge.currency)} on ${formatDate(info.next_charge.date, zone)}`;
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

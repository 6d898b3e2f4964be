import type { TelephonyKind, TelephonyOrder, Subscription, SubscriptionType, UsageSummary } from '@crm/contract';
import { formatCents, formatDate, formatPeriod, formatPeriodDate, formatPeriodMonth } from '@crm/util';

/** The dialer's or SMS's name as the screens show it. */
export const TELEPHONY_NAMES: Record<TelephonyKind, string> = { dialer: 'Dialer', sms: 'SMS' };

/** Who pays, in words (spec part 1 §4: manager for Subscription::ManagerPay, self for Subscription::SelfPay). */
export const SUBSCRIPTION_TYPE_LABELS: Record<SubscriptionType, string> = {
  company: 'Company (paid by the company)',
  manager: 'Manager pays (licences for the downline)',
  self: 'Self pay (your own)',
};

const STATUS_LABELS: Record<Subscription['status'], string> = {
  pending: 'Pending payment',
  active: 'Active',
  cancelled: 'Cancelled',
  lapsed: 'Lapsed (a renewal failed)',
};

/** A count with thousands separators: `1,500`. */
export function formatUnits(units: number): string {
  return units.toLocaleString('en-US');
}

/** `Minutes`, `Segments`: the unit as a label's first word. */
export function unitLabel(unit: UsageSummary['unit']): string {
  return unit.charAt(0).toUpperCase() + unit.slice(1);
}

/** The plan and its price a licence: `Dialer Starter ($29.00 a licence a month, 1,000 minutes each)`. */
export function subscriptionPlanText(subscription: Subscription, unit: UsageSummary['unit']): string {
  const { plan } = subscription;
  return `${plan.name} (${formatCents(plan.price_cents)} a licence a ${plan.period}, ${formatUnits(plan.units_per_license)} ${unit} each)`;
}

/** The status in words, with a cancellation at the period's end (a calendar date, formatPeriodDate). */
export function subscriptionStatusText(subscription: Subscription): string {
  if (subscription.status === 'active' && subscription.cancel_at_period_end) {
    return `Active, cancels on ${formatPeriodDate(subscription.current_period_end)}`;
  }
  return STATUS_LABELS[subscription.status];
}

/** A paid period as a span of calendar dates, the same for every user: `11/01/2026 until 12/01/2026` (libs/util's formatPeriod). */
export const periodText = formatPeriod;

/** The usage period, a calendar month (UTC, as the ledger counts it): `November 2026`. */
export const usageMonth = (periodStart: string): string => formatPeriodMonth(periodStart);

const count = (n: number, one: string, many = `${one}s`) => `${formatUnits(n)} ${n === 1 ? one : many}`;

/** What an order is for: `2 licences`, `Upgrade to Dialer Pro`, `Change to Dialer Starter`, `Subscription, 5 licences`. */
export function orderText(order: TelephonyOrder): string {
  if (order.kind === 'licenses') return count(order.quantity, 'licence');
  if (order.kind === 'plan_change') return `${order.amount_cents > 0 ? 'Upgrade' : 'Change'} to ${order.plan?.name ?? 'another plan'}`;
  if (order.kind === 'subscription') return `Subscription, ${count(order.quantity, 'licence')}`;
  return order.description ?? count(order.quantity, 'licence');
}

/** An order's state in words; a scheduled plan change says when it takes effect. */
export function orderStatusText(order: TelephonyOrder, subscription: Subscription, zone: string): string {
  switch (order.status) {
    case 'pending':
      return 'Waiting for payment';
    case 'scheduled':
      return `Takes effect on ${formatPeriodDate(subscription.current_period_end)}`;
    case 'failed':
      return 'Payment declined: ended, nothing charged';
    case 'paid':
      return order.paid_at ? `Paid on ${formatDate(order.paid_at, zone)}` : 'Paid';
    case 'cancelled':
      return 'Cancelled';
    case 'refunded':
      return 'Refunded';
  }
}

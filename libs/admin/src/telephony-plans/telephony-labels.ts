import type { Plan, TelephonyKind, TelephonyOrder, Subscription, SubscriptionType } from '@crm/contract';
import { formatCents, formatPeriodMonth } from '@crm/util';

/** The dialer's or SMS's name on the admin screens. */
export const TELEPHONY_LABELS: Record<TelephonyKind, string> = { dialer: 'Dialer', sms: 'SMS' };

/** The admin screens of the dialer or SMS, each at /admin/{product}/{section}. */
export const TELEPHONY_SECTIONS = ['plans', 'subscriptions', 'orders', 'usage'] as const;
export type TelephonySection = (typeof TELEPHONY_SECTIONS)[number];
export const SECTION_LABELS: Record<TelephonySection, string> = {
  plans: 'Plans',
  subscriptions: 'Subscriptions',
  orders: 'Orders',
  usage: 'Usage',
};
export const telephonySectionPath = (product: TelephonyKind, section: TelephonySection) => `/admin/${product}/${section}`;

export const SUBSCRIPTION_TYPE_LABELS: Record<SubscriptionType, string> = {
  company: 'Company',
  manager: 'Manager pays',
  self: 'Self pay',
};

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** A subscription's or an order's status in words. */
export function statusLabel(status: Subscription['status'] | TelephonyOrder['status']): string {
  return capitalised(status);
}

/** `1,000 minutes`. */
export function unitsText(count: number, unit: Plan['unit']): string {
  return `${count.toLocaleString('en-US')} ${unit}`;
}

/** `$29.00 a month`. */
export function planPriceText(plan: Pick<Plan, 'price_cents' | 'period'>): string {
  return `${formatCents(plan.price_cents)} a ${plan.period}`;
}

/** A usage period (`2026-11`) as `Nov 2026`. */
export function periodLabel(period: string): string {
  return formatPeriodMonth(period, 'short');
}

/** Who a subscription is for: its owner, or the company. */
export function subscriptionOwner(subscription: Pick<Subscription, 'type' | 'owner'>): string {
  return subscription.type === 'company' ? 'Company' : (subscription.owner?.name ?? '—');
}

/** A subscription as one line in a choice: `#12 Dialer Starter, Alex Morgan`. */
export function subscriptionChoiceLabel(subscription: Pick<Subscription, 'id' | 'plan' | 'type' | 'owner'>): string {
  return `#${subscription.id} ${subscription.plan.name}, ${subscriptionOwner(subscription)}`;
}

/** The `count` months up to and including `period` (`2026-11`), oldest first. */
export function monthsUpTo(period: string, count: number): string[] {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(year, month - 1 - (count - 1 - i), 1)).toISOString().slice(0, 7));
}

/** A month-by-month series over `months`, a month without usage at 0 (the server leaves those out). */
export function usageSeries(history: readonly { period: string; used: number }[], months: readonly string[]) {
  const used = new Map(history.map((h) => [h.period, h.used]));
  return months.map((period) => ({ label: periodLabel(period), value: used.get(period) ?? 0 }));
}

import type { Plan, TelephonyOrder, Subscription } from '@crm/contract';

export function makePlan(id: number, overrides: Partial<Plan> = {}): Plan {
  return {
    id,
    product: 'dialer',
    name: `Plan ${id}`,
    description: null,
    price_cents: 2900,
    period: 'month',
    units_per_license: 1000,
    unit: 'minutes',
    enterprise: false,
    active: true,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeSubscription(id: number, overrides: Partial<Subscription> = {}): Subscription {
  return {
    id,
    product: 'dialer',
    type: 'manager',
    order_type: 'Subscription::ManagerPay',
    status: 'active',
    active: true,
    plan: { id: 1, name: 'Dialer Starter', price_cents: 2900, period: 'month', units_per_license: 1000, enterprise: false },
    scheduled_plan: null,
    owner: { id: 7, name: 'Morgan Hale' },
    quantity: 3,
    licenses_count: 2,
    pool: 3000,
    allocated: 2000,
    current_period_start: '2026-11-01T00:00:00.000Z',
    current_period_end: '2026-12-01T00:00:00.000Z',
    cancel_at_period_end: false,
    cancelled_at: null,
    created_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeOrder(id: number, overrides: Partial<TelephonyOrder> = {}): TelephonyOrder {
  return {
    id,
    product: 'dialer',
    subscription_id: 1,
    kind: 'admin',
    plan: null,
    quantity: 1,
    amount_cents: 2900,
    refunded_cents: 0,
    status: 'pending',
    payment_reference: null,
    description: null,
    user: { id: 1, name: 'Alex Morgan' },
    paid_at: null,
    cancelled_at: null,
    created_at: '2026-11-02T00:00:00.000Z',
    ...overrides,
  };
}

export function pageOf<T>(data: T[], current = 1, totalCount = data.length, limit = 25) {
  return { data, meta: { current_page: current, limit, total_count: totalCount, total_pages: Math.max(1, Math.ceil(totalCount / limit)) } };
}

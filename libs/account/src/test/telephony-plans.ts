import type { License, Subscription, UsageSummary } from '@crm/contract';

/** Test data of the dialer and SMS subscription page (test files only). */
export const MANAGER_ID = 7;

export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    id: 11,
    product: 'dialer',
    type: 'manager',
    order_type: 'Subscription::ManagerPay',
    status: 'active',
    active: true,
    plan: { id: 2, name: 'Dialer Starter', price_cents: 2900, period: 'month', units_per_license: 1000, enterprise: false },
    scheduled_plan: null,
    owner: { id: MANAGER_ID, name: 'Morgan Manager' },
    quantity: 5,
    licenses_count: 2,
    pool: 5000,
    allocated: 2500,
    current_period_start: '2026-11-01T03:00:00.000Z',
    current_period_end: '2026-12-01T03:00:00.000Z',
    cancel_at_period_end: false,
    cancelled_at: null,
    created_at: '2026-11-01T03:00:00.000Z',
    ...overrides,
  };
}

export function makeLicense(overrides: Partial<License> = {}): License {
  return {
    id: 21,
    subscription_id: 11,
    subscription_type: 'manager',
    user: { id: 42, name: 'Ann Agent' },
    allocation: 1500,
    used: 640,
    paid: true,
    awaiting_payment: false,
    created_at: '2026-11-01T03:00:00.000Z',
    updated_at: '2026-11-01T03:00:00.000Z',
    ...overrides,
  };
}

export function makeUsage(licenses: License[], overrides: Partial<UsageSummary> = {}): UsageSummary {
  const allocation = licenses.reduce((n, l) => n + l.allocation, 0);
  const used = licenses.reduce((n, l) => n + l.used, 0);
  return {
    period_start: '2026-11-01T00:00:00.000Z',
    period_end: '2026-12-01T00:00:00.000Z',
    unit: 'minutes',
    subscription: { id: 11, type: 'manager', active: true },
    allocation,
    used,
    remaining: Math.max(allocation - used, 0),
    licenses: licenses.map((l) => ({ license_id: l.id, user: l.user, allocation: l.allocation, used: l.used, paid: l.paid })),
    ...overrides,
  };
}

export const licensesMeta = (page: number, total: number, limit = 10) => ({
  current_page: page,
  limit,
  total_count: total,
  total_pages: Math.ceil(total / limit),
});

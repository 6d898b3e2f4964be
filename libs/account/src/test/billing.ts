import type { AccountHistoryEntry, AccountInfo, AccountPlan, PlanQuote } from '@crm/contract';

/** Test data of the billing screens (test files only). */
export const starterPlan: AccountPlan = {
  id: 3,
  code: 'starter',
  name: 'Starter',
  description: 'For a single agent',
  amount_cents: 2900,
  currency: 'usd',
  interval: 'month',
  features: ['Contacts', 'Calendar'],
};

export function makeAccountInfo(overrides: Partial<AccountInfo> = {}): AccountInfo {
  return {
    'paid_user?': true,
    status: 'active',
    plan: starterPlan,
    current_period_start: '2026-11-01T05:00:00.000Z',
    current_period_end: '2026-12-01T04:30:00.000Z',
    cancel_at_period_end: false,
    scheduled_plan: null,
    next_charge: { amount_cents: 2900, currency: 'usd', date: '2026-12-01T04:30:00.000Z' },
    payment_infos: [{ brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 }],
    payments: {
      provider: 'stripe',
      mode: 'sandbox',
      publishable_key: 'pk_test_sandbox',
      stripe_js_url: '/sandbox/stripe/js/stripe.js',
      unavailable: null,
    },
    ...overrides,
  };
}

export function makeHistoryEntry(overrides: Partial<AccountHistoryEntry> = {}): AccountHistoryEntry {
  return {
    id: 1,
    kind: 'charge',
    status: 'succeeded',
    amount_cents: 2900,
    currency: 'usd',
    description: 'Starter, one month',
    card: { brand: 'visa', last4: '4242' },
    failure_message: null,
    period_start: '2026-11-01T05:00:00.000Z',
    period_end: '2026-12-01T04:30:00.000Z',
    created_at: '2026-11-01T03:00:00.000Z',
    ...overrides,
  };
}

const monthlyPlan: AccountPlan = { ...starterPlan, id: 1, code: 'agent_monthly', name: 'Agent Monthly', amount_cents: 4900 };
const annualPlan: AccountPlan = { ...starterPlan, id: 2, code: 'agent_annual', name: 'Agent Annual', amount_cents: 49000, interval: 'year' };

/** A quote: by default Agent Monthly (paid until 01/01/2027) to Agent Annual on 12/11/2026, 21 of 31 days unused. */
export function makeQuote(overrides: Partial<PlanQuote> = {}): PlanQuote {
  return {
    plan: annualPlan,
    current_plan: monthlyPlan,
    action: 'upgrade',
    effective: 'now',
    confirmable: true,
    amount_due_cents: 45681,
    credit_cents: 3319,
    unused_days: 21,
    period_days: 31,
    currency: 'usd',
    period_start: '2026-12-11T15:00:00.000Z',
    period_end: '2027-12-11T15:00:00.000Z',
    paid_until: '2027-01-01T00:00:00.000Z',
    next_charge: { amount_cents: 49000, currency: 'usd', date: '2027-12-11T15:00:00.000Z' },
    ...overrides,
  };
}

import { describe, expect, it } from 'vitest';
import { accountStatusText, cardLabel, historyAmount, nextChargeText, planPrice } from './billing-format';
import { makeAccountInfo, makeHistoryEntry, starterPlan } from '../test/billing';

const zone = 'America/New_York';

describe('billing words', () => {
  it('prices a plan from integer cents', () => {
    expect(planPrice(starterPlan)).toBe('$29.00 a month');
    expect(planPrice({ amount_cents: 123456, currency: 'usd', interval: 'year' })).toBe('$1,234.56 a year');
  });

  it("shows the paid period's end in the user's time zone", () => {
    // 04:30 UTC on December 1 is still November 30 in New York
    expect(accountStatusText(makeAccountInfo(), zone)).toBe('Paid until 11/30/2026');
    expect(accountStatusText(makeAccountInfo(), 'UTC')).toBe('Paid until 12/01/2026');
  });

  it('names every status', () => {
    expect(accountStatusText(makeAccountInfo({ status: 'canceling', cancel_at_period_end: true }), zone)).toBe(
      'Cancels at the end of the period: paid until 11/30/2026',
    );
    expect(accountStatusText(makeAccountInfo({ status: 'unpaid', 'paid_user?': false, plan: null, current_period_end: null }), zone)).toBe('Unpaid');
    expect(accountStatusText(makeAccountInfo({ status: 'lapsed', 'paid_user?': false }), zone)).toBe('Unpaid: the paid period ended 11/30/2026');
    expect(accountStatusText(makeAccountInfo({ status: 'granted', plan: null }), zone)).toBe('Paid membership');
    expect(accountStatusText(makeAccountInfo({ status: 'past_due', next_charge: null }), zone)).toBe(
      'Past due: the renewal was declined and will be tried again; update your card or choose a plan to pay now',
    );
  });

  it('says the next charge, or why there is none', () => {
    expect(nextChargeText(makeAccountInfo(), zone)).toBe('$29.00 on 11/30/2026');
    expect(nextChargeText(makeAccountInfo({ status: 'canceling', next_charge: null }), zone)).toBe('None: the plan ends with the paid period');
    expect(nextChargeText(makeAccountInfo({ status: 'unpaid', next_charge: null }), zone)).toBe('None');
  });

  it('shows cards by brand and last four, refunds as money back', () => {
    expect(cardLabel({ brand: 'visa', last4: '4242' })).toBe('Visa ending in 4242');
    expect(cardLabel({ brand: 'amex', last4: '0005' })).toBe('American Express ending in 0005');
    expect(historyAmount(makeHistoryEntry())).toBe('$29.00');
    expect(historyAmount(makeHistoryEntry({ kind: 'refund', amount_cents: 1450 }))).toBe('-$14.50');
  });
});

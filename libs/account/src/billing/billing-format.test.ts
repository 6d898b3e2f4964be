import { describe, expect, it } from 'vitest';
import { accountStatusText, cardLabel, historyAmount, nextChargeText, planPrice, quoteActionLabel, quoteSummary, scheduledChangeText } from './billing-format';
import { makeAccountInfo, makeHistoryEntry, makeQuote, starterPlan } from '../test/billing';

describe('billing words', () => {
  it('prices a plan from integer cents', () => {
    expect(planPrice(starterPlan)).toBe('$29.00 a month');
    expect(planPrice({ amount_cents: 123456, currency: 'usd', interval: 'year' })).toBe('$1,234.56 a year');
  });

  it("shows the paid period's end as a calendar date, the same in every time zone", () => {
    // before: 2026-12-01T00:00Z was shown in the user's zone, "Paid until 11/30/2026" in New York
    const info = makeAccountInfo({ current_period_start: '2026-11-01T00:00:00.000Z', current_period_end: '2026-12-01T00:00:00.000Z' });
    expect(accountStatusText(info)).toBe('Paid until 12/01/2026');
    expect(nextChargeText(info)).toBe('$29.00 on 12/01/2026');
  });

  it('names every status', () => {
    expect(accountStatusText(makeAccountInfo({ status: 'canceling', cancel_at_period_end: true }))).toBe(
      'Cancels at the end of the period: paid until 12/01/2026',
    );
    expect(accountStatusText(makeAccountInfo({ status: 'unpaid', 'paid_user?': false, plan: null, current_period_end: null }))).toBe('Unpaid');
    expect(accountStatusText(makeAccountInfo({ status: 'lapsed', 'paid_user?': false }))).toBe('Unpaid: the paid period ended 12/01/2026');
    expect(accountStatusText(makeAccountInfo({ status: 'granted', plan: null }))).toBe('Paid membership');
    expect(accountStatusText(makeAccountInfo({ status: 'past_due', next_charge: null }))).toBe(
      'Past due: the renewal was declined and will be tried again; update your card or choose a plan to pay now',
    );
  });

  it('says the next charge, or why there is none', () => {
    expect(nextChargeText(makeAccountInfo())).toBe('$29.00 on 12/01/2026');
    expect(nextChargeText(makeAccountInfo({ status: 'canceling', next_charge: null }))).toBe('None: the plan ends with the paid period');
    expect(nextChargeText(makeAccountInfo({ status: 'unpaid', next_charge: null }))).toBe('None');
  });

  it('shows cards by brand and last four, refunds as money back', () => {
    expect(cardLabel({ brand: 'visa', last4: '4242' })).toBe('Visa ending in 4242');
    expect(cardLabel({ brand: 'amex', last4: '0005' })).toBe('American Express ending in 0005');
    expect(cardLabel({ brand: 'mastercard', last4: '4444' })).toBe('Mastercard ending in 4444');
    expect(cardLabel({ brand: 'jcb', last4: '0000' })).toBe('JCB ending in 0000');
    expect(historyAmount(makeHistoryEntry())).toBe('$29.00');
    expect(historyAmount(makeHistoryEntry({ kind: 'refund', amount_cents: 1450 }))).toBe('-$14.50');
  });

  it('says a scheduled change and the plan the next charge is for', () => {
    const info = makeAccountInfo({ current_period_end: '2027-01-01T00:00:00.000Z', scheduled_plan: { ...starterPlan, id: 9, name: 'Basic', amount_cents: 1900 } });
    expect(scheduledChangeText(info)).toBe('Changes to Basic ($19.00 a month) on 01/01/2027, when the paid period ends');
    expect(nextChargeText({ ...info, next_charge: { amount_cents: 1900, currency: 'usd', date: '2027-01-01T00:00:00.000Z' } })).toBe('$19.00 on 01/01/2027, for Basic');
    expect(scheduledChangeText(makeAccountInfo())).toBeNull();
  });
});

describe('what the review page says Pay does', () => {
  it('an upgrade: the credit for the unused days and the amount charged now', () => {
    const quote = makeQuote();
    expect(quoteActionLabel(quote)).toBe('Pay $456.81');
    expect(quoteSummary(quote)).toEqual([
      'Your plan changes now, from Agent Monthly to Agent Annual.',
      'The 21 unused days of Agent Monthly (of 31, paid until 01/01/2027) are credited: Pay charges $456.81 now for 12/11/2026 until 12/11/2027.',
      'It renews on 12/11/2027 for $490.00.',
    ]);
  });

  it('the plan already paid: nothing to pay, no Pay', () => {
    const quote = makeQuote({ action: 'current', effective: 'none', confirmable: false, amount_due_cents: 0, credit_cents: 0, period_start: null, period_end: null, next_charge: { amount_cents: 4900, currency: 'usd', date: '2027-01-01T00:00:00.000Z' } });
    expect(quoteActionLabel(quote)).toBeNull();
    expect(quoteSummary(quote)).toEqual(['You are on this plan, paid until 01/01/2027. There is nothing to pay.', 'It renews on 01/01/2027 for $49.00.']);
  });

  it('a downgrade: at the period end, nothing now', () => {
    const quote = makeQuote({ action: 'downgrade', effective: 'period_end', amount_due_cents: 0, credit_cents: 0, plan: { ...makeQuote().plan, name: 'Basic', amount_cents: 1900, interval: 'month' } });
    expect(quoteActionLabel(quote)).toBe('Change on 01/01/2027');
    expect(quoteSummary(quote)).toEqual(['You keep Agent Monthly until 01/01/2027; Basic starts then.', 'Nothing is charged now. Basic is charged $19.00 on 01/01/2027.']);
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@crm/api-client';
import { axeViolations, callsOf, makeUser } from '@crm/testing';
import { renderAccount } from '../test/render';
import { makeAccountInfo, makeHistoryEntry, makeQuote, starterPlan } from '../test/billing';
import { PlanPage } from './PlanPage';
import { ReviewPage } from './ReviewPage';

// the bank's page (Stripe.js's handleNextAction) runs in Chromium in the e2e suite; here its answer is stood in for
const bank = vi.hoisted(() => ({ confirmWithBank: vi.fn() }));
vi.mock('./stripe-js', () => ({ confirmWithBank: bank.confirmWithBank }));

const user = makeUser({ id: 42, 'paid_user?': false });
const unpaidInfo = makeAccountInfo({ 'paid_user?': false, status: 'unpaid', plan: null, next_charge: null, current_period_end: null });
const proPlan = { ...starterPlan, id: 4, code: 'pro', name: 'Pro', amount_cents: 123456, interval: 'year' as const };
/** A new subscriber's quote of the starter plan: the whole amount now. */
const subscribeQuote = makeQuote({
  plan: starterPlan,
  current_plan: null,
  action: 'subscribe',
  amount_due_cents: 2900,
  credit_cents: 0,
  unused_days: 0,
  period_days: 0,
  paid_until: null,
  period_start: '2026-12-11T15:00:00.000Z',
  period_end: '2027-01-11T15:00:00.000Z',
  next_charge: { amount_cents: 2900, currency: 'usd', date: '2027-01-11T15:00:00.000Z' },
});

describe('PlanPage', () => {
  it('asks for a plan, then goes to its review', async () => {
    renderAccount({
      path: '/billing/plan',
      user,
      element: <PlanPage />,
      otherRoutes: { '/billing/review': <h1>Review</h1> },
      handlers: { listAccountPlans: () => ({ data: [starterPlan, proPlan] }), accountInfo: () => ({ data: unpaidInfo }) },
    });
    const events = userEvent.setup();
    expect(await screen.findByRole('radio', { name: /Pro: \$1,234\.56 a year/ })).toBeInTheDocument();
    expect(await axeViolations(['region'])).toEqual([]);
    await events.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a plan');
    await events.click(screen.getByRole('radio', { name: /Pro/ }));
    await events.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/billing/review?plan=4'));
  });
});

describe('ReviewPage', () => {
  /** The review of the starter plan for an unpaid user, its Pay answered by `updateAccountPlan`. */
  const renderReview = (handlers: Required<Pick<Parameters<typeof renderAccount>[0], 'handlers'>>['handlers']) =>
    renderAccount({
      path: '/billing/review?plan=3',
      user,
      element: <ReviewPage />,
      otherRoutes: { '/': <h1>Home</h1> },
      handlers: { accountPlanQuote: () => ({ data: subscribeQuote }), accountInfo: () => ({ data: unpaidInfo }), ...handlers },
    });

  it('confirms the amount, pays once per click and goes home', async () => {
    const { client } = renderReview({ updateAccountPlan: () => ({ data: makeAccountInfo(), charge: makeHistoryEntry(), requires_action: null }) });
    expect(await screen.findByText('$29.00')).toBeInTheDocument();
    expect(screen.getByText('Pay charges $29.00 now for 12/11/2026 until 01/11/2027.')).toBeInTheDocument();
    expect(screen.getByText(/Visa ending in 4242/)).toBeInTheDocument();
    expect(await axeViolations(['region'])).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay $29.00' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(callsOf(client, 'updateAccountPlan')).toEqual([{ body: { plan_id: 3, expected_amount_cents: 2900 } }]);
  });

  /** The review whose Pay the bank asks to confirm (3-D Secure). */
  const renderBankAsks = (accountInfo: () => { data: typeof unpaidInfo }) =>
    renderReview({
      accountInfo,
      updateAccountPlan: () => ({ data: unpaidInfo, charge: makeHistoryEntry({ status: 'pending' }), requires_action: { client_secret: 'pi_1_secret_abc' } }),
    });

  it("a payment the bank asks to confirm: the bank's page, then home once the account shows the plan paid", async () => {
    bank.confirmWithBank.mockResolvedValueOnce(null);
    // the account shows the plan paid from the third time it is asked (the webhook's job ran meanwhile)
    let asked = 0;
    const { client } = renderBankAsks(() => ((asked += 1), { data: asked >= 3 ? makeAccountInfo({ plan: starterPlan }) : unpaidInfo }));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay $29.00' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/), { timeout: 5_000 });
    expect(bank.confirmWithBank).toHaveBeenCalledWith(unpaidInfo.payments, 'pi_1_secret_abc');
    expect(callsOf(client, 'updateAccountPlan')).toHaveLength(1);
  });

  it("a payment whose confirmation the bank refuses shows the bank's words and stays on the review", async () => {
    bank.confirmWithBank.mockResolvedValueOnce('We are unable to authenticate your payment method. Please choose a different payment method and try again.');
    renderBankAsks(() => ({ data: unpaidInfo }));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay $29.00' }));
    expect(await screen.findByText(/We are unable to authenticate your payment method/)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/billing/review?plan=3');
  });

  it('cannot pay without a card, and links to the card form for this plan', async () => {
    renderAccount({
      path: '/billing/review?plan=3',
      user,
      element: <ReviewPage />,
      handlers: {
        accountPlanQuote: () => ({ data: subscribeQuote }),
        accountInfo: () => ({ data: { ...unpaidInfo, payment_infos: [] } }),
      },
    });
    expect(await screen.findByRole('button', { name: 'Pay $29.00' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Add a card' })).toHaveAttribute('href', '/billing/update?plan=3');
  });

  it("shows a declined charge's message and stays", async () => {
    renderAccount({
      path: '/billing/review?plan=3',
      user,
      element: <ReviewPage />,
      handlers: {
        accountPlanQuote: () => ({ data: subscribeQuote }),
        accountInfo: () => ({ data: unpaidInfo }),
        updateAccountPlan: () => {
          throw new ApiError(422, { errors: { card: 'Your card has insufficient funds.' } });
        },
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay $29.00' }));
    expect(await screen.findByText('Your card has insufficient funds.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/billing/review?plan=3');
  });

  it('an upgrade says the credit for the unused days and pays the amount less it', async () => {
    const { client } = renderAccount({
      path: '/billing/review?plan=2',
      user: makeUser({ id: 42 }),
      element: <ReviewPage />,
      otherRoutes: { '/': <h1>Home</h1> },
      handlers: {
        accountPlanQuote: () => ({ data: makeQuote() }),
        accountInfo: () => ({ data: makeAccountInfo() }),
        updateAccountPlan: () => ({ data: makeAccountInfo(), charge: makeHistoryEntry({ amount_cents: 45681 }), requires_action: null }),
      },
    });
    expect(await screen.findByText('-$33.19 (21 of 31 days of Agent Monthly)')).toBeInTheDocument();
    expect(screen.getByText('$456.81')).toBeInTheDocument();
    expect(screen.getByText('Your plan changes now, from Agent Monthly to Agent Annual.')).toBeInTheDocument();
    expect(await axeViolations(['region'])).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay $456.81' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(callsOf(client, 'updateAccountPlan')).toEqual([{ body: { plan_id: 2, expected_amount_cents: 45681 } }]);
  });

  it('the plan already paid: says until when, and offers no Pay (before: "Pay $49.00" that charged nothing)', async () => {
    renderAccount({
      path: '/billing/review?plan=1',
      user: makeUser({ id: 42 }),
      element: <ReviewPage />,
      handlers: {
        accountPlanQuote: () => ({
          data: makeQuote({
            plan: { ...starterPlan, id: 1, name: 'Agent Monthly', amount_cents: 4900 },
            action: 'current',
            effective: 'none',
            confirmable: false,
            amount_due_cents: 0,
            credit_cents: 0,
            period_start: null,
            period_end: null,
            next_charge: { amount_cents: 4900, currency: 'usd', date: '2027-01-01T00:00:00.000Z' },
          }),
        }),
        accountInfo: () => ({ data: makeAccountInfo() }),
      },
    });
    expect(await screen.findByText('You are on this plan, paid until 01/01/2027. There is nothing to pay.')).toBeInTheDocument();
    expect(screen.getByText('Nothing')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to billing' })).toHaveAttribute('href', '/billing');
    expect(await axeViolations(['region'])).toEqual([]);
  });

  it('a downgrade changes at the period end, charging nothing now', async () => {
    const { client } = renderAccount({
      path: '/billing/review?plan=1',
      user: makeUser({ id: 42 }),
      element: <ReviewPage />,
      otherRoutes: { '/billing': <h1>Billing</h1> },
      handlers: {
        accountPlanQuote: () => ({
          data: makeQuote({ plan: { ...starterPlan, id: 1, name: 'Agent Monthly', amount_cents: 4900 }, current_plan: { ...starterPlan, id: 2, name: 'Agent Annual', amount_cents: 49000, interval: 'year' }, action: 'downgrade', effective: 'period_end', amount_due_cents: 0, credit_cents: 0 }),
        }),
        accountInfo: () => ({ data: makeAccountInfo() }),
        updateAccountPlan: () => ({ data: makeAccountInfo(), charge: null, requires_action: null }),
      },
    });
    expect(await screen.findByText('You keep Agent Annual until 01/01/2027; Agent Monthly starts then.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Change on 01/01/2027' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/billing'));
    expect(callsOf(client, 'updateAccountPlan')).toEqual([{ body: { plan_id: 1 } }]);
  });
});

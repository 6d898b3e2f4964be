import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@crm/api-client';
import { axeViolations, callsOf, makeUser } from '@crm/testing';
import { renderAccount } from '../test/render';
import { makeAccountInfo, makeHistoryEntry, starterPlan } from '../test/billing';
import { PlanPage } from './PlanPage';
import { ReviewPage } from './ReviewPage';

const user = makeUser({ id: 42, 'paid_user?': false });
const unpaidInfo = makeAccountInfo({ 'paid_user?': false, status: 'unpaid', plan: null, next_charge: null, current_period_end: null });
const proPlan = { ...starterPlan, id: 4, code: 'pro', name: 'Pro', amount_cents: 123456, interval: 'year' as const };

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
  it('confirms the amount, pays once per click and goes home', async () => {
    const { client } = renderAccount({
      path: '/billing/review?plan=3',
      user,
      element: <ReviewPage />,
      otherRoutes: { '/': <h1>Home</h1> },
      handlers: {
        listAccountPlans: () => ({ data: [starterPlan, proPlan] }),
        accountInfo: () => ({ data: unpaidInfo }),
        updateAccountPlan: () => ({ data: makeAccountInfo(), charge: makeHistoryEntry() }),
      },
    });
    expect(await screen.findByText('$29.00')).toBeInTheDocument();
    expect(screen.getByText(/Visa ending in 4242/)).toBeInTheDocument();
    expect(await axeViolations(['region'])).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay $29.00' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(callsOf(client, 'updateAccountPlan')).toEqual([{ body: { plan_id: 3 } }]);
  });

  it('cannot pay without a card, and links to the card form for this plan', async () => {
    renderAccount({
      path: '/billing/review?plan=3',
      user,
      element: <ReviewPage />,
      handlers: {
        listAccountPlans: () => ({ data: [starterPlan] }),
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
        listAccountPlans: () => ({ data: [starterPlan] }),
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
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { axeViolations, callsOf, makeUser } from '@crm/testing';
import { renderAccount } from '../test/render';
import { makeAccountInfo, makeHistoryEntry } from '../test/billing';
import { BillingPage } from './BillingPage';

const user = makeUser({ id: 42, timezone: 'est' });
const meta = (page: number, total: number) => ({ current_page: page, limit: 10, total_count: total, total_pages: Math.ceil(total / 10) });

describe('BillingPage', () => {
  it('shows the plan, status, next charge and card on file, dates in the user time zone', async () => {
    renderAccount({
      path: '/billing',
      user,
      element: <BillingPage />,
      handlers: {
        accountInfo: () => ({ data: makeAccountInfo() }),
        accountHistory: () => ({ data: [makeHistoryEntry()], meta: meta(1, 1) }),
      },
    });
    expect(await screen.findByText('Starter ($29.00 a month)')).toBeInTheDocument();
    expect(screen.getByText('Paid until 12/01/2026')).toBeInTheDocument();
    expect(screen.getByText('$29.00 on 12/01/2026')).toBeInTheDocument();
    expect(screen.getByText('Visa ending in 4242, expires 04/2031')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Charges, refunds and failed charges' });
    // created 03:00 UTC on November 1: October 31 in New York
    expect(within(table).getByRole('rowheader', { name: '10/31/2026' })).toBeInTheDocument();
    expect(await axeViolations(['region'])).toEqual([]);
  });

  it('pages the history on the server', async () => {
    const { client } = renderAccount({
      path: '/billing',
      user,
      element: <BillingPage />,
      handlers: {
        accountInfo: () => ({ data: makeAccountInfo() }),
        accountHistory: (options) => {
          const page = (options?.query as { page: number }).page;
          return { data: [makeHistoryEntry({ id: page, description: `Row of page ${page}` })], meta: meta(page, 25) };
        },
      },
    });
    expect(await screen.findByText('Row of page 1')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Row of page 2')).toBeInTheDocument();
    expect(callsOf(client, 'accountHistory').map((call) => call?.query)).toEqual([
      { page: 1, limit: 10 },
      { page: 2, limit: 10 },
    ]);
    expect(screen.getByTestId('location')).toHaveTextContent('/billing?page=2');
  });

  it('cancels at the end of the paid period after a confirmation', async () => {
    let info = makeAccountInfo();
    const { client } = renderAccount({
      path: '/billing',
      user,
      element: <BillingPage />,
      handlers: {
        accountInfo: () => ({ data: info }),
        accountHistory: () => ({ data: [], meta: meta(1, 0) }),
        cancelAccountSubscription: () => {
          info = makeAccountInfo({ status: 'canceling', cancel_at_period_end: true, next_charge: null });
          return { data: info };
        },
      },
    });
    const events = userEvent.setup();
    await events.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('the account stays paid until 12/01/2026');
    expect(callsOf(client, 'cancelAccountSubscription')).toHaveLength(0);
    await events.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('Cancels at the end of the period: paid until 12/01/2026')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your account stays paid until 12/01/2026.');
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    expect(callsOf(client, 'cancelAccountSubscription')).toHaveLength(1);
  });

  it('tells an unpaid account to choose a plan and add a card', async () => {
    renderAccount({
      path: '/billing',
      user: makeUser({ id: 42, 'paid_user?': false }),
      element: <BillingPage />,
      handlers: {
        accountInfo: () => ({
          data: makeAccountInfo({ 'paid_user?': false, status: 'unpaid', plan: null, current_period_end: null, next_charge: null, payment_infos: [] }),
        }),
        accountHistory: () => ({ data: [], meta: meta(1, 0) }),
      },
    });
    expect(await screen.findByText(/Your account is unpaid/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/billing/plan');
    expect(screen.getByRole('link', { name: 'Add a card' })).toHaveAttribute('href', '/billing/update');
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('No charges yet')).toBeInTheDocument());
  });
});

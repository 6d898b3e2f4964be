import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUser } from '@crm/contract';
import { axeViolations, callsOf, polyfillResizeObserver } from '@crm/testing';
import { polyfillPointer, renderAdmin } from '../test/render';
import { makePlan, makeSubscription, pageOf } from './fixtures';
import { TelephonySubscriptionsPage } from './TelephonySubscriptionsPage';

beforeAll(() => {
  polyfillPointer();
  polyfillResizeObserver();
});

const manager: AdminUser = {
  id: 7,
  email: 'manager@harbor-demo.example',
  first_name: 'Morgan',
  last_name: 'Hale',
  account_type: 'manager',
  roles: ['manager'],
  title: null,
  upline: null,
  active: true,
  created_at: '2024-01-01T00:00:00.000Z',
};

describe('TelephonySubscriptionsPage', () => {
  it('lists the page the server gives with its filters, activates a pending company subscription and cancels one', async () => {
    const pending = makeSubscription(5, { type: 'company', order_type: null, status: 'pending', active: false, owner: { id: 1, name: 'Alex Morgan' } });
    const live = makeSubscription(6);
    const { client } = renderAdmin({
      path: '/admin/dialer/subscriptions?active=false',
      element: <TelephonySubscriptionsPage product="dialer" />,
      handlers: {
        adminDialerListSubscriptions: () => pageOf([pending, live], 1, 2),
        adminDialerActivateSubscription: () => ({ data: { ...pending, status: 'active', active: true } }),
        adminDialerCancelSubscription: (options) => {
          const atEnd = (options as { body: { at_period_end: boolean } }).body.at_period_end;
          return { data: { ...live, cancel_at_period_end: atEnd, status: atEnd ? 'active' : 'cancelled' } };
        },
      },
    });
    const company = (await screen.findByRole('rowheader', { name: '#5 Dialer Starter' })).closest('tr')!;
    expect(company).toHaveTextContent('Company');
    expect(company).toHaveTextContent('Pending');
    // the period ends 2026-12-01T00:00Z: a calendar date, never 11/30/2026 in the administrator's zone
    expect(screen.getByRole('columnheader', { name: 'Paid until' })).toBeInTheDocument();
    expect(company).toHaveTextContent('12/01/2026');
    expect(company).not.toHaveTextContent('11/30/2026');
    expect(callsOf(client, 'adminDialerListSubscriptions')[0]?.query).toEqual({ active: 'false', page: 1, limit: 25 });
    expect(screen.getByRole('combobox', { name: 'Show' })).toHaveTextContent('Not active');
    expect(await axeViolations(['region'])).toEqual([]);

    await userEvent.click(within(company).getByRole('button', { name: 'Activate subscription #5' }));
    const confirm = await screen.findByRole('dialog', { name: 'Activate #5 Dialer Starter, Company?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(callsOf(client, 'adminDialerActivateSubscription')).toEqual([expect.objectContaining({ body: { subscription_id: 5 } })]));
    expect(await screen.findByText('#5 Dialer Starter, Company is active.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel subscription #6' }));
    const cancel = await screen.findByRole('dialog', { name: 'Cancel #6 Dialer Starter, Morgan Hale?' });
    await userEvent.click(within(cancel).getByRole('button', { name: 'At the period end' }));
    await waitFor(() =>
      expect(callsOf(client, 'adminDialerCancelSubscription')).toEqual([expect.objectContaining({ body: { subscription_id: 6, at_period_end: true } })]),
    );
    expect(await screen.findByText('#6 Dialer Starter, Morgan Hale ends on 12/01/2026.')).toBeInTheDocument();
  });

  it('creates a subscription for a user: the user is required unless it is the company', async () => {
    const { client } = renderAdmin({
      path: '/admin/dialer/subscriptions',
      element: <TelephonySubscriptionsPage product="dialer" />,
      handlers: {
        adminDialerListSubscriptions: () => pageOf([]),
        adminDialerListPlans: () => pageOf([makePlan(1, { name: 'Dialer Starter' }), makePlan(2, { name: 'Dialer Enterprise', enterprise: true })]),
        listAdminUsers: () => pageOf([manager]),
        adminDialerCreateSubscription: () => ({ data: makeSubscription(11) }),
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Dialer subscription' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create subscription' }));
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Plan/ })).toHaveAccessibleDescription('Choose a plan'));
    expect(within(dialog).getByRole('combobox', { name: /^Manager who pays/ })).toHaveAccessibleDescription('Choose a user');

    // enterprise plans are offered for company subscriptions only
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Plan/ }));
    expect(screen.queryByRole('option', { name: /Dialer Enterprise/ })).toBeNull();
    await userEvent.click(screen.getByRole('option', { name: /Dialer Starter/ }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Manager who pays/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Morgan Hale (manager@harbor-demo.example)' }));
    const licences = within(dialog).getByRole('textbox', { name: /^Licences/ });
    await userEvent.clear(licences);
    await userEvent.type(licences, '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create subscription' }));
    await waitFor(() =>
      expect(callsOf(client, 'adminDialerCreateSubscription')).toEqual([
        expect.objectContaining({ body: { type: 'manager', plan_id: 1, quantity: 5, user_id: 7 } }),
      ]),
    );
    expect(await screen.findByText('#11 Dialer Starter, Morgan Hale is created.')).toBeInTheDocument();
  });
});

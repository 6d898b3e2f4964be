import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsOf, polyfillResizeObserver } from '@crm/testing';
import { polyfillPointer, renderAdmin } from '../test/render';
import { makeOrder, makeSubscription, pageOf } from './fixtures';
import { TelephonyOrdersPage } from './TelephonyOrdersPage';

beforeAll(() => {
  polyfillPointer();
  polyfillResizeObserver();
});

describe('TelephonyOrdersPage', () => {
  it('creates an order for a subscription (amount in dollars) and cancels a pending one after confirming', async () => {
    const { client } = renderAdmin({
      path: '/admin/sms/orders?status=pending',
      element: <TelephonyOrdersPage product="sms" />,
      handlers: {
        adminSmsListOrders: () => pageOf([makeOrder(21, { product: 'sms' })]),
        adminSmsListSubscriptions: () => pageOf([makeSubscription(6, { product: 'sms', plan: { ...makeSubscription(6).plan, name: 'SMS 2000' } })]),
        adminSmsCreateOrder: () => ({ data: makeOrder(22, { product: 'sms', amount_cents: 1550, status: 'paid' }) }),
        adminSmsCancelOrder: () => ({ data: makeOrder(21, { product: 'sms', status: 'cancelled' }) }),
      },
    });
    const row = (await screen.findByRole('rowheader', { name: '#21' })).closest('tr')!;
    expect(row).toHaveTextContent('$29.00');
    expect(callsOf(client, 'adminSmsListOrders')[0]?.query).toEqual({ status: 'pending', page: 1, limit: 25 });

    await userEvent.click(screen.getByRole('button', { name: 'New order' }));
    const dialog = await screen.findByRole('dialog', { name: 'New SMS order' });
    const amount = within(dialog).getByRole('textbox', { name: /^Amount/ });
    await userEvent.type(amount, 'lots');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create order' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription(/Amount must be an amount such as 29.00/));
    expect(within(dialog).getByRole('combobox', { name: /^Subscription/ })).toHaveAccessibleDescription('Choose a subscription');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Subscription/ }));
    await userEvent.click(await screen.findByRole('option', { name: '#6 SMS 2000, Morgan Hale' }));
    await userEvent.clear(amount);
    await userEvent.type(amount, '15.50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create order' }));
    await waitFor(() =>
      expect(callsOf(client, 'adminSmsCreateOrder')).toEqual([expect.objectContaining({ body: { subscription_id: 6, quantity: 1, amount_cents: 1550 } })]),
    );
    expect(await screen.findByText('Order #22 of $15.50 is paid.')).toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Cancel order #21' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel order #21?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel order' }));
    await waitFor(() => expect(callsOf(client, 'adminSmsCancelOrder')).toEqual([expect.objectContaining({ body: { order_id: 21 } })]));
  });
});

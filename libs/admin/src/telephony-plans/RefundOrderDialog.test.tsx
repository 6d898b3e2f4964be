import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@crm/api-client';
import { axeViolations, callsOf, polyfillResizeObserver } from '@crm/testing';
import { polyfillPointer, renderAdmin } from '../test/render';
import { makeOrder, pageOf } from './fixtures';
import { fullRefundTakesBack } from './RefundOrderDialog';
import { TelephonyOrdersPage } from './TelephonyOrdersPage';

beforeAll(() => {
  polyfillPointer();
  polyfillResizeObserver();
});

const CAP = 'A refund cannot be more than was paid: $19.00 of this payment is left to refund';
const refundHistoryEntry = (amount_cents: number) => ({
  id: 90,
  kind: 'refund' as const,
  status: 'succeeded' as const,
  amount_cents,
  currency: 'usd',
  description: 'Refund: Dialer order 21',
  card: { brand: 'visa', last4: '4242' },
  failure_message: null,
  period_start: null,
  period_end: null,
  created_at: '2026-11-03T00:00:00.000Z',
});

describe('RefundOrderDialog (the orders screen’s Refund)', () => {
  it('offers Refund on paid orders only; the amount defaults to what is left; the server’s cap message shows beside the amount; a refund refreshes the list', async () => {
    let refunded = false;
    const { client } = renderAdmin({
      path: '/admin/dialer/orders',
      element: <TelephonyOrdersPage product="dialer" />,
      handlers: {
        adminDialerListOrders: () =>
          pageOf([
            makeOrder(21, { status: refunded ? 'refunded' : 'paid', refunded_cents: refunded ? 2900 : 1000, paid_at: '2026-11-02T00:00:00.000Z' }),
            makeOrder(22, { status: 'pending' }),
            makeOrder(23, { status: 'refunded', refunded_cents: 2900 }),
          ]),
        adminDialerRefundOrder: (options) => {
          const body = (options as { body: { amount_cents: number } }).body;
          if (body.amount_cents > 1900) throw new ApiError(422, { errors: { amount_cents: CAP } });
          refunded = true;
          return { data: makeOrder(21, { status: 'refunded', refunded_cents: 2900 }), refund: refundHistoryEntry(body.amount_cents) };
        },
      },
    });
    const row = (await screen.findByRole('rowheader', { name: '#21' })).closest('tr')!;
    expect(within(row).getByRole('button', { name: 'Refund order #21' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund order #22' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund order #23' })).not.toBeInTheDocument();

    // keyboard: focus the action and open it with Enter
    within(row).getByRole('button', { name: 'Refund order #21' }).focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Refund order #21' });
    expect(dialog).toHaveAccessibleDescription('Charged $29.00, $10.00 refunded already.');
    const amount = within(dialog).getByRole('textbox', { name: /^Amount/ });
    expect(amount).toHaveValue('19.00');
    expect(await axeViolations(['region'])).toEqual([]);

    // the form's own check, beside the field, sends nothing
    await userEvent.clear(amount);
    await userEvent.type(amount, 'lots');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription(/Amount must be an amount such as 29.00/));
    expect(callsOf(client, 'adminDialerRefundOrder')).toHaveLength(0);

    // more than is left: the server's message beside the amount (422 on amount_cents)
    await userEvent.clear(amount);
    await userEvent.type(amount, '25');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Billed twice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription(new RegExp(CAP.replace(/[$.]/g, '\\$&'))));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(callsOf(client, 'adminDialerRefundOrder')).toEqual([expect.objectContaining({ body: { order_id: 21, amount_cents: 2500, reason: 'Billed twice' } })]);

    // what is left: refunded, the dialog closes, the list is fetched again
    const listed = callsOf(client, 'adminDialerListOrders').length;
    await userEvent.clear(amount);
    await userEvent.type(amount, '19');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('$19.00 of order #21 is refunded.')).toBeInTheDocument();
    expect(callsOf(client, 'adminDialerRefundOrder').at(-1)).toEqual(expect.objectContaining({ body: { order_id: 21, amount_cents: 1900, reason: 'Billed twice' } }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(callsOf(client, 'adminDialerListOrders').length).toBeGreaterThan(listed));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Refund order #21' })).not.toBeInTheDocument());
  });

  it('says what refunding all of an order takes back besides the money, by what the order bought', async () => {
    expect(fullRefundTakesBack(makeOrder(1, { kind: 'licenses', quantity: 3 }))).toBe("Refunding all of it also takes back the order's 3 licences and what they add to the pool.");
    expect(fullRefundTakesBack(makeOrder(1, { kind: 'licenses', quantity: 1 }))).toBe("Refunding all of it also takes back the order's licence and what it adds to the pool.");
    expect(fullRefundTakesBack(makeOrder(1, { kind: 'plan_change' }))).toBe('Refunding all of it also puts the subscription back on the plan it had before the change.');
    expect(fullRefundTakesBack(makeOrder(1, { kind: 'subscription' }))).toBe('Refunding all of it also cancels the subscription.');
    expect(fullRefundTakesBack(makeOrder(1, { kind: 'admin' }))).toBeNull();
    renderAdmin({
      path: '/admin/dialer/orders',
      element: <TelephonyOrdersPage product="dialer" />,
      handlers: { adminDialerListOrders: () => pageOf([makeOrder(31, { kind: 'licenses', quantity: 2, status: 'paid', paid_at: '2026-11-02T00:00:00.000Z' })]) },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Refund order #31' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order #31' });
    expect(within(dialog).getByRole('note')).toHaveTextContent("Refunding all of it also takes back the order's 2 licences and what they add to the pool. A part refund keeps what the order bought.");
    expect(await axeViolations(['region'])).toEqual([]);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@crm/api-client';
import { OVER_ALLOCATION_MESSAGE, type License, type TelephonyOrder } from '@crm/contract';
import { axeViolations, callsOf, makeUser, type Handlers } from '@crm/testing';
import { renderAccount } from '../test/render';
import { makeAccountInfo } from '../test/billing';
import { licensesMeta, MANAGER_ID, makeLicense, makeSubscription, makeUsage } from '../test/telephony-plans';
import { TelephonySubscriptionPage } from './TelephonySubscriptionPage';

// the bank's page (Stripe.js's handleNextAction) runs in Chromium in the e2e suite; here its answer is stood in for
const bank = vi.hoisted(() => ({ confirmWithBank: vi.fn() }));
vi.mock('../billing/stripe-js', () => ({ confirmWithBank: bank.confirmWithBank }));

const manager = makeUser({ id: MANAGER_ID, timezone: 'est', profile: { account_type: 'manager' } });
const agent = makeUser({ id: 42, timezone: 'est' });

/** A manager's dialer subscription with two licences, its handlers keeping the licences' state. */
function managerHandlers(licenses: License[], extra: Handlers = {}): Handlers {
  return {
    dialerUsage: () => ({ data: makeUsage(licenses) }),
    dialerShowSubscription: () => ({ data: makeSubscription() }),
    dialerListLicenses: () => ({ data: licenses, meta: licensesMeta(1, licenses.length) }),
    dialerListOrders: () => ({ data: [], meta: licensesMeta(1, 0) }),
    accountInfo: () => ({ data: makeAccountInfo() }),
    ...extra,
  };
}

function makeOrder(overrides: Partial<TelephonyOrder> = {}): TelephonyOrder {
  return {
    id: 5,
    product: 'dialer',
    subscription_id: 11,
    kind: 'licenses',
    plan: null,
    quantity: 2,
    amount_cents: 5800,
    refunded_cents: 0,
    status: 'pending',
    payment_reference: null,
    description: null,
    user: { id: MANAGER_ID, name: 'Morgan Manager' },
    paid_at: null,
    cancelled_at: null,
    created_at: '2026-11-02T00:00:00.000Z',
    ...overrides,
  };
}

function twoLicenses(): License[] {
  return [makeLicense(), makeLicense({ id: 22, user: { id: 43, name: 'Tia Telemarketer' }, allocation: 1000, used: 1000 })];
}

describe('TelephonySubscriptionPage', () => {
  it("shows the manager's subscription and usage meters (used and allocated against what was bought)", async () => {
    renderAccount({ path: '/account/dialer', user: manager, element: <TelephonySubscriptionPage product="dialer" />, handlers: managerHandlers(twoLicenses()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dialer subscription' })).toBeInTheDocument();
    expect(await screen.findByText('Dialer Starter ($29.00 a licence a month, 1,000 minutes each)')).toBeInTheDocument();
    expect(screen.getByText('Manager pays (licences for the downline)')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    // 03:00 UTC on November 1 is October 31 in New York
    expect(screen.getByText('11/01/2026 until 12/01/2026')).toBeInTheDocument();
    expect(screen.getByText('2 given out of 5 bought')).toBeInTheDocument();

    const used = screen.getByRole('progressbar', { name: 'Minutes used by your licences in November 2026: 1,640 of 2,500 minutes' });
    expect(used).toHaveAttribute('aria-valuenow', '1640');
    expect(used).toHaveAttribute('aria-valuemax', '2500');
    const allocated = screen.getByRole('progressbar', { name: 'Minutes allocated to licences: 2,500 of 5,000 minutes' });
    expect(allocated).toHaveAttribute('aria-valuenow', '2500');

    const table = await screen.findByRole('table', { name: 'Licences' });
    const tia = within(table).getByRole('row', { name: /Tia Telemarketer/ });
    expect(within(tia).getByRole('textbox', { name: 'Allocation of Tia Telemarketer' })).toHaveValue('1000');
    // the payer does not set the paid state: it follows the money
    expect(within(tia).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(tia).getByRole('cell', { name: 'Yes' })).toBeInTheDocument();
    expect(within(tia).getByText('Allocation used up')).toBeInTheDocument();
    expect(await axeViolations(['region'])).toEqual([]);
  });

  it("saves a row's allocation and shows the server's answer", async () => {
    let licenses = twoLicenses();
    const { client } = renderAccount({
      path: '/account/dialer',
      user: manager,
      element: <TelephonySubscriptionPage product="dialer" />,
      handlers: managerHandlers([], {
        dialerUsage: () => ({ data: makeUsage(licenses) }),
        dialerListLicenses: () => ({ data: licenses, meta: licensesMeta(1, licenses.length) }),
        dialerUpdateLicense: (options) => {
          const { id } = options?.params as { id: number };
          const body = options?.body as { allocation: number; paid: boolean };
          licenses = licenses.map((l) => (l.id === id ? { ...l, ...body } : l));
          return { data: licenses.find((l) => l.id === id) };
        },
      }),
    });
    const events = userEvent.setup();
    const allocation = await screen.findByRole('textbox', { name: 'Allocation of Ann Agent' });
    await events.clear(allocation);
    await events.type(allocation, '2000');
    await events.click(screen.getByRole('button', { name: 'Save the licence of Ann Agent' }));

    const licences = screen.getByRole('region', { name: 'Licences' });
    expect(await within(licences).findByText('Saved the licence of Ann Agent: 2,000 minutes, paid.')).toHaveRole('status');
    expect(callsOf(client, 'dialerUpdateLicense')).toEqual([{ params: { id: 21 }, body: { allocation: 2000 } }]);
    // the page reads the licences and the usage again
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Minutes used by your licences in November 2026: 1,640 of 3,000 minutes' })).toBeInTheDocument(),
    );
    expect(screen.getByRole('textbox', { name: 'Allocation of Ann Agent' })).toHaveValue('2000');
    expect(screen.getByRole('textbox', { name: 'Allocation of Ann Agent' })).not.toHaveAttribute('aria-invalid');
  });

  it("shows the server's refusal (422) beside the allocation, keeping what was typed", async () => {
    renderAccount({
      path: '/account/dialer',
      user: manager,
      element: <TelephonySubscriptionPage product="dialer" />,
      handlers: managerHandlers(twoLicenses(), {
        dialerUpdateLicense: () => {
          throw new ApiError(422, { errors: { allocation: OVER_ALLOCATION_MESSAGE } });
        },
      }),
    });
    const events = userEvent.setup();
    const allocation = await screen.findByRole('textbox', { name: 'Allocation of Ann Agent' });
    await events.clear(allocation);
    await events.type(allocation, '9000{Enter}');
    await waitFor(() => expect(allocation).toHaveAttribute('aria-invalid', 'true'));
    expect(allocation).toHaveAccessibleDescription(OVER_ALLOCATION_MESSAGE);
    expect(allocation).toHaveValue('9000');
    expect(allocation).toHaveFocus();
    // the other row is untouched
    expect(screen.getByRole('textbox', { name: 'Allocation of Tia Telemarketer' })).not.toHaveAttribute('aria-invalid');
  });

  it('checks the allocation before sending it', async () => {
    const { client } = renderAccount({
      path: '/account/dialer',
      user: manager,
      element: <TelephonySubscriptionPage product="dialer" />,
      handlers: managerHandlers(twoLicenses(), { dialerUpdateLicense: () => ({ data: makeLicense() }) }),
    });
    const events = userEvent.setup();
    const allocation = await screen.findByRole('textbox', { name: 'Allocation of Ann Agent' });
    await events.clear(allocation);
    await events.type(allocation, '12.5');
    await events.click(screen.getByRole('button', { name: 'Save the licence of Ann Agent' }));
    expect(allocation).toHaveAccessibleDescription('Allocation must be a whole number');
    await events.clear(allocation);
    await events.click(screen.getByRole('button', { name: 'Save the licence of Ann Agent' }));
    expect(allocation).toHaveAccessibleDescription('Allocation is required');
    expect(callsOf(client, 'dialerUpdateLicense')).toHaveLength(0);
  });

  it('pages the licences on the server', async () => {
    const { client } = renderAccount({
      path: '/account/dialer',
      user: manager,
      element: <TelephonySubscriptionPage product="dialer" />,
      handlers: managerHandlers([], {
        dialerListLicenses: (options) => {
          const { page } = options?.query as { page: number };
          return { data: [makeLicense({ id: page, user: { id: 100 + page, name: `Agent of page ${page}` } })], meta: licensesMeta(page, 25) };
        },
      }),
    });
    expect(await screen.findByText('Agent of page 1')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Agent of page 2')).toBeInTheDocument();
    expect(callsOf(client, 'dialerListLicenses').map((call) => call?.query)).toEqual([
      { subscription_id: 11, page: 1, limit: 10 },
      { subscription_id: 11, page: 2, limit: 10 },
    ]);
  });

  it("shows an agent their own SMS licence, read-only, and the quota's message when it is unpaid", async () => {
    const own = makeLicense({ paid: false, allocation: 2000, used: 350 });
    const { client } = renderAccount({
      path: '/account/sms',
      user: agent,
      element: <TelephonySubscriptionPage product="sms" />,
      handlers: {
        smsUsage: () => ({ data: makeUsage([own], { unit: 'segments' }) }),
        smsShowSubscription: () => ({ data: makeSubscription({ product: 'sms', plan: { ...makeSubscription().plan, name: 'SMS Starter' } }) }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'SMS subscription' })).toBeInTheDocument();
    expect(await screen.findByText('Paid by')).toBeInTheDocument();
    expect(screen.getByText('Morgan Manager')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Segments used in November 2026: 350 of 2,000 segments' })).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Your licence' });
    expect(within(card).getByText('2,000 segments a month')).toBeInTheDocument();
    // the spec's sentence, in the plan's unit
    expect(within(card).getByText('Please request additional segments from your manager.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(callsOf(client, 'dialerUsage')).toHaveLength(0);
    expect(await axeViolations(['region'])).toEqual([]);
  });

  it("shows a self-pay agent their own subscription and licence, with nothing to hand out", async () => {
    const own = makeLicense({ allocation: 1000, used: 1000, subscription_type: 'self' });
    renderAccount({
      path: '/account/dialer',
      user: agent,
      element: <TelephonySubscriptionPage product="dialer" />,
      handlers: {
        dialerUsage: () => ({ data: makeUsage([own], { subscription: { id: 11, type: 'self', active: true } }) }),
        dialerShowSubscription: () => ({
          data: makeSubscription({ type: 'self', order_type: 'Subscription::SelfPay', owner: { id: 42, name: 'Ann Agent' }, quantity: 1, licenses_count: 1, pool: 1000, allocated: 1000 }),
        }),
      },
    });
    expect(await screen.findByText('Self pay (your own)')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Minutes used in November 2026: 1,000 of 1,000 minutes' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: /allocated to licences/ })).not.toBeInTheDocument();
    // a self subscription is not stopped by the manager's quota
    expect(screen.getByRole('region', { name: 'Your licence' })).not.toHaveTextContent(OVER_ALLOCATION_MESSAGE);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Order more licences' })).not.toBeInTheDocument();
  });

  it('says so when there is no subscription nor licence', async () => {
    renderAccount({
      path: '/account/dialer',
      user: agent,
      element: <TelephonySubscriptionPage product="dialer" />,
      handlers: { dialerUsage: () => ({ data: makeUsage([], { subscription: null }) }) },
    });
    expect(await screen.findByText('No Dialer subscription')).toBeInTheDocument();
  });

  it('orders more licences for the subscription', async () => {
    const { client } = renderAccount({
      path: '/account/dialer',
      user: manager,
      element: <TelephonySubscriptionPage product="dialer" />,
      handlers: managerHandlers(twoLicenses(), {
        dialerOrderLicenses: () => ({ data: makeOrder(), licenses: [] }),
      }),
    });
    const events = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Order more licences' });
    const quantity = within(form).getByRole('textbox', { name: /Licences to add/ });
    await events.clear(quantity);
    await events.click(within(form).getByRole('button', { name: 'Order licences' }));
    expect(quantity).toHaveAccessibleDescription(/Quantity must be a number/);
    await events.type(quantity, '2');
    await events.click(within(form).getByRole('button', { name: 'Order licences' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(
      'Ordered 2 licences for $58.00: waiting for payment. The licences count once it is paid (see Orders).',
    );
    expect(callsOf(client, 'dialerOrderLicenses')).toEqual([{ body: { subscription_id: 11, quantity: 2, user_ids: [] } }]);
  });

  it('an administrator also sets the paid state', async () => {
    const admin = makeUser({ id: MANAGER_ID, timezone: 'est', admin: true, roles: ['admin'], profile: { account_type: 'admin' } });
    const { client } = renderAccount({
      path: '/account/dialer',
      user: admin,
      element: <TelephonySubscriptionPage product="dialer" />,
      handlers: managerHandlers(twoLicenses(), { dialerUpdateLicense: () => ({ data: makeLicense({ paid: false }) }) }),
    });
    const events = userEvent.setup();
    await events.click(await screen.findByRole('checkbox', { name: 'Paid licence of Ann Agent' }));
    await events.click(screen.getByRole('button', { name: 'Save the licence of Ann Agent' }));
    await waitFor(() => expect(callsOf(client, 'dialerUpdateLicense')).toEqual([{ params: { id: 21 }, body: { allocation: 1500, paid: false } }]));
  });

  it('without a card, orders waiting for payment prompt for one; they can be cancelled; a licence waiting for its order cannot be edited', async () => {
    let orders = [makeOrder(), makeOrder({ id: 4, kind: 'plan_change', plan: { id: 3, name: 'Dialer Starter' }, amount_cents: 0, status: 'scheduled' })];
    const waiting = makeLicense({ id: 23, user: { id: 44, name: 'Robin Ellis' }, allocation: 0, used: 0, paid: false, awaiting_payment: true });
    const { client } = renderAccount({
      path: '/account/dialer',
      user: manager,
      element: <TelephonySubscriptionPage product="dialer" />,
      handlers: managerHandlers([...twoLicenses(), waiting], {
        dialerShowSubscription: () => ({ data: makeSubscription({ scheduled_plan: { id: 3, name: 'Dialer Starter', price_cents: 2900, period: 'month', units_per_license: 1000 } }) }),
        dialerListOrders: () => ({ data: orders, meta: licensesMeta(1, orders.length) }),
        accountInfo: () => ({ data: makeAccountInfo({ payment_infos: [] }) }),
        dialerCancelOrder: (options) => {
          const { id } = options?.params as { id: number };
          orders = orders.map((o) => (o.id === id ? { ...o, status: 'cancelled' } : o));
          return { data: orders.find((o) => o.id === id) };
        },
      }),
    });
    const prompt = await screen.findByRole('note', { name: 'Payment needed' });
    expect(prompt).toHaveTextContent('An order is waiting for payment: there is no card on file to charge.');
    expect(within(prompt).getByRole('link', { name: 'Add a card' })).toHaveAttribute('href', '/billing/update');
    const table = screen.getByRole('table', { name: 'Orders' });
    const row = within(table).getByRole('row', { name: /#5 2 licences/ });
    expect(row).toHaveTextContent('Waiting for payment');
    expect(within(row).queryByRole('button', { name: /Pay/ })).not.toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /#4 Change to Dialer Starter/ })).toHaveTextContent('Takes effect on 12/01/2026');
    expect(screen.getByText('Moves to Dialer Starter on 12/01/2026, at the end of the current period')).toBeInTheDocument();
    // the licence the order would give: nothing to edit until it is paid
    const robin = within(screen.getByRole('table', { name: 'Licences' })).getByRole('row', { name: /Robin Ellis/ });
    expect(robin).toHaveTextContent('Waiting for payment');
    expect(within(robin).queryByRole('textbox')).not.toBeInTheDocument();
    expect(await axeViolations(['region'])).toEqual([]);

    const events = userEvent.setup();
    await events.click(within(row).getByRole('button', { name: 'Cancel order #5' }));
    expect(await screen.findByText('Cancelled order #5.')).toHaveRole('status');
    expect(callsOf(client, 'dialerCancelOrder')).toEqual([{ params: { id: 5 } }]);
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Orders' })).getByRole('row', { name: /#5 2 licences/ })).toHaveTextContent('Cancelled'));
  });

  it('with a card on file, an order waiting for payment is paid; a decline shows why', async () => {
    let orders = [makeOrder(), makeOrder({ id: 6, quantity: 1, amount_cents: 2900 })];
    const { client } = renderAccount({
      path: '/account/dialer',
      user: manager,
      element: <TelephonySubscriptionPage product="dialer" />,
      handlers: managerHandlers(twoLicenses(), {
        dialerListOrders: () => ({ data: orders, meta: licensesMeta(1, orders.length) }),
        dialerPayOrder: (options) => {
          const { id } = options?.params as { id: number };
          if (id === 6) throw new ApiError(422, { errors: { card: 'Your card was declined: nothing was charged and the order has ended. Order again with another card.' } });
          orders = orders.map((o) => (o.id === id ? { ...o, status: 'paid', paid_at: '2026-11-03T15:00:00.000Z' } : o));
          return { data: orders.find((o) => o.id === id) };
        },
      }),
    });
    const events = userEvent.setup();
    expect(await screen.findByRole('table', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.queryByRole('note', { name: 'Payment needed' })).not.toBeInTheDocument();
    await events.click(await screen.findByRole('button', { name: 'Pay order #5' }));
    expect(await screen.findByText('Paid order #5: $58.00.')).toHaveRole('status');
    await waitFor(() => expect(screen.getByRole('row', { name: /#5 2 licences/ })).toHaveTextContent('Paid on 11/03/2026'));
    await events.click(screen.getByRole('button', { name: 'Pay order #6' }));
    expect(await screen.findByText('Order #6: Your card was declined: nothing was charged and the order has ended. Order again with another card.')).toBeInTheDocument();
    expect(callsOf(client, 'dialerPayOrder')).toEqual([{ params: { id: 5 } }, { params: { id: 6 } }]);
  });

  it("an order whose payment the bank asks to confirm: the bank's page, then paid once the order says so (Stripe's webhook)", async () => {
    bank.confirmWithBank.mockResolvedValueOnce(null);
    let order = makeOrder();
    let shown = 0;
    const { client } = renderAccount({
      path: '/account/dialer',
      user: manager,
      element: <TelephonySubscriptionPage product="dialer" />,
      handlers: managerHandlers(twoLicenses(), {
        dialerListOrders: () => ({ data: [order], meta: licensesMeta(1, 1) }),
        dialerPayOrder: () => ({ data: order, requires_action: { client_secret: 'pi_5_secret_abc' } }),
        // the webhook's job marks it paid meanwhile: the second look finds it paid
        dialerShowOrder: () => {
          shown += 1;
          if (shown >= 2) order = { ...order, status: 'paid', paid_at: '2026-11-03T15:00:00.000Z' };
          return { data: order };
        },
      }),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay order #5' }));
    expect(await screen.findByText('Paid order #5: $58.00.', {}, { timeout: 5_000 })).toHaveRole('status');
    expect(bank.confirmWithBank).toHaveBeenCalledWith(makeAccountInfo().payments, 'pi_5_secret_abc');
    expect(callsOf(client, 'dialerShowOrder').length).toBeGreaterThanOrEqual(2);
  });

  it("an order whose payment the bank refuses to confirm says the bank's words", async () => {
    bank.confirmWithBank.mockResolvedValueOnce('We are unable to authenticate your payment method. Please choose a different payment method and try again.');
    const order = makeOrder();
    renderAccount({
      path: '/account/dialer',
      user: manager,
      element: <TelephonySubscriptionPage product="dialer" />,
      handlers: managerHandlers(twoLicenses(), {
        dialerListOrders: () => ({ data: [order], meta: licensesMeta(1, 1) }),
        dialerPayOrder: () => ({ data: order, requires_action: { client_secret: 'pi_5_secret_abc' } }),
      }),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pay order #5' }));
    expect(await screen.findByText(/^Order #5: We are unable to authenticate your payment method/)).toBeInTheDocument();
  });

  it("labels a manager's usage under the payer as theirs and their downline's", async () => {
    const district = makeUser({ id: 50, timezone: 'est', profile: { account_type: 'district_manager' } });
    const licences = [makeLicense({ user: { id: 50, name: 'Casey Nguyen' }, allocation: 500, used: 0 }), makeLicense({ id: 22, user: { id: 51, name: 'Riley Patel' }, allocation: 1000, used: 760 })];
    renderAccount({
      path: '/account/dialer',
      user: district,
      element: <TelephonySubscriptionPage product="dialer" />,
      handlers: { dialerUsage: () => ({ data: makeUsage(licences) }), dialerShowSubscription: () => ({ data: makeSubscription() }) },
    });
    expect(await screen.findByRole('progressbar', { name: 'Minutes used by you and your downline in November 2026: 760 of 1,500 minutes' })).toBeInTheDocument();
  });
});

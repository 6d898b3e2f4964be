import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@crm/api-client';
import { axeViolations, callsOf, polyfillResizeObserver } from '@crm/testing';
import { polyfillPointer, renderAdmin } from '../test/render';
import { makePlan, pageOf } from './fixtures';
import { TelephonyPlansPage } from './TelephonyPlansPage';

beforeAll(() => {
  polyfillPointer();
  polyfillResizeObserver();
});

describe('TelephonyPlansPage', () => {
  it("lists the server's page of plans and asks the server for the next one", async () => {
    const { client } = renderAdmin({
      path: '/admin/dialer/plans?q=Star&page=2',
      element: <TelephonyPlansPage product="dialer" />,
      handlers: {
        adminDialerListPlans: () =>
          pageOf([makePlan(26, { name: 'Dialer Starter' }), makePlan(27, { name: 'Enterprise Star', enterprise: true, active: false, price_cents: 1_250_000, period: 'year' })], 2, 60),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dialer plans' })).toBeInTheDocument();
    const starter = (await screen.findByRole('rowheader', { name: 'Dialer Starter' })).closest('tr')!;
    expect(starter).toHaveTextContent('$29.00 a month');
    expect(starter).toHaveTextContent('1,000 minutes');
    const enterprise = screen.getByRole('rowheader', { name: 'Enterprise Star' }).closest('tr')!;
    expect(enterprise).toHaveTextContent('$12,500.00 a year');
    expect(within(enterprise).getByText('Inactive')).toBeInTheDocument();
    expect(callsOf(client, 'adminDialerListPlans')[0]?.query).toEqual({ q: 'Star', page: 2, limit: 25 });
    expect(screen.getByRole('navigation', { name: 'Pages of plans' })).toHaveTextContent('Page 2 of 3');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(callsOf(client, 'adminDialerListPlans').at(-1)?.query).toEqual({ q: 'Star', page: 3, limit: 25 }));

    // a new search starts at the first page
    const search = screen.getByRole('searchbox', { name: 'Search by name' });
    await userEvent.clear(search);
    await userEvent.type(search, 'Pro{Enter}');
    await waitFor(() => expect(callsOf(client, 'adminDialerListPlans').at(-1)?.query).toEqual({ q: 'Pro', page: 1, limit: 25 }));
    expect(await axeViolations(['region'])).toEqual([]);
  });

  it('is the same screen for SMS, on the SMS endpoints', async () => {
    const { client } = renderAdmin({
      path: '/admin/sms/plans',
      element: <TelephonyPlansPage product="sms" />,
      handlers: { adminSmsListPlans: () => pageOf([makePlan(3, { product: 'sms', name: 'SMS 2000', unit: 'segments', units_per_license: 2000 })]) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'SMS plans' })).toBeInTheDocument();
    expect((await screen.findByRole('rowheader', { name: 'SMS 2000' })).closest('tr')).toHaveTextContent('2,000 segments');
    expect(callsOf(client, 'adminSmsListPlans')).toHaveLength(1);
    expect(screen.getByRole('navigation', { name: 'SMS administration' })).toBeInTheDocument();
  });

  it('checks the plan form, shows each error beside its field, and creates the plan in cents', async () => {
    let fail = true;
    const { client } = renderAdmin({
      path: '/admin/dialer/plans',
      element: <TelephonyPlansPage product="dialer" />,
      handlers: {
        adminDialerListPlans: () => pageOf([]),
        adminDialerCreatePlan: (options) => {
          if (fail) {
            fail = false;
            throw new ApiError(422, { errors: { name: 'Name is taken' } });
          }
          const body = (options as { body: { name: string } }).body;
          return { data: makePlan(9, { name: body.name }) };
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Dialer plan' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Dialer plan' }));

    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    const price = within(dialog).getByRole('textbox', { name: /^Price of a licence/ });
    const units = within(dialog).getByRole('textbox', { name: /^Minutes per licence/ });
    await waitFor(() => expect(name).toHaveAccessibleDescription('Name is required'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription('Price is required');
    expect(units).toHaveAccessibleDescription(/Units per licence is required/);
    expect(callsOf(client, 'adminDialerCreatePlan')).toHaveLength(0);

    await userEvent.type(name, 'Dialer Pro');
    await userEvent.type(price, 'twenty');
    await userEvent.type(units, '1.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Dialer plan' }));
    await waitFor(() => expect(price).toHaveAccessibleDescription('Price must be an amount such as 29.00'));
    expect(units).toHaveAccessibleDescription(/Units per licence must be a whole number/);

    await userEvent.clear(price);
    await userEvent.type(price, '1,249.5');
    await userEvent.clear(units);
    await userEvent.type(units, '2,500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Dialer plan' }));
    // the server's message goes beside its field
    await waitFor(() => expect(name).toHaveAccessibleDescription('Name is taken'));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Dialer plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf(client, 'adminDialerCreatePlan').at(-1)?.body).toEqual({
      name: 'Dialer Pro',
      description: null,
      price_cents: 124_950,
      period: 'month',
      units_per_license: 2500,
      enterprise: false,
      active: true,
    });
    expect(screen.getByText('Dialer Pro is created.')).toBeInTheDocument();
  });

  it('edits a plan with its values filled in, and deletes one after confirming', async () => {
    const plan = makePlan(4, { name: 'Dialer Starter', description: 'Small teams' });
    const { client } = renderAdmin({
      path: '/admin/dialer/plans',
      element: <TelephonyPlansPage product="dialer" />,
      handlers: {
        adminDialerListPlans: () => pageOf([plan]),
        adminDialerUpdatePlan: () => ({ data: { ...plan, price_cents: 3900 } }),
        adminDialerDeletePlan: () => undefined,
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Dialer Starter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Dialer Starter' });
    const price = within(dialog).getByRole('textbox', { name: /^Price of a licence/ });
    expect(price).toHaveValue('29.00');
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue('Small teams');
    await userEvent.clear(price);
    await userEvent.type(price, '39');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save plan' }));
    await waitFor(() => expect(callsOf(client, 'adminDialerUpdatePlan')).toHaveLength(1));
    expect(callsOf(client, 'adminDialerUpdatePlan')[0]).toMatchObject({ params: { id: 4 }, body: { price_cents: 3900, units_per_license: 1000 } });

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Dialer Starter' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Dialer Starter?' });
    expect(callsOf(client, 'adminDialerDeletePlan')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete plan' }));
    await waitFor(() => expect(callsOf(client, 'adminDialerDeletePlan')).toEqual([expect.objectContaining({ params: { id: 4 } })]));
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@crm/api-client';
import type { CampaignTrigger } from '@crm/contract';
import { axeViolations, callsOf, makeUser, polyfillResizeObserver } from '@crm/testing';
import { polyfillPointer, renderAdmin } from '../test/render';
import { pageOf } from '../telephony-plans/fixtures';
import { CampaignTriggersPage } from './CampaignTriggersPage';

beforeAll(() => {
  polyfillPointer();
  polyfillResizeObserver();
});

const trigger = (id: number, overrides: Partial<CampaignTrigger> = {}): CampaignTrigger => ({
  id,
  name: `Trigger ${id}`,
  channel: 'sms',
  trigger_type: 'birthday',
  recurrence: 'yearly',
  scope: 'company',
  email_subject: null,
  message: 'Happy birthday, {first_name}!',
  active: true,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...overrides,
});
const subAdmin = makeUser({ admin: true, roles: ['sub_admin'], profile: { account_type: 'sub_admin' } });

describe('CampaignTriggersPage', () => {
  it("lists the server's page with the filters in the address; the brand's triggers are marked, and only a System Admin may change them", async () => {
    const { client } = renderAdmin({
      path: '/admin/campaign-triggers?recurrence=yearly',
      element: <CampaignTriggersPage />,
      user: subAdmin,
      handlers: {
        listCampaignTriggers: () =>
          pageOf([trigger(1, { name: 'Birthday wishes' }), trigger(2, { name: 'Brand anniversary', trigger_type: 'policy_anniversary', scope: 'brand', active: false })]),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Campaign triggers' })).toBeInTheDocument();
    const own = (await screen.findByRole('rowheader', { name: 'Birthday wishes' })).closest('tr')!;
    expect(own).toHaveTextContent('Text message');
    expect(own).toHaveTextContent('Every year');
    expect(own).toHaveTextContent('This company');
    expect(within(own).getByRole('button', { name: 'Edit Birthday wishes' })).toBeInTheDocument();
    const brand = screen.getByRole('rowheader', { name: 'Brand anniversary' }).closest('tr')!;
    expect(brand).toHaveTextContent('Every company of the brand');
    expect(brand).toHaveTextContent('Inactive');
    expect(brand).toHaveTextContent('Kept by a System Admin');
    expect(within(brand).queryByRole('button')).toBeNull();
    expect(callsOf(client, 'listCampaignTriggers')[0]?.query).toEqual({ trigger_type: undefined, recurrence: 'yearly', channel: undefined, page: 1, limit: 25 });
    expect(await axeViolations(['region'])).toEqual([]);
  });

  it('creates a trigger: the form checks the fields together, offers only the recurrences its type allows, and puts the server’s refusal beside its field', async () => {
    let fail = true;
    const { client } = renderAdmin({
      path: '/admin/campaign-triggers',
      element: <CampaignTriggersPage />,
      handlers: {
        listCampaignTriggers: () => pageOf([]),
        createCampaignTrigger: (options) => {
          if (fail) {
            fail = false;
            throw new ApiError(422, { errors: { name: 'A campaign trigger with this name already exists here' } });
          }
          const body = (options as { body: Partial<CampaignTrigger> }).body;
          return { data: trigger(9, body) };
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'New trigger' }));
    const dialog = await screen.findByRole('dialog', { name: 'New campaign trigger' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create trigger' }));
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    const message = within(dialog).getByRole('textbox', { name: /^Message/ });
    await waitFor(() => expect(name).toHaveAccessibleDescription('Name is required'));
    expect(message).toHaveAccessibleDescription(/Message is required/);
    expect(callsOf(client, 'createCampaignTrigger')).toHaveLength(0);

    // an e-mail needs a subject
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Sent as/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'E-mail' }));
    await userEvent.type(name, 'Policy anniversary');
    await userEvent.type(message, 'A year ago today your policy began.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create trigger' }));
    const subject = within(dialog).getByRole('textbox', { name: /^Subject/ });
    await waitFor(() => expect(subject).toHaveAccessibleDescription('Subject is required for an e-mail'));
    await userEvent.type(subject, 'Happy policy anniversary');

    // a policy anniversary recurs yearly: the recurrence follows the type
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^When/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Policy anniversary' }));
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: /^Recurs/ })).toHaveTextContent('Every year'));
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Recurs/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Every year']);
    await userEvent.keyboard('{Escape}');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create trigger' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('A campaign trigger with this name already exists here'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create trigger' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf(client, 'createCampaignTrigger').at(-1)?.body).toEqual({
      name: 'Policy anniversary',
      channel: 'email',
      trigger_type: 'policy_anniversary',
      recurrence: 'yearly',
      scope: 'company',
      email_subject: 'Happy policy anniversary',
      message: 'A year ago today your policy began.',
      active: true,
    });
    expect(screen.getByText('Policy anniversary is created.')).toBeInTheDocument();
  });

  it('edits a trigger with its values filled in, and deletes one after confirming', async () => {
    const birthday = trigger(4, { name: 'Birthday wishes' });
    const { client } = renderAdmin({
      path: '/admin/campaign-triggers',
      element: <CampaignTriggersPage />,
      handlers: {
        listCampaignTriggers: () => pageOf([birthday]),
        updateCampaignTrigger: (options) => ({ data: { ...birthday, ...(options as { body: Partial<CampaignTrigger> }).body } }),
        deleteCampaignTrigger: () => undefined,
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Birthday wishes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Birthday wishes' });
    const message = within(dialog).getByRole('textbox', { name: /^Message/ });
    expect(message).toHaveValue('Happy birthday, {first_name}!');
    expect(message).toHaveAccessibleDescription('29 of 1,600 characters');
    await userEvent.clear(message);
    await userEvent.type(message, 'Many happy returns!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save trigger' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsOf(client, 'updateCampaignTrigger').at(-1)).toEqual(expect.objectContaining({ params: { id: 4 }, body: expect.objectContaining({ message: 'Many happy returns!' }) }));

    await userEvent.click(screen.getByRole('button', { name: 'Delete Birthday wishes' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Birthday wishes?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete trigger' }));
    expect(await screen.findByText('Birthday wishes is deleted.')).toBeInTheDocument();
    expect(callsOf(client, 'deleteCampaignTrigger')).toEqual([expect.objectContaining({ params: { id: 4 } })]);
  });
});

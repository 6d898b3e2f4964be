import axe from 'axe-core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '@crm/contract';
import { callsOf, makeUser, type Handlers } from '@crm/testing';
import { buttonClassName } from '@crm/ui';
import { ApiKeysPanel } from './ApiKeysPanel';
import { renderAccount } from './test/render';

const user = makeUser();

function makeKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 1,
    name: 'Zapier',
    prefix: 'crm_ab12',
    active: true,
    scopes: ['contacts:read', 'contacts:write'],
    expires_at: '2025-03-01T15:00:00.000Z',
    last_used_at: null,
    created_at: '2024-03-01T15:00:00.000Z',
    ...overrides,
  };
}

function renderKeys(keys: ApiKey[], handlers: Handlers = {}) {
  let list = keys;
  return renderAccount({
    user,
    element: <ApiKeysPanel user={user} />,
    handlers: {
      listApiKeys: () => ({ data: list }),
      ...handlers,
      createApiKey: (options) => {
        const body = options?.body as { name: string; scopes: ApiKey['scopes'] };
        const created = makeKey({ id: 9, name: body.name, prefix: 'crm_zz99', scopes: body.scopes });
        list = [...list, created];
        return { data: created, key: 'crm_zz99_full_secret_value' };
      },
      deleteApiKey: (options) => {
        const { id } = options?.params as { id: number };
        list = list.filter((key) => key.id !== id);
        return undefined;
      },
    },
  });
}

afterEach(() => vi.restoreAllMocks());

describe('ApiKeysPanel', () => {
  it('lists the keys with their scopes, expiry, state and dates in the user time zone', async () => {
    renderKeys([
      makeKey(),
      makeKey({ id: 2, name: 'Old', active: false, last_used_at: '2024-03-02T18:30:00.000Z', expires_at: null, scopes: ['import:write'] }),
    ]);
    const table = await screen.findByRole('table', { name: 'Your API keys' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('Zapier')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Never')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('03/01/2024 10:00 AM')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('contacts:write')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Expired 03/01/2025 10:00 AM')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('Off')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getByText('import:write')).toBeInTheDocument();
    expect(within(rows[2] as HTMLElement).getAllByText('Never')).toHaveLength(1);
    expect(within(rows[2] as HTMLElement).getByText('03/02/2024 1:30 PM')).toBeInTheDocument();
  });

  it('creates a key and shows it once with a copy button', async () => {
    const { client } = renderKeys([]);
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    const events = userEvent.setup();

    await events.type(screen.getByLabelText(/^Name of the new key/), 'Reporting');
    await events.click(screen.getByRole('checkbox', { name: /^See contacts/ }));
    await events.click(screen.getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByLabelText('New API key');
    expect(shown).toHaveValue('crm_zz99_full_secret_value');
    expect(screen.getByText(/it will not be shown again/)).toBeInTheDocument();
    expect(callsOf(client, 'createApiKey')).toEqual([{ body: { name: 'Reporting', scopes: ['contacts:read'], expires_in: '1_year' } }]);

    await events.click(screen.getByRole('button', { name: 'Copy' }));
    // user-event puts a clipboard stub in place of the browser's.
    expect(await navigator.clipboard.readText()).toBe('crm_zz99_full_secret_value');
    expect(await screen.findByText('Copied to the clipboard.')).toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('New API key')).not.toBeInTheDocument();
    expect(screen.queryByText('crm_zz99_full_secret_value')).not.toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'Reporting' })).toBeInTheDocument();
    await waitFor(() => expect(callsOf(client, 'authProfile').length).toBeGreaterThan(0));
  });

  it('is keyboard usable: name, scopes by Space, expiry by arrow keys (with a warning for never), Enter creates', async () => {
    const { client } = renderKeys([]);
    await screen.findByText('No API keys yet');
    const keys = userEvent.setup();
    await keys.click(screen.getByLabelText(/^Name of the new key/));
    await keys.keyboard('Lead vendor');
    await keys.tab();
    expect(screen.getByRole('checkbox', { name: /^See contacts/ })).toHaveFocus();
    await keys.tab();
    expect(screen.getByRole('checkbox', { name: /^Create, change and delete contacts/ })).toHaveFocus();
    await keys.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: /^Create, change and delete contacts/ })).toBeChecked();

    expect(screen.getByRole('radio', { name: 'In 1 year' })).toBeChecked();
    screen.getByRole('radio', { name: 'In 1 year' }).focus();
    await keys.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Never' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Never' })).toHaveAccessibleDescription(/A key that never expires works until you switch it off or delete it/);

    const form = screen.getByRole('form', { name: 'Create key' });
    const audit = await axe.run(form, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, rules: { 'color-contrast': { enabled: false } } });
    expect(audit.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

    screen.getByLabelText(/^Name of the new key/).focus();
    await keys.keyboard('{Enter}');
    await screen.findByLabelText('New API key');
    expect(callsOf(client, 'createApiKey')).toEqual([{ body: { name: 'Lead vendor', scopes: ['contacts:write'], expires_in: 'never' } }]);
  });

  it('needs at least one scope, said beside the scopes', async () => {
    const { client } = renderKeys([]);
    await screen.findByText('No API keys yet');
    const events = userEvent.setup();
    await events.type(screen.getByLabelText(/^Name of the new key/), 'Nothing');
    await events.click(screen.getByRole('button', { name: 'Create key' }));
    const group = screen.getByRole('group', { name: 'What the key may do' });
    await waitFor(() => expect(group).toHaveAccessibleDescription('Choose at least one scope'));
    expect(callsOf(client, 'createApiKey')).toHaveLength(0);
  });

  it('offers admin scopes only to admins', async () => {
    renderKeys([]);
    await screen.findByText('No API keys yet');
    expect(screen.queryByRole('group', { name: 'Administration' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /administration settings/ })).not.toBeInTheDocument();
  });

  it('renames a key', async () => {
    const { client } = renderKeys([makeKey()], {
      updateApiKey: (options) => ({
        data: makeKey({ name: (options?.body as { name: string }).name }),
      }),
    });
    const events = userEvent.setup();
    // "Rename" looks like the button it is: bordered like "Switch off" beside it, not bare text
    expect((await screen.findByRole('button', { name: 'Rename Zapier' })).className).toBe(buttonClassName({ variant: 'secondary', size: 'sm' }));
    await events.click(await screen.findByRole('button', { name: 'Rename Zapier' }));
    const input = screen.getByLabelText(/^New name for Zapier/);
    await events.clear(input);
    await events.type(input, 'Zapier prod');
    await events.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() =>
      expect(callsOf(client, 'updateApiKey')).toEqual([
        { params: { id: 1 }, body: { name: 'Zapier prod' } },
      ]),
    );
  });

  it('switches a key off', async () => {
    const { client } = renderKeys([makeKey()], {
      updateApiKey: () => ({ data: makeKey({ active: false }) }),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Switch off Zapier' }));
    await waitFor(() =>
      expect(callsOf(client, 'updateApiKey')).toEqual([
        { params: { id: 1 }, body: { active: false } },
      ]),
    );
  });

  it('deletes a key only after the confirmation dialog', async () => {
    const { client } = renderKeys([makeKey()]);
    const events = userEvent.setup();

    await events.click(await screen.findByRole('button', { name: 'Delete Zapier' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete API key' });
    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf(client, 'deleteApiKey')).toHaveLength(0);

    await events.click(screen.getByRole('button', { name: 'Delete Zapier' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete API key' });
    expect(dialog).toHaveAccessibleDescription(/Delete the key “Zapier”/);
    await events.click(within(dialog).getByRole('button', { name: 'Delete key' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf(client, 'deleteApiKey')).toEqual([{ params: { id: 1 } }]);
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
  });
});

describe('ApiKeysPanel for an admin', () => {
  it('offers the admin scopes in their own group', async () => {
    const admin = makeUser({ admin: true, roles: ['admin'], profile: { account_type: 'admin' } });
    renderAccount({ user: admin, element: <ApiKeysPanel user={admin} />, handlers: { listApiKeys: () => ({ data: [] }) } });
    const group = await screen.findByRole('group', { name: 'Administration' });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(group).getByRole('checkbox', { name: /^Change administration settings/ })).toBeInTheDocument();
  });
});

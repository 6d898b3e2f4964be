import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Contact } from '@crm/contract';
import { callsOf, contactFixture, type CallOptions } from '@crm/testing';
import { storageKey } from '@crm/util';
import { ContactListPage } from './ContactListPage';
import { polyfillPointer, renderContacts } from './test/render';

function contact(id: number, last: string): Contact {
  return contactFixture({ id, last_name: last, phones: [{ id, number: '15551234567', phone_type: 2 }], city: 'Austin', state: 'TX' });
}

const rows = [contact(1, 'Adams'), contact(2, 'Baker'), contact(3, 'Clark')];

function listHandler(options: CallOptions) {
  const scope = (options?.body as { contacts_scope: { q?: string } }).contacts_scope;
  const data = scope.q === 'nobody' ? [] : rows;
  return {
    data,
    meta: { current_page: 1, limit: 500, total_count: data.length ? 1200 : 0, total_pages: 1, total_count_capped: false },
  };
}

const scopes = (client: Parameters<typeof callsOf>[0]) =>
  callsOf(client, 'listContacts').map((call) => (call?.body as { contacts_scope: Record<string, unknown> }).contacts_scope);

describe('ContactListPage', () => {
  beforeAll(() => {
    polyfillPointer();
    // jsdom lays nothing out: give the table's scroll area a size so that the virtualiser shows rows.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1024);
  });
  beforeEach(() => localStorage.clear());

  it('restores the cached search state of the user and caches changes', async () => {
    localStorage.setItem(
      storageKey(7, 'contacts_search'),
      JSON.stringify({ q: 'pat', category: 'client', contact_group: 'mine', order_field: 'city', order: 'desc', search: [] }),
    );
    const { client } = renderContacts({ path: '/contacts', routes: { '/contacts': <ContactListPage /> }, handlers: { listContacts: listHandler } });
    expect(await screen.findByRole('row', { name: /Adams/ })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search contacts' })).toHaveValue('pat');
    expect(scopes(client)[0]).toMatchObject({ q: 'pat', category: 'client', contact_group: 'mine', order_field: 'city', order: 'desc', limit: 500 });
    expect(screen.getByRole('button', { name: 'Clients' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('columnheader', { name: /City/ })).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await waitFor(() => expect(scopes(client).at(-1)).toMatchObject({ order_field: 'last_name', order: 'asc' }));
    const cached = JSON.parse(localStorage.getItem(storageKey(7, 'contacts_search')) ?? '{}');
    expect(cached).toMatchObject({ q: 'pat', category: 'client', order_field: 'last_name', order: 'asc' });
  });

  it('searches 500 ms after the last keystroke and shows the empty state', async () => {
    const { client } = renderContacts({ path: '/contacts', routes: { '/contacts': <ContactListPage /> }, handlers: { listContacts: listHandler } });
    await screen.findByRole('row', { name: /Adams/ });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search contacts' }), 'nobody');
    expect(scopes(client).some((scope) => scope['q'] === 'nobody')).toBe(false);
    expect(await screen.findByText('No contacts match', {}, { timeout: 2000 })).toBeVisible();
    expect(scopes(client).filter((scope) => scope['q'] !== undefined).map((s) => s['q'])).toEqual(['nobody']);
  });

  it('selects the loaded rows, then all matching, and deletes them after confirming', async () => {
    const { client } = renderContacts({
      path: '/contacts',
      routes: { '/contacts': <ContactListPage /> },
      handlers: { listContacts: listHandler, destroyContacts: () => ({ count: 1200 }) },
    });
    await screen.findByRole('row', { name: /Adams/ });
    expect(screen.getByText('1,200 contacts')).toBeVisible();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all loaded contacts' }));
    expect(screen.getByText('3 selected')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Select all 1,200 matching' }));
    expect(screen.getByText('1,200 selected')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 1,200 contacts?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('1,200 contacts moved to the trash.')).toBeVisible();
    expect(callsOf(client, 'destroyContacts')[0]?.body).toEqual({
      all: true,
      contacts_scope: { category: 'all', contact_group: 'all_agents', order_field: 'last_name', order: 'asc' },
    });
  });

  it('opens a row with Enter', async () => {
    renderContacts({ path: '/contacts', routes: { '/contacts': <ContactListPage />, '/contacts/:id': <p>Contact page</p> }, handlers: { listContacts: listHandler } });
    const row = await screen.findByRole('row', { name: /Baker/ });
    act(() => row.focus());
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/contacts/2');
  });
});

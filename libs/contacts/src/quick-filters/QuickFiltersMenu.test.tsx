import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@crm/api-client';
import { DUPLICATE_QUICK_FILTER, type QuickFilter } from '@crm/contract';
import { callsOf, contactFixture, type FakeClient, type Handlers } from '@crm/testing';
import { Toaster } from '@crm/ui';
import { storageKey } from '@crm/util';
import { ContactListPage } from '../ContactListPage';
import { polyfillPointer, renderContacts } from '../test/render';
import { polyfillResizeObserver } from '../test/resize-observer';

const listContacts = () => ({
  data: [contactFixture({ id: 1, last_name: 'Adams' })],
  meta: { current_page: 1, limit: 100, total_count: 1, total_pages: 1, total_count_capped: false, next_cursor: null },
});

const texas: QuickFilter = {
  id: 4,
  name: 'Texas clients',
  // As the server stores it: normalised, with defaults filled in.
  contacts_scope: {
    search: [{ field: 'state', operator: 'in', value: 'TX' }],
    category: 'client',
    contact_group: 'mine',
    all_downline: false,
    included_tags: [3],
    carriers: [8],
    order_field: 'city',
    order: 'desc',
    page: 1,
    limit: 25,
    select_n: false,
    trashed: false,
  },
  created_at: '2026-01-02T03:04:05Z',
  updated_at: '2026-01-02T03:04:05Z',
};

const scopes = (client: FakeClient) =>
  callsOf(client, 'listContacts').map((call) => (call?.body as { contacts_scope: Record<string, unknown> }).contacts_scope);

function renderList(handlers: Handlers) {
  return renderContacts({
    path: '/contacts',
    routes: {
      '/contacts': (
        <>
          <ContactListPage />
          <Toaster />
        </>
      ),
    },
    handlers: { listContacts, searchTags: () => ({ data: [] }), listCarriers: () => ({ data: [] }), listFavorites: () => ({ data: [] }), ...handlers },
  });
}

async function openMenu() {
  await screen.findByRole('row', { name: /Adams/ });
  await userEvent.click(screen.getByRole('button', { name: 'Quick filters' }));
  return screen.findByRole('region', { name: 'Quick filters' });
}

describe('quick filters on the contact list', { timeout: 60_000 }, () => {
  beforeAll(() => {
    polyfillPointer();
    polyfillResizeObserver();
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1024);
  });
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(
      storageKey(7, 'contacts_search'),
      JSON.stringify({ q: 'pat', category: 'lead', filters: { excluded_policy_types: ['annuity'] } }),
    );
  });

  it('saves the current search under a name; a taken name shows beside the field', async () => {
    const saved: QuickFilter[] = [];
    const { client } = renderList({
      listQuickFilters: () => ({ data: saved }),
      createQuickFilter: (options) => {
        const body = options?.body as { name: string; contacts_scope: Record<string, unknown> };
        if (body.name === 'Taken') throw new ApiError(422, { errors: { name: DUPLICATE_QUICK_FILTER } });
        const filter = { ...texas, id: 9, name: body.name, contacts_scope: body.contacts_scope };
        saved.push(filter);
        return { data: filter };
      },
    });
    const menu = await openMenu();
    expect(await within(menu).findByText('No quick filters yet. Save a search to reuse it.')).toBeVisible();
    await userEvent.click(within(menu).getByRole('button', { name: 'Save current search…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save current search' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name is required')).toBeVisible();
    expect(callsOf(client, 'createQuickFilter')).toHaveLength(0);

    await userEvent.type(name, 'Taken');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(DUPLICATE_QUICK_FILTER)).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(DUPLICATE_QUICK_FILTER);

    await userEvent.clear(name);
    await userEvent.type(name, 'Pat leads');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Quick filter “Pat leads” saved')).toBeVisible();
    expect(callsOf(client, 'createQuickFilter').at(-1)?.body).toEqual({
      name: 'Pat leads',
      contacts_scope: {
        q: 'pat',
        excluded_policy_types: ['annuity'],
        category: 'lead',
        contact_group: 'all_agents',
        order_field: 'last_name',
        order: 'asc',
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const reopened = await openMenu();
    expect(await within(reopened).findByRole('button', { name: 'Apply Pat leads' })).toBeVisible();
  });

  it('applies a saved filter: its scope replaces the whole current one', async () => {
    const { client } = renderList({ listQuickFilters: () => ({ data: [texas] }) });
    const menu = await openMenu();
    await userEvent.click(await within(menu).findByRole('button', { name: 'Apply Texas clients' }));
    expect(screen.queryByRole('region', { name: 'Quick filters' })).toBeNull();
    await waitFor(() =>
      expect(scopes(client).at(-1)).toEqual({
        search: [{ field: 'state', operator: 'in', value: ['TX'] }],
        included_tags: [3],
        carriers: [8],
        category: 'client',
        contact_group: 'mine',
        order_field: 'city',
        order: 'desc',
        page: 1,
        limit: 100,
      }),
    );
    expect(screen.getByRole('searchbox', { name: 'Search contacts' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Clients' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Advanced search (3)' })).toBeVisible();
    expect(screen.getByText('Quick filter “Texas clients” applied.')).toBeVisible();
    const cached = JSON.parse(localStorage.getItem(storageKey(7, 'contacts_search')) ?? '{}');
    expect(cached).toMatchObject({ q: '', category: 'client', filters: { included_tags: [3], carriers: [8], excluded_policy_types: [] } });
  });

  it('renames a filter and deletes it after confirming', async () => {
    let filters = [texas];
    const { client } = renderList({
      listQuickFilters: () => ({ data: filters }),
      updateQuickFilter: (options) => {
        const name = (options?.body as { name: string }).name;
        filters = [{ ...texas, name }];
        return { data: filters[0] };
      },
      deleteQuickFilter: () => {
        filters = [];
        return undefined;
      },
    });
    let menu = await openMenu();
    await userEvent.click(await within(menu).findByRole('button', { name: 'Rename Texas clients' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename “Texas clients”' });
    const name = within(rename).getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Texas clients');
    await userEvent.clear(name);
    await userEvent.type(name, 'TX clients');
    await userEvent.click(within(rename).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Quick filter renamed to “TX clients”')).toBeVisible();
    expect(callsOf(client, 'updateQuickFilter')[0]).toMatchObject({ params: { id: 4 }, body: { name: 'TX clients' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    menu = await openMenu();
    await userEvent.click(await within(menu).findByRole('button', { name: 'Delete TX clients' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the quick filter “TX clients”?' });
    expect(callsOf(client, 'deleteQuickFilter')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Quick filter “TX clients” deleted')).toBeVisible();
    expect(callsOf(client, 'deleteQuickFilter')[0]).toMatchObject({ params: { id: 4 } });
    menu = await openMenu();
    expect(await within(menu).findByText('No quick filters yet. Save a search to reuse it.')).toBeVisible();
  });

  it('closes the menu with Escape and gives the focus back to its button', async () => {
    renderList({ listQuickFilters: () => ({ data: [texas] }) });
    await openMenu();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Quick filters' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Quick filters' })).toHaveFocus();
  });
});

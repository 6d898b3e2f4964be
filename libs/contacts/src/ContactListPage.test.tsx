import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type DownloadProgress } from '@crm/api-client';
import type { Contact, Tag } from '@crm/contract';
import { callsOf, contactFixture, type CallOptions } from '@crm/testing';
import { Toaster } from '@crm/ui';
import { storageKey } from '@crm/util';
import { ContactListPage } from './ContactListPage';
import { contactColumnsKey, saveContactColumns } from './contact-columns';
import { polyfillPointer, renderContacts } from './test/render';
import { polyfillResizeObserver } from './test/resize-observer';

function contact(id: number, last: string): Contact {
  return contactFixture({ id, last_name: last, phones: [{ id, number: '15551234567', phone_type: 2 }], city: 'Austin', state: 'TX' });
}

const rows = [contact(1, 'Adams'), contact(2, 'Baker'), contact(3, 'Clark')];

function listHandler(options: CallOptions) {
  const scope = (options?.body as { contacts_scope: { q?: string } }).contacts_scope;
  const data = scope.q === 'nobody' ? [] : rows;
  return {
    data,
    meta: { current_page: 1, limit: 100, total_count: data.length ? 1200 : 0, total_pages: 1, total_count_capped: false },
  };
}

const scopes = (client: Parameters<typeof callsOf>[0]) =>
  callsOf(client, 'listContacts').map((call) => (call?.body as { contacts_scope: Record<string, unknown> }).contacts_scope);

const hot: Tag = { id: 1, name: 'Hot', color: '#b91c1c' };
const cold: Tag = { id: 2, name: 'Cold', color: '#1d4ed8' };

describe('ContactListPage', { timeout: 60_000 }, () => {
  beforeAll(() => {
    polyfillPointer();
    polyfillResizeObserver();
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
    saveContactColumns(7, ['name', 'city', 'owner']);
    const { client } = renderContacts({ path: '/contacts', routes: { '/contacts': <ContactListPage /> }, handlers: { listContacts: listHandler } });
    expect(await screen.findByRole('row', { name: /Adams/ })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search contacts' })).toHaveValue('pat');
    expect(scopes(client)[0]).toMatchObject({ q: 'pat', category: 'client', contact_group: 'mine', order_field: 'city', order: 'desc', limit: 100 });
    expect(screen.getByRole('button', { name: 'Clients' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('columnheader', { name: /City/ })).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    await waitFor(() => expect(scopes(client).at(-1)).toMatchObject({ order_field: 'last_name', order: 'asc' }));
    const cached = JSON.parse(localStorage.getItem(storageKey(7, 'contacts_search')) ?? '{}');
    expect(cached).toMatchObject({ q: 'pat', category: 'client', order_field: 'last_name', order: 'asc' });
  });

  it('shows the columns the user chooses (the name always), and keeps the choice under their id', async () => {
    renderContacts({ path: '/contacts', routes: { '/contacts': <ContactListPage /> }, handlers: { listContacts: listHandler } });
    await screen.findByRole('row', { name: /Adams/ });
    const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent?.trim()).slice(1);
    expect(headers()).toEqual(['Name', 'Category', 'Phone', 'Email', 'Tags', 'Owner', 'Created']);

    await userEvent.click(screen.getByRole('button', { name: 'Choose the columns' }));
    expect(await screen.findByRole('menuitemcheckbox', { name: 'Name' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'City' }));
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Tags' }));
    // The menu stays open while several are ticked.
    expect(screen.getByRole('menuitemcheckbox', { name: 'City' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{Escape}');
    expect(headers()).toEqual(['Name', 'Category', 'Phone', 'Email', 'City', 'Owner', 'Created']);
    expect(JSON.parse(localStorage.getItem(contactColumnsKey(7)) ?? 'null')).toEqual(['name', 'category', 'phone', 'email', 'city', 'owner', 'created']);
  });

  it('on a phone: cards instead of table rows, and the page actions and the selection actions in menus', async () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      const { client } = renderContacts({ path: '/contacts', routes: { '/contacts': <ContactListPage /> }, handlers: { listContacts: listHandler } });
      const cards = await screen.findByRole('list', { name: 'Contacts' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(within(cards).getByRole('link', { name: 'Pat Adams' })).toHaveAttribute('href', '/contacts/1');
      expect(screen.queryByRole('button', { name: 'Choose the columns' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Trash' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'New contact' })).toBeVisible();

      await userEvent.click(screen.getByRole('button', { name: 'Contact list actions' }));
      const menu = await screen.findByRole('menu');
      expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
        'Import',
        'Transfers',
        'Export CSV',
        'Export Excel',
        'Duplicates',
        'Trash',
      ]);
      await userEvent.click(within(menu).getByRole('menuitem', { name: 'Trash' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
      await userEvent.click(screen.getByRole('button', { name: 'Back to contacts' }));

      await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
      await userEvent.click(await screen.findByRole('option', { name: 'Newest first' }));
      await waitFor(() => expect(scopes(client).at(-1)).toMatchObject({ order_field: 'created_at', order: 'desc' }));

      await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Pat Adams' }));
      await userEvent.click(screen.getByRole('button', { name: 'Actions on the selected contacts' }));
      expect(await screen.findByRole('menuitem', { name: 'Delete selected' })).toBeVisible();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('searches 500 ms after the last keystroke and shows the empty state', async () => {
    const { client } = renderContacts({ path: '/contacts', routes: { '/contacts': <ContactListPage /> }, handlers: { listContacts: listHandler } });
    await screen.findByRole('row', { name: /Adams/ });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search contacts' }), 'nobody');
    expect(scopes(client).some((scope) => scope['q'] === 'nobody')).toBe(false);
    expect(await screen.findByText('No contacts match')).toBeVisible();
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

  it('says "1,000+" past the count cap and counts them all when asked, for that search only', async () => {
    const capped = (options: CallOptions) => {
      const scope = (options?.body as { contacts_scope: { exact_count?: boolean } }).contacts_scope;
      const data = [contact(1, 'Adams'), contact(2, 'Baker')];
      return scope.exact_count
        ? { data: data.slice(0, 1), meta: { current_page: 1, limit: 1, total_count: 37_090, total_pages: 37_090, total_count_capped: false, next_cursor: null } }
        : // (one page here: the list asks for the next page of a capped count only after a full one)
          { data, meta: { current_page: 1, limit: 100, total_count: 1000, total_pages: 1, total_count_capped: true, next_cursor: null } };
    };
    const { client } = renderContacts({ path: '/contacts', routes: { '/contacts': <ContactListPage /> }, handlers: { listContacts: capped } });
    await screen.findByRole('row', { name: /Adams/ });
    expect(screen.getByText('1,000+ contacts')).toBeVisible();
    expect(scopes(client).some((scope) => scope['exact_count'])).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Count all' }));
    expect(await screen.findByText('37,090 contacts')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Count all' })).toBeNull();
    expect(scopes(client).filter((scope) => scope['exact_count'])).toEqual([expect.objectContaining({ exact_count: true, limit: 1, page: 1 })]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all loaded contacts' }));
    expect(screen.getByRole('button', { name: 'Select all 37,090 matching' })).toBeVisible();
    // another search is counted to the cap again until asked
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search contacts' }), 'ba');
    expect(await screen.findByText('1,000+ contacts')).toBeVisible();
    expect(scopes(client).filter((scope) => scope['exact_count'])).toHaveLength(1);
  });

  it('exports every contact matching the search, or the ticked ones, and says why when the server refuses', async () => {
    const { client } = renderContacts({ path: '/contacts', routes: { '/contacts': <><ContactListPage /><Toaster /></> }, handlers: { listContacts: listHandler } });
    await screen.findByRole('row', { name: /Adams/ });
    const blob = new Blob(['ID,First name']);
    // the file arrives in parts: the process notification follows it, then names the file saved
    let arrived: (() => void) | undefined;
    vi.mocked(client.download).mockImplementationOnce(async (_name: unknown, options?: { onProgress?: (progress: DownloadProgress) => void }) => {
      options?.onProgress?.({ bytes: 2_500_000, rows: 10_000, expectedRows: 40_000 });
      await new Promise<void>((resolve) => (arrived = resolve));
      options?.onProgress?.({ bytes: 9_600_000, rows: 40_210, expectedRows: 40_000 });
      return { filename: 'contacts-2026-11-22.csv', blob };
    });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exporting CSV… 10,000 of about 40,000 contacts (25%), 2.5 MB received')).toBeVisible();
    act(() => arrived?.());
    await waitFor(() => expect(client.saveDownload).toHaveBeenCalledWith({ filename: 'contacts-2026-11-22.csv', blob }));
    expect(await screen.findByText('Saved contacts-2026-11-22.csv with 40,210 contacts (1 KB).')).toBeVisible();
    expect(vi.mocked(client.download).mock.calls[0]).toEqual([
      'exportContactsCsv',
      { body: { all: true, contacts_scope: { category: 'all', contact_group: 'all_agents', order_field: 'last_name', order: 'asc' } }, onProgress: expect.any(Function) },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(/Saved contacts/)).toBeNull();
    vi.mocked(client.download).mockResolvedValue({ filename: 'contacts-2026-11-22.xlsx', blob });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all loaded contacts' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export Excel' }));
    await waitFor(() => expect(vi.mocked(client.download).mock.calls[1]?.[0]).toBe('exportContactsXlsx'));
    expect((vi.mocked(client.download).mock.calls[1]?.[1] as { body: { ids: number[] } }).body.ids).toHaveLength(3);
    vi.mocked(client.download).mockRejectedValue(new ApiError(503, {}, { message: 'Service Unavailable', statusText: 'Service Unavailable' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Service Unavailable')).toBeVisible();
    expect(screen.getByText('The CSV export stopped: Service Unavailable')).toBeVisible();
  });

  it('opens a row with Enter', async () => {
    renderContacts({ path: '/contacts', routes: { '/contacts': <ContactListPage />, '/contacts/:id': <p>Contact page</p> }, handlers: { listContacts: listHandler } });
    const row = await screen.findByRole('row', { name: /Baker/ });
    act(() => row.focus());
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/contacts/2');
  });

  it('filters by tags and policy types included and excluded and by carriers from the filter panel, and caches them', async () => {
    const { client } = renderContacts({
      path: '/contacts',
      routes: { '/contacts': <ContactListPage /> },
      handlers: {
        listContacts: listHandler,
        searchTags: () => ({ data: [cold, hot] }),
        listCarriers: () => ({ data: [{ id: 5, name: 'Acme Life' }, { id: 6, name: 'Bayside Mutual' }] }),
        listFavorites: () => ({ data: [] }),
      },
    });
    await screen.findByRole('row', { name: /Adams/ });
    await userEvent.click(screen.getByRole('button', { name: 'Advanced search' }));
    const group = (name: RegExp) => screen.getByRole('group', { name });

    await userEvent.click(await within(group(/^Tags included/)).findByRole('checkbox', { name: 'Hot' }));
    await userEvent.click(within(group(/^Tags included/)).getByRole('checkbox', { name: 'Cold' }));
    // Excluding a tag takes it out of the included ones.
    await userEvent.click(within(group(/^Tags excluded/)).getByRole('checkbox', { name: 'Cold' }));
    expect(within(group(/^Tags included/)).getByRole('checkbox', { name: 'Cold' })).not.toBeChecked();
    await userEvent.click(within(group(/^Policy types included/)).getByRole('checkbox', { name: 'Medicare Advantage' }));
    await userEvent.click(within(group(/^Policy types excluded/)).getByRole('checkbox', { name: 'Final expense' }));
    await userEvent.type(within(group(/^Carriers/)).getByRole('searchbox', { name: 'Find carriers' }), 'bay');
    expect(within(group(/^Carriers/)).queryByRole('checkbox', { name: 'Acme Life' })).toBeNull();
    await userEvent.click(within(group(/^Carriers/)).getByRole('checkbox', { name: 'Bayside Mutual' }));
    expect(scopes(client).at(-1)).not.toHaveProperty('carriers');

    await userEvent.click(screen.getByRole('button', { name: 'Apply search' }));
    await waitFor(() =>
      expect(scopes(client).at(-1)).toEqual({
        included_tags: [1],
        excluded_tags: [2],
        included_policy_types: ['medicare_advantage'],
        excluded_policy_types: ['final_expense'],
        carriers: [6],
        category: 'all',
        contact_group: 'all_agents',
        order_field: 'last_name',
        order: 'asc',
        page: 1,
        limit: 100,
      }),
    );
    expect(screen.getByRole('button', { name: 'Advanced search (5)' })).toBeVisible();
    const cached = JSON.parse(localStorage.getItem(storageKey(7, 'contacts_search')) ?? '{}');
    expect(cached.filters).toEqual({
      owner_ids: [],
      all_downline: false,
      included_tags: [1],
      excluded_tags: [2],
      included_policy_types: ['medicare_advantage'],
      excluded_policy_types: ['final_expense'],
      carriers: [6],
    });
  });

  it('lists favourite users first in the owner filter, with a star that adds and removes favourites', async () => {
    let favorites = [{ id: 12, name: 'Cy Fave', email: 'cy@example.com' }];
    const bo = { id: 9, name: 'Bo Boss' };
    const { client } = renderContacts({
      path: '/contacts',
      routes: { '/contacts': <ContactListPage /> },
      handlers: {
        listContacts: () => ({
          data: [contactFixture({ id: 1, last_name: 'Adams', owner: bo })],
          meta: { current_page: 1, limit: 100, total_count: 1, total_pages: 1, total_count_capped: false, next_cursor: null },
        }),
        searchTags: () => ({ data: [] }),
        listCarriers: () => ({ data: [] }),
        listFavorites: () => ({ data: favorites }),
        addFavorite: (options) => {
          favorites = [...favorites, { ...bo, email: 'bo@example.com' }];
          expect(options?.body).toEqual({ favorite_id: 9 });
          return { data: favorites };
        },
        removeFavorite: (options) => {
          favorites = favorites.filter((user) => user.id !== (options?.body as { favorite_id: number }).favorite_id);
          return { data: favorites };
        },
      },
    });
    await screen.findByRole('row', { name: /Adams/ });
    await userEvent.click(screen.getByRole('button', { name: 'Advanced search' }));
    const owners = screen.getByRole('group', { name: /^Owners/ });
    await within(owners).findByRole('checkbox', { name: 'Cy Fave' });
    expect(within(owners).getAllByRole('checkbox').map((box) => box.textContent || box.getAttribute('aria-label') || box.id)).toHaveLength(4);
    const names = within(owners)
      .getAllByRole('checkbox')
      .map((box) => document.querySelector(`label[for="${box.id}"]`)?.textContent);
    expect(names).toEqual(['Cy Fave', 'Ann Agent (me)', 'Bo Boss', 'Include their downline']);
    expect(within(owners).getByRole('button', { name: 'Favourite Cy Fave' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(owners).queryByRole('button', { name: /Favourite Ann Agent/ })).toBeNull();

    await userEvent.click(within(owners).getByRole('button', { name: 'Favourite Bo Boss' }));
    await waitFor(() => expect(within(owners).getByRole('button', { name: 'Favourite Bo Boss' })).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(within(owners).getByRole('button', { name: 'Favourite Cy Fave' }));
    await waitFor(() => expect(callsOf(client, 'removeFavorite')[0]?.body).toEqual({ favorite_id: 12 }));
    await waitFor(() => expect(within(owners).queryByRole('checkbox', { name: 'Cy Fave' })).toBeNull());

    expect(within(owners).getByRole('checkbox', { name: 'Include their downline' })).toBeDisabled();
    await userEvent.click(within(owners).getByRole('checkbox', { name: 'Bo Boss' }));
    await userEvent.click(within(owners).getByRole('checkbox', { name: 'Include their downline' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply search' }));
    await waitFor(() => expect(scopes(client).at(-1)).toMatchObject({ owner_ids: [9], all_downline: true }));
  });

  it('shows tags as coloured chips and tags the ticked rows: add, remove, a new tag made inline', async () => {
    const tags = [cold, hot];
    let listed = 0;
    const { client } = renderContacts({
      path: '/contacts',
      routes: {
        '/contacts': (
          <>
            <ContactListPage />
            <Toaster />
          </>
        ),
      },
      handlers: {
        listContacts: () => {
          listed += 1;
          return {
            data: [contactFixture({ id: 1, last_name: 'Adams', tags: [hot] }), contactFixture({ id: 2, last_name: 'Baker' }), contactFixture({ id: 3, last_name: 'Clark' })],
            meta: { current_page: 1, limit: 100, total_count: 3, total_pages: 1, total_count_capped: false, next_cursor: null },
          };
        },
        searchTags: () => ({ data: [...tags] }),
        createTag: (options) => {
          const body = options?.body as { name: string; color: string };
          if (body.name === 'Hot') throw new ApiError(422, { errors: { name: 'A tag with this name already exists' } });
          const tag = { id: 3, ...body };
          tags.push(tag);
          return { data: tag };
        },
        updateTagsGroup: () => ({ count: 2 }),
      },
    });
    const adams = await screen.findByRole('row', { name: /Adams/ });
    const chip = within(adams).getByText('Hot');
    expect(chip).toHaveStyle({ backgroundColor: '#b91c1c', color: '#ffffff' });

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Pat Adams' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Pat Baker' }));
    await userEvent.click(screen.getByRole('button', { name: 'Tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tag 2 contacts' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply tags' }));
    expect(within(dialog).getByText('Choose tags to add or to remove')).toBeVisible();
    expect(callsOf(client, 'updateTagsGroup')).toHaveLength(0);

    const remove = within(dialog).getByRole('group', { name: /^Tags to remove/ });
    await userEvent.click(await within(remove).findByRole('checkbox', { name: 'Cold' }));

    await userEvent.type(within(dialog).getByRole('textbox', { name: /New tag name/ }), 'Hot');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create tag' }));
    expect(await within(dialog).findByText('A tag with this name already exists')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: /New tag name/ })).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /New tag name/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /New tag name/ }), 'VIP');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Green' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create tag' }));
    const add = within(dialog).getByRole('group', { name: /^Tags to add/ });
    await waitFor(() => expect(within(add).getByRole('checkbox', { name: 'VIP' })).toBeChecked());
    expect(callsOf(client, 'createTag').at(-1)?.body).toEqual({ name: 'VIP', color: '#047857' });

    const before = listed;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply tags' }));
    expect(await screen.findByText('Tagged 2 contacts')).toBeVisible();
    expect(callsOf(client, 'updateTagsGroup')[0]?.body).toEqual({ ids: [1, 2], tags: [3], remove_tags: [2] });
    await waitFor(() => expect(listed).toBeGreaterThan(before));
    expect(screen.queryByRole('dialog', { name: 'Tag 2 contacts' })).toBeNull();
  });

  it('tags all matching contacts with the list scope', async () => {
    const { client } = renderContacts({
      path: '/contacts',
      routes: { '/contacts': <ContactListPage /> },
      handlers: { listContacts: listHandler, searchTags: () => ({ data: [cold, hot] }), updateTagsGroup: () => ({ count: 1200 }) },
    });
    await screen.findByRole('row', { name: /Adams/ });
    await userEvent.click(screen.getByRole('button', { name: 'Clients' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all loaded contacts' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select all 1,200 matching' }));
    await userEvent.click(screen.getByRole('button', { name: 'Tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tag all 1,200 contacts' });
    await userEvent.click(await within(within(dialog).getByRole('group', { name: /^Tags to add/ })).findByRole('checkbox', { name: 'Hot' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply tags' }));
    await waitFor(() =>
      expect(callsOf(client, 'updateTagsGroup')[0]?.body).toEqual({
        all: true,
        contacts_scope: { category: 'client', contact_group: 'all_agents', order_field: 'last_name', order: 'asc' },
        tags: [1],
        remove_tags: [],
      }),
    );
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Contact } from '@crm/contract';
import { callsOf, contactFixture, makeUser, type FakeClient, type Handlers } from '@crm/testing';
import { Toaster } from '@crm/ui';
import { storageKey } from '@crm/util';
import { polyfillPointer, renderContacts } from '../test/render';
import { polyfillResizeObserver } from '../test/resize-observer';
import { DuplicatesPage } from './DuplicatesPage';

const first = contactFixture({
  id: 21,
  first_name: 'Pat',
  last_name: 'Lee',
  city: 'Austin',
  phones: [{ id: 1, number: '15125550101', phone_type: 2 }],
  duplicate_group: 'pat|lee',
  created_at: '2025-01-01T03:30:00Z',
});
const second = contactFixture({
  id: 22,
  first_name: 'Pat',
  last_name: 'Lee',
  city: 'Denver',
  phones: [{ id: 2, number: '13035550102', phone_type: 2 }],
  tags: [{ id: 1, name: 'Hot', color: '#b91c1c' }],
  duplicate_group: 'pat|lee',
  created_at: '2025-03-01T12:00:00Z',
});
const third = contactFixture({ id: 30, first_name: 'Sam', last_name: 'Young', duplicate_group: 'sam|young' });
const fourth = contactFixture({ id: 31, first_name: 'Sam', last_name: 'Young', duplicate_group: 'sam|young' });

const scopes = (client: FakeClient) =>
  callsOf(client, 'listContacts').map((call) => (call?.body as { contacts_scope: Record<string, unknown> }).contacts_scope);

const mergeOn = makeUser({ features: { ...makeUser().features, contact_merge: true } });

function renderDuplicates(handlers: Handlers, user = mergeOn) {
  let merged = false;
  const data = (): Contact[] => (merged ? [third, fourth] : [first, second, third, fourth]);
  return renderContacts({
    path: '/contacts/duplicates',
    user,
    routes: {
      '/contacts/duplicates': (
        <>
          <DuplicatesPage />
          <Toaster />
        </>
      ),
      '/contacts/:id': <h1>Contact page</h1>,
    },
    handlers: {
      listContacts: (options) => {
        const page = (options?.body as { contacts_scope: { page: number } }).contacts_scope.page;
        return {
          data: page === 1 ? data() : [contactFixture({ id: 90, first_name: 'Zoe', last_name: 'Zane', duplicate_group: 'zoe|zane' })],
          meta: { current_page: page, limit: 50, total_count: 51, total_pages: 2, total_count_capped: false, next_cursor: null },
        };
      },
      listContactNotes: () => ({ data: [], meta: { current_page: 1, limit: 1, total_count: 3, total_pages: 3 } }),
      listContactFiles: () => ({ data: [{ id: 1 }] }),
      listPolicies: () => ({ data: [] }),
      listSecurities: () => ({ data: [] }),
      mergeContacts: () => {
        merged = true;
        return { data: first };
      },
      ...handlers,
    },
  });
}

describe('DuplicatesPage', { timeout: 60_000 }, () => {
  beforeAll(() => {
    polyfillPointer();
    polyfillResizeObserver();
  });
  beforeEach(() => localStorage.clear());

  it('scans with the chosen options, 50 a page, last name ascending, shows groups and caches the options', async () => {
    const { client } = renderDuplicates({});
    expect(await screen.findByRole('heading', { level: 2, name: /Pat Lee/ })).toBeVisible();
    expect(scopes(client)[0]).toEqual({
      duplicates: { first_name: true, last_name: true, address: false, phone: false, email: false },
      contact_group: 'all_agents',
      order_field: 'last_name',
      order: 'asc',
      page: 1,
      limit: 50,
    });
    const group = screen.getByRole('region', { name: 'Duplicates of Pat Lee' });
    expect(within(group).getAllByRole('row')).toHaveLength(3);
    // Dates in the user's time zone (est): 03:30 UTC on January 1 is still December 31 in New York.
    expect(within(group).getByText('12/31/2024')).toBeVisible();
    expect(screen.getByRole('region', { name: 'Duplicates of Sam Young' })).toBeVisible();
    expect(screen.getByText('51 contacts with duplicates')).toBeVisible();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Address' }));
    await waitFor(() => expect(scopes(client).at(-1)).toMatchObject({ duplicates: { first_name: true, last_name: true, address: true } }));
    expect(JSON.parse(localStorage.getItem(storageKey(7, 'contacts_duplicate_options')) ?? '{}')).toEqual({
      first_name: true,
      last_name: true,
      address: true,
      phone: false,
      email: false,
    });
    // the first phone and the first e-mail are options too
    await userEvent.click(screen.getByRole('checkbox', { name: 'First phone' }));
    await waitFor(() => expect(scopes(client).at(-1)).toMatchObject({ duplicates: { address: true, phone: true, email: false } }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'First e-mail' }));
    await waitFor(() => expect(scopes(client).at(-1)).toMatchObject({ duplicates: { phone: true, email: true } }));

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('region', { name: 'Duplicates of Zoe Zane' })).toBeVisible();
    expect(scopes(client).at(-1)).toMatchObject({ page: 2, limit: 50 });
    expect(screen.getByText('Page 2 of 2')).toBeVisible();
  });

  it('asks for a field when none is ticked, and restores cached options', async () => {
    localStorage.setItem(storageKey(7, 'contacts_duplicate_options'), JSON.stringify({ first_name: false, last_name: false, address: false }));
    const { client } = renderDuplicates({});
    expect(await screen.findByText('Choose what to compare')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'First name' })).not.toBeChecked();
    expect(callsOf(client, 'listContacts')).toHaveLength(0);
  });

  it('hides Merge when the contact_merge feature is off for the user', async () => {
    renderDuplicates({}, makeUser());
    await screen.findByRole('region', { name: 'Duplicates of Pat Lee' });
    expect(screen.queryByRole('button', { name: /^Merge/ })).toBeNull();
  });

  it('merges a group with values chosen side by side; the toast links to the survivor and the group goes', async () => {
    const { client } = renderDuplicates({});
    const group = await screen.findByRole('region', { name: 'Duplicates of Pat Lee' });
    await userEvent.click(within(group).getByRole('button', { name: 'Merge Pat Lee (2 contacts)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge 2 contacts' });

    // One column per contact; the oldest stays unless chosen otherwise.
    expect(within(dialog).getByRole('columnheader', { name: 'Pat Lee (#21)' })).toBeVisible();
    expect(within(dialog).getByRole('columnheader', { name: 'Pat Lee (#22)' })).toBeVisible();
    expect(within(dialog).getByRole('radio', { name: 'Keep Pat Lee (#21)' })).toBeChecked();
    // Only the fields that differ show first; the survivor's value is chosen.
    expect(within(dialog).queryByRole('row', { name: /First name/ })).toBeNull();
    expect(within(dialog).getByRole('radio', { name: 'City from Pat Lee (#21): Austin' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Show only fields whose values differ' }));
    expect(within(dialog).getByRole('row', { name: /First name/ })).toBeVisible();

    // What moves from the other contact.
    expect(await within(dialog).findByText(/1 phone, 0 e-mails, 3 notes, 1 file, 1 tag, 0 policies, 0 securities/)).toBeVisible();

    await userEvent.click(within(dialog).getByRole('radio', { name: 'City from Pat Lee (#22): Denver' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() =>
      expect(callsOf(client, 'mergeContacts')[0]?.body).toEqual({ survivor_id: 21, merged_ids: [22], fields: { city: 22 } }),
    );
    expect(await screen.findByText(/Merged 2 contacts/)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Duplicates of Pat Lee' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Open Pat Lee' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/contacts/21');
  });

  it('merges into another survivor chosen in the comparison', async () => {
    const { client } = renderDuplicates({});
    const group = await screen.findByRole('region', { name: 'Duplicates of Pat Lee' });
    await userEvent.click(within(group).getByRole('button', { name: /^Merge/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Merge 2 contacts' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Keep Pat Lee (#22)' }));
    expect(within(dialog).getByRole('radio', { name: 'City from Pat Lee (#22): Denver' })).toBeChecked();
    expect(within(dialog).getByRole('heading', { name: 'What moves to Pat Lee (#22)' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await waitFor(() => expect(callsOf(client, 'mergeContacts')[0]?.body).toEqual({ survivor_id: 22, merged_ids: [21], fields: {} }));
  });
});

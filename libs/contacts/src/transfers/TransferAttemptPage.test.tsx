import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@crm/api-client';
import type { TransferAttempt, TransferLog } from '@crm/contract';
import { callsOf, type FakeClient, type Handlers, transferAttemptFixture } from '@crm/testing';
import { polyfillPointer, renderContacts } from '../test/render';
import { polyfillResizeObserver } from '../test/resize-observer';
import { TransferAttemptPage } from './TransferAttemptPage';

const attemptFixture = transferAttemptFixture;

function log(contactId: number, name: string): TransferLog {
  return {
    contact_id: contactId,
    contact_name: name,
    from_user: { id: 7, name: 'Ann Agent' },
    to_user: { id: 9, name: 'Jane Doe' },
    created_at: '2025-01-01T03:31:00Z',
  };
}

const logsMeta = (page: number) => ({ current_page: page, limit: 50, total_count: 51, total_pages: 2 });

/** Renders /contacts/transfers/5; `attempt` answers each status poll (the current one until it changes). */
function renderAttempt(attempt: () => TransferAttempt, handlers: Handlers = {}) {
  return renderContacts({
    path: '/contacts/transfers/5',
    routes: {
      '/contacts/transfers/:id': <TransferAttemptPage />,
      '/contacts/transfers': <h1>Transfers list</h1>,
      '/contacts/:id': <h1>Contact page</h1>,
    },
    handlers: {
      transferAttemptStatus: () => ({ data: attempt() }),
      listStatuses: () => ({ data: [{ id: 3, title: 'Contacted' }] }),
      listSources: () => ({ data: [{ id: 4, title: 'Referral' }] }),
      listAgentflowStatuses: () => ({ data: [] }),
      listTransferLogs: (options) => {
        const { page, q } = options?.query as { page: number; q?: string };
        if (q) return { data: [log(31, 'Sam Young')].filter((l) => l.contact_name.toLowerCase().includes(q)), meta: { current_page: 1, limit: 50, total_count: 1, total_pages: 1 } };
        return { data: page === 1 ? [log(21, 'Pat Lee'), log(22, 'Lee Park')] : [log(31, 'Sam Young')], meta: logsMeta(page) };
      },
      ...handlers,
    },
  });
}

const statusPolls = (client: FakeClient) => callsOf(client, 'transferAttemptStatus').length;

describe('TransferAttemptPage', { timeout: 60_000 }, () => {
  beforeAll(() => {
    polyfillPointer();
    polyfillResizeObserver();
  });

  it('shows the summary and the moved contacts, 50 a page, searchable, with links to the contacts', async () => {
    const { client } = renderAttempt(() => attemptFixture({ changes: { category: 'client', status_id: null, source_id: 4 } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Transfer to Jane Doe' })).toBeVisible();
    expect(screen.getByText('Ann Agent', { selector: 'dd' })).toBeVisible();
    expect(screen.getByText('12/31/2024 10:30 PM')).toBeVisible();
    expect(screen.getByText('120 of 120 moved')).toBeVisible();
    expect(screen.getByText('Category: Client')).toBeVisible();
    expect(screen.getByText('Status: cleared')).toBeVisible();
    // a status or source by its title
    expect(await screen.findByText('Source: Referral')).toBeVisible();
    expect(callsOf(client, 'transferAttemptStatus')[0]).toMatchObject({ params: { id: 5 } });

    const table = await screen.findByRole('table', { name: 'Moved contacts' });
    expect(within(table).getByRole('row', { name: /Pat Lee/ })).toBeVisible();
    expect(callsOf(client, 'listTransferLogs')[0]).toMatchObject({ params: { id: 5 }, query: { page: 1, limit: 50 } });

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Sam Young' })).toBeVisible();
    expect(callsOf(client, 'listTransferLogs').at(-1)).toMatchObject({ query: { page: 2, limit: 50 } });
    expect(screen.getByText('Page 2 of 2')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('link', { name: 'Pat Lee' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search moved contacts' }), 'sam');
    expect(await screen.findByRole('link', { name: 'Sam Young' })).toBeVisible();
    expect(callsOf(client, 'listTransferLogs').at(-1)).toMatchObject({ query: { page: 1, limit: 50, q: 'sam' } });

    await userEvent.click(screen.getByRole('link', { name: 'Sam Young' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/contacts/31');
  });

  it('polls a running transfer every second with a progress bar, until it is done', async () => {
    let polls = 0;
    const { client } = renderAttempt(() => {
      polls += 1;
      return polls < 2 ? attemptFixture({ status: 'processing', progress: 40, moved_count: 48 }) : attemptFixture();
    });
    const bar = await screen.findByRole('progressbar', { name: 'Moving 120 contacts to Jane Doe' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Confirm' })).toBeVisible();
    expect(screen.queryByRole('progressbar')).toBeNull();
    const asked = statusPolls(client);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(statusPolls(client)).toBe(asked);
  });

  it('confirms a done transfer with PATCH status complete, then offers neither Confirm nor Revert', async () => {
    let attempt = attemptFixture();
    const { client } = renderAttempt(() => attempt, {
      updateTransferAttempt: () => {
        attempt = attemptFixture({ status: 'complete' });
        return { data: attempt };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(callsOf(client, 'updateTransferAttempt')).toHaveLength(1));
    expect(callsOf(client, 'updateTransferAttempt')[0]).toMatchObject({ params: { id: 5 }, body: { status: 'complete' } });
    expect(await screen.findByText('Complete')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revert' })).toBeNull();
  });

  it("shows the server's 422 message when a confirm is refused", async () => {
    renderAttempt(() => attemptFixture(), {
      updateTransferAttempt: () => {
        throw new ApiError(422, { errors: { base: 'Only a finished transfer can be confirmed' } });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    const message = await screen.findByText('Only a finished transfer can be confirmed');
    expect(message.closest('[role="alert"]')).not.toBeNull();
  });

  it('reverts after confirming the dialog: "Reverting…" while the marker is set, then "Reverted"', async () => {
    let attempt = attemptFixture();
    let polled = 0;
    const { client } = renderAttempt(
      () => {
        if (attempt.reverting && ++polled >= 2) attempt = attemptFixture({ reverted: true });
        return attempt;
      },
      {
        revertTransferAttempt: () => {
          attempt = attemptFixture({ reverting: true });
          return { data: attempt };
        },
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Revert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revert this transfer?' });
    expect(within(dialog).getByText(/go back to their earlier owners, unless they have moved since/)).toBeVisible();
    expect(callsOf(client, 'revertTransferAttempt')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revert' }));

    expect(await screen.findByText('Reverting…', { selector: 'p' })).toHaveAttribute('role', 'status');
    expect(callsOf(client, 'revertTransferAttempt')[0]).toMatchObject({ params: { id: 5 } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revert' })).toBeNull();

    // The polling sees the revert end; the logs are asked for again.
    const logsBefore = callsOf(client, 'listTransferLogs').length;
    expect(await screen.findByText('Reverted', { selector: 'p' })).toBeVisible();
    expect(screen.queryByText('Reverting…', { selector: 'p' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    await waitFor(() => expect(callsOf(client, 'listTransferLogs').length).toBeGreaterThan(logsBefore));
  });

  it("shows the server's 422 message in the dialog when a revert is refused", async () => {
    renderAttempt(() => attemptFixture(), {
      revertTransferAttempt: () => {
        throw new ApiError(422, { errors: { base: 'Only a finished transfer that is not confirmed can be reverted' } });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Revert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revert this transfer?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revert' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only a finished transfer that is not confirmed can be reverted');
    // The buttons come back: the transfer can still be confirmed.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeVisible();
  });

  it('shows "Reverting…" while the attempt says reverting, and polls it', async () => {
    const { client } = renderAttempt(() => attemptFixture({ reverting: true }));
    expect(await screen.findByText('Reverting…', { selector: 'p' })).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revert' })).toBeNull();
    await waitFor(() => expect(statusPolls(client)).toBeGreaterThan(1));
  });

  it.each([
    ['reverted', attemptFixture({ reverted: true }), 'Reverted'],
    ['complete', attemptFixture({ status: 'complete' }), 'Complete'],
    ['failed', attemptFixture({ status: 'failed', failure: 'The job ran out of tries', moved_count: 3 }), 'Failed'],
  ])('offers neither Confirm nor Revert when the transfer is %s', async (_state, attempt, label) => {
    renderAttempt(() => attempt);
    await screen.findByRole('heading', { level: 1, name: 'Transfer to Jane Doe' });
    expect(screen.getAllByText(label)[0]).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Revert' })).toBeNull();
  });

  it('shows why a transfer cannot be loaded, and links back to the transfers', async () => {
    renderAttempt(() => {
      throw new ApiError(404, { errors: { base: 'Transfer attempt not found' } });
    });
    expect(await screen.findByText('Transfer attempt not found')).toBeVisible();
    await userEvent.click(screen.getByRole('link', { name: 'Back to transfers' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/contacts/transfers');
  });
});

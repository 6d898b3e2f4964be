import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { callsOf, type CallOptions, type FakeClient, type Handlers, transferAttemptFixture } from '@crm/testing';
import { polyfillPointer, renderContacts } from '../test/render';
import { polyfillResizeObserver } from '../test/resize-observer';
import { TransferAttemptsPage } from './TransferAttemptsPage';

const attemptFixture = transferAttemptFixture;

const meta = (page: number) => ({ current_page: page, limit: 15, total_count: 16, total_pages: 2 });
const queries = (client: FakeClient) => callsOf(client, 'listTransferAttempts').map((call) => call?.query as Record<string, unknown>);

function renderList(handlers: Handlers = {}) {
  return renderContacts({
    path: '/contacts/transfers',
    routes: { '/contacts/transfers': <TransferAttemptsPage />, '/contacts/transfers/:id': <h1>Transfer page</h1> },
    handlers: {
      listTransferAttempts: (options: CallOptions) => {
        const { page } = options?.query as { page: number };
        return page === 1
          ? { data: [attemptFixture(), attemptFixture({ id: 6, status: 'failed', to_user: { id: 10, name: 'Sam Young' }, failure: 'The job ran out of tries', moved_count: 3 })], meta: meta(1) }
          : { data: [attemptFixture({ id: 8, status: 'complete', to_user: { id: 11, name: 'Zoe Zane' } })], meta: meta(2) };
      },
      ...handlers,
    },
  });
}

describe('TransferAttemptsPage', { timeout: 60_000 }, () => {
  beforeAll(() => {
    polyfillPointer();
    polyfillResizeObserver();
  });

  it('shows the attempts, 15 a page, newest first, and pages with Next and Previous', async () => {
    const { client } = renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'Transfers' })).toBeVisible();
    const row = await screen.findByRole('row', { name: /Jane Doe/ });
    // The user's time zone (est): 03:30 UTC on January 1 is still December 31 in New York.
    expect(within(row).getByRole('rowheader')).toHaveTextContent('12/31/2024 10:30 PM');
    expect(within(row).getByText('Ann Agent')).toBeVisible();
    expect(within(row).getByText('120 of 120')).toBeVisible();
    expect(within(row).getByText('Done – awaiting confirmation')).toBeVisible();
    const failed = screen.getByRole('row', { name: /Sam Young/ });
    expect(within(failed).getByText('Failed')).toBeVisible();
    expect(within(failed).getByText('The job ran out of tries')).toBeVisible();
    expect(queries(client)[0]).toEqual({ page: 1, limit: 15, order_field: 'created_at', order: 'desc' });
    expect(screen.getByText('Page 1 of 2')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('row', { name: /Zoe Zane/ })).toBeVisible();
    expect(queries(client).at(-1)).toMatchObject({ page: 2, limit: 15 });
    expect(screen.getByText('Page 2 of 2')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('row', { name: /Jane Doe/ })).toBeVisible();
  });

  it('opens an attempt from its link, named after the target user', async () => {
    renderList();
    await screen.findByRole('row', { name: /Jane Doe/ });
    await userEvent.click(screen.getByRole('link', { name: /^Open the transfer to Jane Doe/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/contacts/transfers/5');
    expect(screen.getByRole('heading', { level: 1, name: 'Transfer page' })).toBeVisible();
  });

  it('shows a progress bar for a running attempt and asks again every second until it ends', async () => {
    let polls = 0;
    const { client } = renderList({
      listTransferAttempts: () => {
        polls += 1;
        const attempt = polls < 2 ? attemptFixture({ status: 'processing', progress: 40, moved_count: 48 }) : attemptFixture();
        return { data: [attempt], meta: { current_page: 1, limit: 15, total_count: 1, total_pages: 1 } };
      },
    });
    const bar = await screen.findByRole('progressbar', { name: 'Moving 120 contacts to Jane Doe' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(await screen.findByText('Done – awaiting confirmation')).toBeVisible();
    expect(screen.queryByRole('progressbar')).toBeNull();
    const asked = queries(client).length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(queries(client)).toHaveLength(asked);
  });

  it('searches by user 500 ms after the last keystroke, from page 1, and says when nothing matches', async () => {
    const { client } = renderList({
      listTransferAttempts: (options) => {
        const { q } = options?.query as { q?: string };
        return q === 'nobody'
          ? { data: [], meta: { current_page: 1, limit: 15, total_count: 0, total_pages: 0 } }
          : { data: [attemptFixture()], meta: { current_page: 1, limit: 15, total_count: 1, total_pages: 1 } };
      },
    });
    await screen.findByRole('row', { name: /Jane Doe/ });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search transfers by user' }), 'nobody');
    expect(queries(client).some((query) => query['q'] !== undefined)).toBe(false);
    expect(await screen.findByText('No transfers match')).toBeVisible();
    expect(queries(client).filter((query) => query['q'] !== undefined)).toEqual([
      { page: 1, limit: 15, order_field: 'created_at', order: 'desc', q: 'nobody' },
    ]);
  });

  it('changes the order', async () => {
    const { client } = renderList();
    await screen.findByRole('row', { name: /Jane Doe/ });
    await userEvent.click(screen.getByRole('combobox', { name: 'Order transfers' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Most contacts' }));
    await waitFor(() => expect(queries(client).at(-1)).toMatchObject({ page: 1, order_field: 'total_count', order: 'desc' }));
  });

  it('links back to the contacts', async () => {
    renderList();
    expect(screen.getByRole('link', { name: 'Back to contacts' })).toHaveAttribute('href', '/contacts');
    await screen.findByRole('row', { name: /Jane Doe/ });
  });
});

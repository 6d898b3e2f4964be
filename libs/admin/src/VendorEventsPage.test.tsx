import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@crm/api-client';
import type { WebhookEvent } from '@crm/contract';
import { axeViolations, callsOf, makeUser, polyfillResizeObserver } from '@crm/testing';
import { polyfillPointer, renderAdmin } from './test/render';
import { VendorEventsPage } from './VendorEventsPage';

beforeAll(() => {
  polyfillPointer();
  polyfillResizeObserver();
});

// a System Admin in Los Angeles
const admin = makeUser({ admin: true, roles: ['admin'], timezone: 'pst', profile: { account_type: 'admin' } });

function makeEvent(id: number, overrides: Partial<WebhookEvent> = {}): WebhookEvent {
  return {
    id,
    vendor: 'stripe',
    event_id: `evt_${id}`,
    type: 'payment_intent.succeeded',
    status: 'dead',
    attempts: 14,
    last_error: 'The Stripe API did not answer',
    received_at: '2026-11-26T02:30:00.000Z',
    ...overrides,
  };
}

const pageOf = (data: WebhookEvent[]) => ({ data, meta: { current_page: 1, limit: 25, total_count: data.length, total_pages: data.length ? 1 : 0 } });

describe('VendorEventsPage', () => {
  it("lists the dead events with when each came in the administrator's time zone, and retries one from the keyboard", async () => {
    let dead = [makeEvent(1), makeEvent(2, { vendor: 'twilio', type: 'message.status', event_id: 'SM123', attempts: 14, last_error: null })];
    const { client } = renderAdmin({
      path: '/admin/vendor-events',
      user: admin,
      element: <VendorEventsPage />,
      handlers: {
        listWebhookEvents: () => pageOf(dead),
        retryWebhookEvent: (options) => {
          const { id } = (options as { params: { id: number } }).params;
          dead = dead.filter((e) => e.id !== id);
          return { data: makeEvent(id, { status: 'failed', attempts: 0 }) };
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vendor events' })).toBeInTheDocument();
    const row = (await screen.findByRole('rowheader', { name: /payment_intent\.succeeded/ })).closest('tr')!;
    // 02:30 UTC is 6:30 PM the day before in Los Angeles
    expect(within(row).getByText('11/25/2026 6:30 PM')).toHaveAttribute('datetime', '2026-11-26T02:30:00.000Z');
    expect(row).toHaveTextContent('stripe');
    expect(row).toHaveTextContent('14');
    expect(row).toHaveTextContent('The Stripe API did not answer');
    expect(screen.getByRole('rowheader', { name: /message\.status/ }).closest('tr')).toHaveTextContent('—');
    expect(callsOf(client, 'listWebhookEvents')[0]?.query).toEqual({ status: 'dead', page: 1, limit: 25 });
    expect(await axeViolations(['region'])).toEqual([]);

    const retry = within(row).getByRole('button', { name: 'Retry payment_intent.succeeded event evt_1' });
    retry.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('The stripe event payment_intent.succeeded (evt_1) is being tried again.');
    expect(callsOf(client, 'retryWebhookEvent')).toEqual([expect.objectContaining({ params: { id: 1 } })]);
    // the list is asked again: the retried event is no longer dead, and its row (and button) leave
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /payment_intent\.succeeded/ })).not.toBeInTheDocument());
    // the focus is on the result, not lost with the row
    await waitFor(() => expect(screen.getByRole('status').parentElement).toHaveFocus());
    expect(await axeViolations(['region'])).toEqual([]);
  }, 20_000);

  it('shows the failed events when asked, and an empty state when there are none', async () => {
    const { client } = renderAdmin({
      path: '/admin/vendor-events',
      user: admin,
      element: <VendorEventsPage />,
      handlers: {
        listWebhookEvents: (options) => ((options as { query: { status: string } }).query.status === 'dead' ? pageOf([makeEvent(1)]) : pageOf([])),
      },
    });
    await screen.findByRole('rowheader', { name: /payment_intent\.succeeded/ });
    const show = screen.getByRole('combobox', { name: 'Show' });
    show.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('option', { name: 'Failed: to be tried again' }));
    expect(await screen.findByText('No failed vendor events')).toBeInTheDocument();
    expect(callsOf(client, 'listWebhookEvents').at(-1)?.query).toEqual({ status: 'failed', page: 1, limit: 25 });
    expect(screen.queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();
  }, 20_000);

  it("shows the server's refusal of a retry", async () => {
    renderAdmin({
      path: '/admin/vendor-events?status=failed',
      user: admin,
      element: <VendorEventsPage />,
      handlers: {
        listWebhookEvents: () => pageOf([makeEvent(5, { status: 'failed', attempts: 3 })]),
        retryWebhookEvent: () => {
          throw new ApiError(422, { errors: { status: 'Only a dead or failed event can be tried again; this one is processed' } });
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Retry payment_intent.succeeded event evt_5' }));
    expect(await screen.findByText('Only a dead or failed event can be tried again; this one is processed')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('status')).toHaveTextContent('');
  }, 20_000);
});

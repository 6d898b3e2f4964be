import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@crm/api-client';
import type { OwnSession, SecurityEvent } from '@crm/contract';
import { axeViolations, callsOf, makeUser, type Handlers } from '@crm/testing';
import { ProfilePage } from './ProfilePage';
import { SecurityEventsPanel } from './SecurityEventsPanel';
import { SessionsPanel } from './SessionsPanel';
import { renderAccount } from './test/render';

// Eastern time: 15:00 UTC is 10:00 AM
const user = makeUser({ timezone: 'est' });

const session = (overrides: Partial<OwnSession>): OwnSession => ({
  id: 1,
  browser: 'Firefox on Linux',
  ip: '203.0.113.5',
  created_at: '2026-03-01T15:00:00.000Z',
  last_seen_at: '2026-03-02T15:00:00.000Z',
  current: false,
  ...overrides,
});

const event = (id: number, overrides: Partial<SecurityEvent> = {}): SecurityEvent => ({
  id,
  event: 'sign_in',
  description: 'Signed in',
  ip: '192.0.2.1',
  browser: 'Chrome on Windows',
  created_at: '2026-03-01T15:00:00.000Z',
  ...overrides,
});

const meta = (page: number, total: number) => ({ current_page: page, limit: 25, total_count: total, total_pages: Math.ceil(total / 25) });

function renderSessions(initial: OwnSession[], handlers: Handlers = {}) {
  let list = initial;
  return renderAccount({
    user,
    element: <SessionsPanel user={user} />,
    handlers: {
      listOwnSessions: () => ({ data: list }),
      endOwnSession: (options) => {
        const { id } = options?.params as { id: number };
        list = list.filter((row) => row.id !== id);
        return undefined;
      },
      signOutOtherSessions: () => {
        const ended = list.filter((row) => !row.current).length;
        list = list.filter((row) => row.current);
        return { signed_out: ended };
      },
      ...handlers,
    },
  });
}

describe('SessionsPanel', () => {
  it('lists the sessions with browser, address and times in the user’s zone, this one marked', async () => {
    renderSessions([session({ id: 1, current: true, browser: 'Chrome on Windows', ip: '198.51.100.9' }), session({ id: 2 })]);
    const table = await screen.findByRole('table', { name: 'Your active sessions' });
    const [header, current, other] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(header!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Browser', 'IP address', 'Last active', 'Signed in', 'Actions']);
    expect(within(current!).getByRole('rowheader')).toHaveTextContent('Chrome on WindowsThis session');
    expect(within(current!).queryByRole('button')).toBeNull();
    expect(within(other!).getByText('03/02/2026 10:00 AM')).toBeInTheDocument();
    expect(within(other!).getByRole('button', { name: 'Sign out Firefox on Linux at 203.0.113.5' })).toBeInTheDocument();
  });

  it('signs out one session', async () => {
    const { client } = renderSessions([session({ id: 1, current: true }), session({ id: 2 })]);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out Firefox on Linux at 203.0.113.5' }));
    expect(await screen.findByText('Signed out Firefox on Linux (203.0.113.5).')).toBeInTheDocument();
    expect(callsOf(client, 'endOwnSession')).toEqual([{ params: { id: 2 } }]);
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
  });

  it('signs out every other session after a confirmation, with the keyboard', async () => {
    const { client } = renderSessions([session({ id: 1, current: true }), session({ id: 2 }), session({ id: 3, ip: '10.0.0.1' })]);
    const events = userEvent.setup();
    const button = await screen.findByRole('button', { name: 'Sign out all other sessions' });
    await waitFor(() => expect(button).toBeEnabled());
    button.focus();
    await events.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Sign out all other sessions?' });
    await events.click(within(dialog).getByRole('button', { name: 'Sign out others' }));
    expect(await screen.findByText('Signed out 2 other sessions.')).toBeInTheDocument();
    expect(callsOf(client, 'signOutOtherSessions')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign out all other sessions' })).toBeDisabled());
  });

  it('shows the server’s refusal beside the list', async () => {
    renderSessions([session({ id: 1, current: true }), session({ id: 2 })], {
      endOwnSession: () => {
        throw new ApiError(403, { errors: { user: 'Access denied!' } });
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign out Firefox on Linux at 203.0.113.5' }));
    expect(await screen.findByText('Access denied!')).toBeInTheDocument();
  });
});

describe('SecurityEventsPanel', () => {
  it('shows the events in the user’s time zone and pages through them', async () => {
    const pageOne = Array.from({ length: 25 }, (_, i) => event(100 - i));
    const { client } = renderAccount({
      user,
      element: <SecurityEventsPanel user={user} />,
      handlers: {
        listSecurityEvents: (options) => {
          const page = (options?.query as { page: number }).page;
          return page === 1
            ? { data: pageOne, meta: meta(1, 26) }
            : { data: [event(1, { event: 'password_changed', description: 'Password changed', created_at: '2026-01-10T03:00:00.000Z' })], meta: meta(2, 26) };
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Security events' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['When', 'What happened', 'Browser', 'IP address']);
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(within(table).getAllByText('03/01/2026 10:00 AM')).toHaveLength(25);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('rowheader', { name: 'Password changed' })).toBeInTheDocument();
    // 03:00 UTC on the 10th is the evening of the 9th in New York
    expect(screen.getByText('01/09/2026 10:00 PM')).toBeInTheDocument();
    expect(callsOf(client, 'listSecurityEvents').map((call) => call?.query)).toEqual([{ page: 1, limit: 25 }, { page: 2, limit: 25 }]);
  });

  it('says so when there are none', async () => {
    renderAccount({ user, element: <SecurityEventsPanel user={user} />, handlers: { listSecurityEvents: () => ({ data: [], meta: meta(1, 0) }) } });
    expect(await screen.findByText('No security events')).toBeInTheDocument();
  });
});

describe('the security tab', () => {
  it('holds the sessions, the API keys and the events, with headings, and is axe-clean', async () => {
    renderAccount({
      path: '/account/profile?tab=security',
      user,
      element: <ProfilePage />,
      handlers: {
        listOwnSessions: () => ({ data: [session({ current: true })] }),
        listApiKeys: () => ({ data: [] }),
        listSecurityEvents: () => ({ data: [event(1)], meta: meta(1, 1) }),
      },
    });
    await screen.findByRole('table', { name: 'Your active sessions' });
    await screen.findByRole('table', { name: 'Security events' });
    await screen.findByText('No API keys yet');
    for (const name of ['Active sessions', 'API keys', 'Security events']) {
      expect(screen.getByRole('heading', { name })).toBeInTheDocument();
    }
    // rendered without the app frame, which supplies the landmarks
    expect(await axeViolations(['region'])).toEqual([]);
  });
});

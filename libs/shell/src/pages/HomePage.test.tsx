import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { mockApiClient } from '@crm/testing';
import { testUser } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { HomePage } from './HomePage';

const routes = [
  {
    element: (
      <main>
        <Outlet />
      </main>
    ),
    children: [{ path: '/', element: <HomePage /> }],
  },
];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  // 02:30 UTC on 2 March is still 1 March in Los Angeles.
  vi.setSystemTime(new Date('2025-03-02T02:30:00Z'));
});
afterEach(() => vi.useRealTimers());

function renderHome(user = testUser()) {
  const { client } = mockApiClient(async () => user);
  renderApp({ routes, path: '/', client });
}

describe('HomePage', () => {
  it("shows the user's name, company, brand role label and today's date in their time zone", async () => {
    renderHome();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Dana Reyes' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Bayside Insurance Group')).toBeInTheDocument();
    expect(screen.getByText('Sales Manager')).toBeInTheDocument();
    expect(screen.getByText('Saturday, March 1, 2025')).toHaveAttribute('datetime', '2025-03-01');
  });

  it('shows the dashboard sections the role and flags allow, with no numbers', async () => {
    renderHome();
    await screen.findByRole('heading', { level: 1 });
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    // The test brand turns sms on for everyone and reports on for managers; dialer is off.
    expect(titles).toEqual(['Upcoming events', 'Birthdays', 'Recent messages', 'Reports']);
    expect(screen.getAllByText('Nothing to show yet.')).toHaveLength(4);
    for (const section of screen.getAllByRole('region'))
      expect(section.textContent).not.toMatch(/\d/);
  });

  it("follows the user's resolved features: no messages or calls when sms and dialer are off", async () => {
    // As for an Evergreen basic user: the server resolves sms, dialer and reports off.
    const basic = testUser();
    basic.features = { ...basic.features, sms: false, dialer: false, reports: false };
    renderHome(basic);
    await screen.findByRole('heading', { level: 1 });
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles).toEqual(['Upcoming events', 'Birthdays']);
  });

  it('shows recent calls when the server turned the dialer on for the user', async () => {
    const user = testUser();
    user.features = { ...user.features, dialer: true };
    renderHome(user);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('heading', { level: 2, name: 'Recent calls' })).toBeInTheDocument();
  });

  it('hides the reports section from an agent', async () => {
    renderHome(testUser({ profile: { ...testUser().profile, account_type: 'agent' } }));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { level: 2, name: 'Reports' })).not.toBeInTheDocument();
    expect(screen.getByText('Agent')).toBeInTheDocument();
  });
});

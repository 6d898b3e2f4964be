import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { DASHBOARD_TYPES, type DashboardType } from '@crm/contract';
import { makeUser } from '@crm/testing';
import { DashboardPage } from './DashboardPage';
import { renderDashboard } from './test/render';

const window = { current_page: 1, limit: 10, total_count: 0, total_pages: 0, from: '2026-11-23', to: '2026-12-06' };
const EMPTY: Record<DashboardType, object> = {
  client_birthdays: { client_birthdays: [], client_birthdays_meta: window },
  prospect_birthdays: { prospect_birthdays: [], prospect_birthdays_meta: window },
  turning_65: { turning_65: [], turning_65_meta: window },
  new_leads: { new_leads: [], new_leads_meta: { ...window, since: '2026-11-23T08:00:00.000Z', total_count_capped: false } },
  contacts_by_category: {
    contacts_by_category: [
      { category: 'lead', count: 1000, capped: true },
      { category: 'prospect', count: 30, capped: false },
      { category: 'client', count: 4, capped: false },
    ],
  },
  in_progress: { imports_in_progress: [], transfers_in_progress: [] },
};
const handlers = { updateDashboard: (options: unknown) => ({ data: EMPTY[(options as { query: { type: DashboardType } }).query.type] }) };
const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('DashboardPage', () => {
  it('shows the cards the user may ask for, then the features to come saying what they will show', async () => {
    renderDashboard({ user: makeUser({ dashboard_info: { types: [...DASHBOARD_TYPES] } }), handlers, element: <DashboardPage /> });
    expect(await screen.findByText('1,000+')).toBeInTheDocument();
    expect(screen.getByText('30')).toBeInTheDocument();
    // the test brand turns sms on for everyone; the dialer is off and reports are for managers
    expect(headings()).toEqual([
      'Client birthdays',
      'Prospect birthdays',
      'New leads this week',
      'Turning 65',
      'Contacts by category',
      'Imports and transfers',
      'Upcoming events',
      'Recent messages',
    ]);
    expect(await screen.findByText('No new leads since Mon, Nov 23.')).toBeInTheDocument();
    expect(screen.getByText(/appointments, follow-up calls and tasks from the calendar/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Import contacts' })).toHaveAttribute('href', '/contacts/import');
  }, 20_000);

  it('leaves out turning 65 where the brand does not sell Medicare', async () => {
    const types = DASHBOARD_TYPES.filter((type) => type !== 'turning_65');
    renderDashboard({ user: makeUser({ dashboard_info: { types } }), handlers, element: <DashboardPage /> });
    await screen.findByText('1,000+');
    expect(headings()).not.toContain('Turning 65');
  });
});

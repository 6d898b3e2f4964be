import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeViolations, callsOf } from '@crm/testing';
import { renderAdmin } from '../test/render';
import { pageOf } from './fixtures';
import { TelephonyUsagePage } from './TelephonyUsagePage';

describe('TelephonyUsagePage', () => {
  it("shows the company's usage for the month, the chart over time with its table, and each user's usage", async () => {
    const { client } = renderAdmin({
      path: '/admin/dialer/usage?period=2026-11',
      element: <TelephonyUsagePage product="dialer" />,
      handlers: {
        adminDialerUsage: () => ({
          period_start: '2026-11-01T00:00:00.000Z',
          period_end: '2026-12-01T00:00:00.000Z',
          unit: 'minutes' as const,
          total_used: 1450,
          ...pageOf([
            { user: { id: 3, name: 'Casey Brooks' }, used: 1200, events: 40, allocation: 1000 },
            { user: { id: 4, name: 'Drew Park' }, used: 250, events: 9, allocation: null },
          ]),
          history: [
            { period: '2026-10', used: 900 },
            { period: '2026-11', used: 1450 },
          ],
        }),
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dialer usage' })).toBeInTheDocument();
    expect(await screen.findByText('1,450 minutes')).toBeInTheDocument();
    expect(callsOf(client, 'adminDialerUsage')[0]?.query).toEqual({ period: '2026-11', page: 1, limit: 25 });
    expect(screen.getByRole('figure', { name: 'Minutes used by month' })).toBeInTheDocument();
    // six months up to the one shown; a month without usage is 0
    expect(screen.getByTestId('bar-chart').querySelectorAll('rect')).toHaveLength(6);
    const chartTable = screen.getByRole('table', { name: 'Minutes used by month' });
    expect(within(chartTable).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'Jun 2026',
      'Jul 2026',
      'Aug 2026',
      'Sep 2026',
      'Oct 2026',
      'Nov 2026',
    ]);
    expect(within(chartTable).getByRole('rowheader', { name: 'Oct 2026' }).closest('tr')).toHaveTextContent('900');
    expect(within(chartTable).getByRole('rowheader', { name: 'Sep 2026' }).closest('tr')).toHaveTextContent('0');
    const users = screen.getByRole('table', { name: 'Usage by user in Nov 2026' });
    expect(within(users).getByRole('rowheader', { name: 'Casey Brooks' }).closest('tr')).toHaveTextContent('1,200');
    expect(within(users).getByRole('rowheader', { name: 'Drew Park' }).closest('tr')).toHaveTextContent('No licence');
    expect(await axeViolations(['region'])).toEqual([]);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by user' }), 'Casey{Enter}');
    await waitFor(() => expect(callsOf(client, 'adminDialerUsage').at(-1)?.query).toEqual({ period: '2026-11', q: 'Casey', page: 1, limit: 25 }));
  });
});

import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardBirthday } from '@crm/contract';
import { callsOf, makeUser } from '@crm/testing';
import { renderDashboard } from '../test/render';
import { BirthdaysCard } from './BirthdaysCard';

const user = makeUser({ id: 1, dashboard_info: { types: ['client_birthdays'] } });

const birthday = (id: number, daysAway: number): DashboardBirthday => ({
  id,
  first_name: 'Client',
  last_name: `Number${id}`,
  category: 'client',
  owner: { id: id === 5 ? 2 : 1, name: id === 5 ? 'Pat Downline' : 'Ann Agent' },
  date_of_birth: `1950-12-${String(1 + daysAway).padStart(2, '0')}`,
  birthday: `2026-12-${String(1 + daysAway).padStart(2, '0')}`,
  age: 76,
  days_away: daysAway,
});

/** Five client birthdays, two a page. */
const ALL = [birthday(1, 0), birthday(2, 1), birthday(3, 4), birthday(4, 9), birthday(5, 12)];
const answer = (options: unknown) => {
  const { page, limit } = (options as { body: { page: number; limit: number } }).body;
  return {
    data: {
      client_birthdays: ALL.slice((page - 1) * limit, page * limit),
      client_birthdays_meta: { current_page: page, limit, total_count: ALL.length, total_pages: Math.ceil(ALL.length / limit), from: '2026-12-01', to: '2026-12-14' },
    },
  };
};

describe('BirthdaysCard', () => {
  it('appends the next page under the first on "Show more" (spec part 1 §4), focusing the first added contact', async () => {
    const { client } = renderDashboard({
      user,
      handlers: { updateDashboard: (options) => answer({ body: { ...(options as { body: object }).body, limit: 2 } }) },
      element: <BirthdaysCard type="client_birthdays" />,
    });
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('link').map((a) => a.textContent)).toEqual(['Client Number1', 'Client Number2']);
    expect(within(list).getByText('Today')).toHaveAttribute('datetime', '2026-12-01');
    expect(within(list).getByText('Tomorrow')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 of 5 client birthdays to Dec 14');
    expect(within(list).getAllByRole('link')[0]).toHaveAttribute('href', '/contacts/1');

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(4));
    expect(within(list).getAllByRole('link').map((a) => a.textContent)).toEqual(['Client Number1', 'Client Number2', 'Client Number3', 'Client Number4']);
    expect(within(list).getByText('Sat, Dec 5')).toHaveAttribute('datetime', '2026-12-05');
    await waitFor(() => expect(within(list).getByRole('link', { name: 'Client Number3' })).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('4 of 5 client birthdays');

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(5));
    // another user's contact names its owner; the last page leaves no "Show more"
    expect(within(list).getByText(/Pat Downline/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(callsOf(client, 'updateDashboard').map((call) => (call as { query: unknown; body: { page: number } }))).toEqual([
      expect.objectContaining({ query: { type: 'client_birthdays' }, body: { page: 1, limit: 10 } }),
      expect.objectContaining({ query: { type: 'client_birthdays' }, body: { page: 2, limit: 10 } }),
      expect.objectContaining({ query: { type: 'client_birthdays' }, body: { page: 3, limit: 10 } }),
    ]);
  }, 20_000);

  it('says when nobody has a birthday in the window', async () => {
    renderDashboard({
      user,
      handlers: {
        updateDashboard: () => ({
          data: { client_birthdays: [], client_birthdays_meta: { current_page: 1, limit: 10, total_count: 0, total_pages: 0, from: '2026-12-01', to: '2026-12-14' } },
        }),
      },
      element: <BirthdaysCard type="client_birthdays" />,
    });
    expect(await screen.findByText('No client birthdays from today to Dec 14.')).toBeInTheDocument();
  });
});

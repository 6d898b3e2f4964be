import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@crm/api-client';
import type { QuietJobsState } from '@crm/contract';
import { callsOf, makeUser } from '@crm/testing';
import { QuietJobsPanel } from './QuietJobsPanel';
import { renderAdmin } from './test/render';

// an administrator in Los Angeles
const admin = makeUser({ admin: true, roles: ['admin'], timezone: 'pst', profile: { account_type: 'admin' } });
const open: QuietJobsState = { quiet: false, until: null, reason: null, set_by: null, set_at: null, held_jobs: 0 };
const paused: QuietJobsState = {
  quiet: true,
  until: '2026-11-26T02:30:00.000Z',
  reason: 'Storm',
  set_by: { id: 1, name: 'Ann Agent' },
  set_at: '2026-11-25T20:00:00.000Z',
  held_jobs: 3,
};

describe('QuietJobsPanel', () => {
  it("pauses the company's sends until a time read in the administrator's time zone, and resumes them", async () => {
    let state = open;
    const { client } = renderAdmin({
      path: '/admin/feature-flags',
      user: admin,
      element: <QuietJobsPanel />,
      handlers: {
        showQuietJobs: () => ({ data: state }),
        updateQuietJobs: (options) => {
          state = (options as { body: { quiet: boolean } }).body.quiet ? paused : { ...paused, quiet: false, held_jobs: 0 };
          return { data: state };
        },
      },
    });
    const events = userEvent.setup();
    await events.click(await screen.findByRole('button', { name: 'Pause sends' }));
    expect(await screen.findByText('Choose when the quiet period ends')).toBeInTheDocument();
    expect(callsOf(client, 'updateQuietJobs')).toHaveLength(0);

    // jsdom's datetime-local takes a whole value, as a browser's picker gives it
    fireEvent.change(screen.getByLabelText('Pause until'), { target: { value: '2026-11-25T18:30' } });
    await events.type(screen.getByLabelText('Reason (optional)'), 'Storm');
    await events.click(screen.getByRole('button', { name: 'Pause sends' }));
    expect(await screen.findByText(/Paused until Wed, Nov 25, 2026 6:30 PM/)).toBeInTheDocument();
    expect(screen.getByText(/3 sends wait for the pause to end/)).toBeInTheDocument();
    expect(callsOf(client, 'updateQuietJobs')[0]).toMatchObject({ body: { quiet: true, until: '2026-11-26T02:30:00.000Z', reason: 'Storm' } });
    expect(screen.getByRole('status')).toHaveTextContent('Scheduled sends are paused until Wed, Nov 25, 2026 6:30 PM.');

    await events.click(screen.getByRole('button', { name: 'Resume now' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Scheduled sends are going out again.'));
    expect(callsOf(client, 'updateQuietJobs')[1]).toMatchObject({ body: { quiet: false } });
    expect(screen.getByRole('button', { name: 'Pause sends' })).toBeInTheDocument();
  }, 20_000);

  it("shows the server's refusal beside the field", async () => {
    renderAdmin({
      path: '/admin/feature-flags',
      user: admin,
      element: <QuietJobsPanel />,
      handlers: {
        showQuietJobs: () => ({ data: open }),
        updateQuietJobs: () => {
          throw new ApiError(422, { errors: { until: 'Choose a time in the future' } });
        },
      },
    });
    const events = userEvent.setup();
    fireEvent.change(await screen.findByLabelText('Pause until'), { target: { value: '2020-01-01T10:00' } });
    await events.click(screen.getByRole('button', { name: 'Pause sends' }));
    expect(await screen.findByText('Choose a time in the future')).toBeInTheDocument();
    expect(screen.getByLabelText('Pause until')).toHaveAttribute('aria-invalid', 'true');
  }, 20_000);
});

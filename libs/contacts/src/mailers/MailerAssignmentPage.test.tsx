import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MailerKit } from '@crm/contract';
import { callsOf, transferAttemptFixture } from '@crm/testing';
import { ApiError } from '@crm/api-client';
import { renderPiece } from '../contact-page/test/fixtures';
import { polyfillPointer } from '../test/render';
import { MailerAssignmentPage } from './MailerAssignmentPage';

const kit: MailerKit = { id: 3, name: 'T65 mailer (march.csv)', vendor: 'LeadCo', lead_type: 'T65 mailer', holder: { id: 7, name: 'Ann Agent' }, total: 120, unassigned: 100, created_at: '2026-11-20T10:00:00Z' };

describe('MailerAssignmentPage', () => {
  beforeAll(polyfillPointer);
  const handlers = (create: () => unknown) => ({
    mailerAssignmentKits: () => ({ data: [kit] }),
    mailerAssignmentCounts: () => ({ data: { kit_id: 3, unassigned: 100, by_user: [{ user: { id: 7, name: 'Ann Agent' }, count: 100 }, { user: { id: 9, name: 'Bo Boss' }, count: 20 }] } }),
    listOwners: () => ({ data: [{ id: 9, name: 'Bo Boss', email: 'bo@example.com' }] }),
    mailerAssignmentCreate: create,
    transferAttemptStatus: () => ({ data: transferAttemptFixture({ id: 11, status: 'done', total_count: 40 }) }),
  });

  it('lists kits with their unassigned counts, shows who holds a chosen kit, and deals contacts to a user', async () => {
    const { client } = renderPiece(<MailerAssignmentPage />, handlers(() => ({ data: [{ id: 11, total_count: 40, to_user: { id: 9, name: 'Bo Boss' } }] })));
    expect(await screen.findByRole('cell', { name: '100 of 120' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Assign contacts of T65 mailer (march.csv)' }));
    expect(await screen.findByText('Bo Boss: 20')).toBeVisible();
    await userEvent.click(screen.getByRole('combobox', { name: 'User 1' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bo Boss' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Contacts for user 1' }), '4x0');
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(callsOf(client, 'mailerAssignmentCreate')).toHaveLength(1));
    expect(callsOf(client, 'mailerAssignmentCreate')[0]?.body).toEqual({ kit_id: 3, assignments: [{ user_id: 9, count: 40 }] });
    expect(await screen.findByRole('link', { name: '40 contacts to Bo Boss' })).toHaveAttribute('href', '/contacts/transfers/11');
  });

  it('shows the server\'s refusal of too many contacts', async () => {
    renderPiece(<MailerAssignmentPage />, handlers(() => {
      throw new ApiError(422, { errors: { assignments: 'Only 100 contacts of this kit are unassigned' } });
    }));
    await userEvent.click(await screen.findByRole('button', { name: 'Assign contacts of T65 mailer (march.csv)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Only 100 contacts of this kit are unassigned')).toHaveAttribute('role', 'alert');
  });

  it('asks again for the counts once the transfers it started have moved their contacts', async () => {
    let moved = false;
    let polls = 0;
    const { client } = renderPiece(<MailerAssignmentPage />, {
      ...handlers(() => ({ data: [transferAttemptFixture({ id: 11, status: 'queued', total_count: 40, to_user: { id: 9, name: 'Bo Boss' } })] })),
      mailerAssignmentKits: () => ({ data: [{ ...kit, unassigned: moved ? 60 : 100 }] }),
      mailerAssignmentCounts: () => ({ data: { kit_id: 3, unassigned: moved ? 60 : 100, by_user: [{ user: { id: 7, name: 'Ann Agent' }, count: moved ? 60 : 100 }, { user: { id: 9, name: 'Bo Boss' }, count: moved ? 60 : 20 }] } }),
      // The job is still moving at the first poll and has finished at the next.
      transferAttemptStatus: () => {
        polls += 1;
        moved = polls > 1;
        return { data: transferAttemptFixture({ id: 11, status: moved ? 'done' : 'processing', total_count: 40, to_user: { id: 9, name: 'Bo Boss' } }) };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Assign contacts of T65 mailer (march.csv)' }));
    expect(await screen.findByText('Bo Boss: 20')).toBeVisible();
    await userEvent.click(screen.getByRole('combobox', { name: 'User 1' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bo Boss' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Contacts for user 1' }), '40');
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('(Moving contacts)')).toBeVisible();
    expect(await screen.findByText('Bo Boss: 60', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole('cell', { name: '60 of 120' })).toBeVisible();
    expect(screen.getByText('(Done – awaiting confirmation)')).toBeVisible();
    expect(callsOf(client, 'transferAttemptStatus').length).toBeGreaterThanOrEqual(2);
  });
});

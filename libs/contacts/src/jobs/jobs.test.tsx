import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PrintJob, TransferAttempt } from '@crm/contract';
import { callsOf, transferAttemptFixture } from '@crm/testing';
import { renderPiece } from '../contact-page/test/fixtures';
import { polyfillPointer } from '../test/render';
import { exportNotice, JobNotification, printNotice, transferNotice } from './JobNotification';
import { transferStatusLabel } from '../transfers/transfer-queries';
import { TransferDialog } from './TransferDialog';

const attempt = (over: Partial<TransferAttempt> = {}) => transferAttemptFixture({ id: 4, status: 'processing', to_user: { id: 9, name: 'Bo Boss' }, processed_count: 60, moved_count: 60, progress: 50, ...over });

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('TransferDialog', () => {
  beforeAll(polyfillPointer);
  const handlers = {
    listOwners: () => ({ data: [{ id: 9, name: 'Bo Boss', email: 'bo@example.com' }] }),
    listStatuses: () => ({ data: [{ id: 3, title: 'Contacted' }] }),
    transferGroup: () => ({ data: attempt({ status: 'queued' }) }),
    updateTransferGroup: () => ({ data: attempt({ status: 'queued' }) }),
  };

  it('asks for a user, then moves the selected ids to them (transfer_group)', async () => {
    const started: TransferAttempt[] = [];
    const { client } = renderPiece(
      <TransferDialog open onOpenChange={() => undefined} selection={{ mode: 'ids', ids: new Set([1, 2]) }} scope={{}} selectedLabel="2 contacts" onStarted={(a) => started.push(a)} />,
      handlers,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Choose the user to move them to')).toBeVisible();
    await choose('Move to', 'Bo Boss (bo@example.com)');
    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(started).toHaveLength(1));
    expect(callsOf(client, 'transferGroup')[0]?.body).toEqual({ ids: [1, 2], user_id: 9 });
  });

  it('sets a status on the way with update_transfer_group, for all matching the search', async () => {
    const { client } = renderPiece(
      <TransferDialog open onOpenChange={() => undefined} selection={{ mode: 'all' }} scope={{ q: 'smith', page: 3, limit: 25 }} selectedLabel="all 40 contacts" onStarted={() => undefined} />,
      handlers,
    );
    await choose('Move to', 'Bo Boss (bo@example.com)');
    await choose('Also set the status', 'Contacted');
    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(callsOf(client, 'updateTransferGroup')).toHaveLength(1));
    expect(callsOf(client, 'updateTransferGroup')[0]?.body).toEqual({ all: true, contacts_scope: { q: 'smith' }, user_id: 9, status_id: 3 });
  });
});

describe('JobNotification (the process notification of a long job)', () => {
  it('polls a transfer until it is done and then says what moved, with a link to it', async () => {
    let polls = 0;
    renderPiece(<JobNotification job={{ kind: 'transfer', id: 4 }} onClose={() => undefined} />, {
      transferAttemptStatus: () => ({ data: ++polls < 2 ? attempt() : attempt({ status: 'done', moved_count: 120, progress: 100 }) }),
    });
    expect(await screen.findByText('Moving 120 contacts to Bo Boss… 50%')).toBeVisible();
    expect(await screen.findByText('Moved 120 contacts to Bo Boss.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'See the transfer' })).toHaveAttribute('href', '/contacts/transfers/4');
  });

  it('offers a finished print as a download; closing hides it', async () => {
    const job: PrintJob = { jid: '0b9e4b8e-4f0a-4a39-9d3f-0c1f1c7d2b11', layout: 'labels', status: 'done', interrupted: false, count: 31, failure: null, created_at: '2026-11-22T10:00:00Z', finished_at: '2026-11-22T10:00:02Z' };
    let closed = false;
    renderPiece(<JobNotification job={{ kind: 'print', jid: job.jid }} onClose={() => (closed = true)} />, { batchPrintStatus: () => ({ data: job }) });
    expect(await screen.findByText('The mailing labels for 31 contacts are ready.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(closed).toBe(true);
  });
});

describe('a job whose worker stopped (interrupted: it resumes by itself)', () => {
  it('says so in the notices and the transfer status, and only while it runs', () => {
    const moving = transferAttemptFixture({ status: 'processing', progress: 40, interrupted: true });
    expect(transferNotice(moving).text).toBe('Moving 120 contacts to Jane Doe… 40% — interrupted, will resume by itself');
    expect(transferStatusLabel(moving)).toBe('Interrupted — will resume');
    expect(transferStatusLabel({ ...moving, interrupted: false })).not.toBe('Interrupted — will resume');
    const job: PrintJob = { jid: 'j', layout: 'sheets', status: 'processing', interrupted: true, count: 3, failure: null, created_at: '2026-11-22T10:00:00Z', finished_at: null };
    expect(printNotice(job).text).toBe('Making contact sheets for 3 contacts… — interrupted, will resume by itself');
    expect(printNotice({ ...job, interrupted: false }).text).toBe('Making contact sheets for 3 contacts…');
  });
});

describe('exportNotice (an export in the process notification)', () => {
  it('says it starts, then the rows of a CSV against the estimate until they pass it, then the file saved', () => {
    expect(exportNotice({ format: 'csv' })).toEqual({ visible: true, text: 'Starting the CSV export…' });
    expect(exportNotice({ format: 'csv', progress: { bytes: 120, rows: 0, expectedRows: 999_999 } }).text).toBe('Exporting CSV… 0 of about 999,999 contacts (0%), 1 KB received');
    expect(exportNotice({ format: 'csv', progress: { bytes: 61_500_000, rows: 250_000, expectedRows: 999_999 } }).text).toBe('Exporting CSV… 250,000 of about 999,999 contacts (25%), 61.5 MB received');
    // the estimate is the planner's guess: past it, the rows alone
    expect(exportNotice({ format: 'csv', progress: { bytes: 170_000_000, rows: 700_000, expectedRows: 642_738 } }).text).toBe('Exporting CSV… 700,000 contacts, 170.0 MB received');
    expect(exportNotice({ format: 'csv', progress: { bytes: 239_000_000, rows: 999_999, expectedRows: 642_738 }, filename: 'contacts-2026-11-25.csv', bytes: 239_000_000 })).toEqual({
      visible: true,
      status: 'completed',
      text: 'Saved contacts-2026-11-25.csv with 999,999 contacts (239.0 MB).',
    });
  });
  it('tells the size of a workbook as it arrives, and why an export stopped', () => {
    expect(exportNotice({ format: 'xlsx', progress: { bytes: 4_200_000, rows: undefined, expectedRows: 1200 } }).text).toBe('Exporting Excel (about 1,200 contacts)… 4.2 MB received');
    expect(exportNotice({ format: 'xlsx', failure: 'network error' })).toEqual({ visible: true, status: 'failed', text: 'The Excel export stopped: network error' });
  });
});

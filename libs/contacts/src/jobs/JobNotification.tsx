import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useApiClient, type DownloadProgress } from '@crm/api-client';
import type { ExportFormat, PrintJob, TransferAttempt } from '@crm/contract';
import { apiErrorMessage } from '@crm/session';
import { Button, ProcessNotification, toast, type ProcessNotificationState } from '@crm/ui';
import { contactKeys } from '../contacts-queries';
import { withInterruption } from './interrupted';

/** Where an export's download stands: before its answer, arriving (progress), saved (filename) or failed. */
export type ExportState = { format: ExportFormat; progress?: DownloadProgress; filename?: string; bytes?: number; failure?: string };

/** A long job the contact list follows in its process notification. */
export type FollowedJob = { kind: 'transfer'; id: number } | { kind: 'print'; jid: string } | { kind: 'export'; id: number; state: ExportState };

/** Seconds between two polls of a running job (the spec polls transfers; prints are polled by jid). */
const POLL_MS = 1000;

const contactsLabel = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'contact' : 'contacts'}`;

export function transferNotice(a: TransferAttempt): ProcessNotificationState {
  const link = { linkUrl: `/contacts/transfers/${a.id}`, linkText: 'See the transfer' };
  if (a.status === 'failed') return { visible: true, status: 'failed', text: `The transfer to ${a.to_user.name} failed: ${a.failure ?? 'unknown reason'}.`, ...link };
  if (a.status === 'done' || a.status === 'complete')
    return { visible: true, status: 'completed', text: `Moved ${contactsLabel(a.moved_count)} to ${a.to_user.name}.`, ...link };
  return { visible: true, status: 'processing', text: withInterruption(`Moving ${contactsLabel(a.total_count)} to ${a.to_user.name}… ${a.progress}%`, a.interrupted), ...link };
}

export function printNotice(job: PrintJob): ProcessNotificationState {
  const what = job.layout === 'labels' ? 'mailing labels' : 'contact sheets';
  if (job.status === 'failed') return { visible: true, status: 'failed', text: `The ${what} could not be made: ${job.failure ?? 'unknown reason'}.` };
  if (job.status === 'done') return { visible: true, status: 'completed', text: `The ${what} for ${contactsLabel(job.count)} are ready.` };
  return { visible: true, status: 'processing', text: withInterruption(`Making ${what} for ${contactsLabel(job.count)}…`, job.interrupted) };
}

/** A size as people read it: 820 KB, 12.3 MB. */
const sizeLabel = (bytes: number) => (bytes < 1e6 ? `${Math.max(1, Math.round(bytes / 1e3))} KB` : `${(bytes / 1e6).toFixed(1)} MB`);

/**
 * An export's notice: starting; then, as the file arrives, the rows of a CSV against the server's
 * estimate (dropped once the rows pass it: it is the planner's guess) or the size of a workbook
 * received; then the file saved, or why it stopped.
 */
export function exportNotice({ format, progress, filename, bytes, failure }: ExportState): ProcessNotificationState {
  const what = format === 'csv' ? 'CSV' : 'Excel';
  if (failure !== undefined) return { visible: true, status: 'failed', text: `The ${what} export stopped: ${failure}` };
  const rows = progress?.rows;
  if (filename !== undefined)
    return { visible: true, status: 'completed', text: `Saved ${filename}${rows !== undefined ? ` with ${contactsLabel(rows)}` : ''} (${sizeLabel(bytes ?? progress?.bytes ?? 0)}).` };
  if (!progress) return { visible: true, text: `Starting the ${what} export…` };
  const expected = progress.expectedRows;
  const received = sizeLabel(progress.bytes);
  if (rows === undefined) return { visible: true, text: `Exporting ${what}${expected ? ` (about ${contactsLabel(expected)})` : ''}… ${received} received` };
  const within = expected !== undefined && expected > 0 && rows <= expected;
  const counted = within ? `${rows.toLocaleString('en-US')} of about ${contactsLabel(expected)} (${Math.floor((rows * 100) / expected)}%)` : contactsLabel(rows);
  return { visible: true, text: `Exporting ${what}… ${counted}, ${received} received` };
}

const running = (status: string | undefined) => status === 'queued' || status === 'processing';

/**
 * The process notification (part 2 §3) of the job the list started last: polled until it ends,
 * then it says how it went; a finished transfer refreshes the list, a finished print offers its PDF.
 */
export function JobNotification({ job, onClose }: { job: FollowedJob | null; onClose: () => void }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const transfer = useQuery({
    queryKey: ['jobs', 'transfer', job?.kind === 'transfer' ? job.id : null],
    queryFn: ({ signal }) => client.call('transferAttemptStatus', { params: { id: job?.kind === 'transfer' ? job.id : 0 }, signal }),
    select: (answer) => answer.data,
    enabled: job?.kind === 'transfer',
    refetchInterval: (query) => (running(query.state.data?.data.status) ? POLL_MS : false),
  });
  const print = useQuery({
    queryKey: ['jobs', 'print', job?.kind === 'print' ? job.jid : null],
    queryFn: ({ signal }) => client.call('batchPrintStatus', { body: { jid: job?.kind === 'print' ? job.jid : '' }, signal }),
    select: (answer) => answer.data,
    enabled: job?.kind === 'print',
    refetchInterval: (query) => (running(query.state.data?.data.status) ? POLL_MS : false),
  });
  const moved = job?.kind === 'transfer' && transfer.data && !running(transfer.data.status);
  useEffect(() => {
    if (moved) void queryClient.invalidateQueries({ queryKey: contactKeys.all });
  }, [moved, queryClient]);

  if (!job) return null;
  if (job.kind === 'export') return <ProcessNotification {...exportNotice(job.state)} onClose={onClose} />;
  const download = async (jid: string) => {
    try {
      client.saveDownload(await client.download('downloadBatchPrint', { params: { jid } }));
    } catch (error) {
      toast.error(apiErrorMessage(error));
    }
  };
  const state: ProcessNotificationState =
    job.kind === 'transfer'
      ? transfer.data
        ? transferNotice(transfer.data)
        : { visible: true, text: 'Starting the transfer…' }
      : print.data
        ? printNotice(print.data)
        : { visible: true, text: 'Starting the print…' };
  return (
    <ProcessNotification
      {...state}
      {...(job.kind === 'print' && print.data?.status === 'done' && { linkUrl: job.jid, linkText: 'Download PDF' })}
      renderLink={(url, text) =>
        job.kind === 'print' ? (
          <Button type="button" size="sm" onClick={() => void download(url)}>
            {text}
          </Button>
        ) : (
          <Link to={url} className="text-primary underline">
            {text}
          </Link>
        )
      }
      onClose={onClose}
    />
  );
}

import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useApiClient } from '@crm/api-client';
import type { PrintJob, TransferAttempt } from '@crm/contract';
import { apiErrorMessage } from '@crm/session';
import { Button, ProcessNotification, toast, type ProcessNotificationState } from '@crm/ui';
import { contactKeys } from '../contacts-queries';

/** A long job the contact list follows in its process notification. */
export type FollowedJob = { kind: 'transfer'; id: number } | { kind: 'print'; jid: string };

/** Seconds between two polls of a running job (the spec polls transfers; prints are polled by jid). */
const POLL_MS = 1000;

const contactsLabel = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'contact' : 'contacts'}`;

export function transferNotice(a: TransferAttempt): ProcessNotificationState {
  const link = { linkUrl: `/contacts/transfers/${a.id}`, linkText: 'See the transfer' };
  if (a.status === 'failed') return { visible: true, status: 'failed', text: `The transfer to ${a.to_user.name} failed: ${a.failure ?? 'unknown reason'}.`, ...link };
  if (a.status === 'done' || a.status === 'complete')
    return { visible: true, status: 'completed', text: `Moved ${contactsLabel(a.moved_count)} to ${a.to_user.name}.`, ...link };
  return { visible: true, status: 'processing', text: `Moving ${contactsLabel(a.total_count)} to ${a.to_user.name}… ${a.progress}%`, ...link };
}

export function printNotice(job: PrintJob): ProcessNotificationState {
  const what = job.layout === 'labels' ? 'mailing labels' : 'contact sheets';
  if (job.status === 'failed') return { visible: true, status: 'failed', text: `The ${what} could not be made: ${job.failure ?? 'unknown reason'}.` };
  if (job.status === 'done') return { visible: true, status: 'completed', text: `The ${what} for ${contactsLabel(job.count)} are ready.` };
  return { visible: true, status: 'processing', text: `Making ${what} for ${contactsLabel(job.count)}…` };
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

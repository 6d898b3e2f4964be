import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import { IANA_TIMEZONES, type ImportAttempt } from '@crm/contract';
import { apiErrorMessage, useSession } from '@crm/session';
import { Button, ConfirmDialog, EmptyState, Pager, ProgressBar, Table, toast, type TableColumn } from '@crm/ui';
import { formatDateTime } from '@crm/util';
import { ListState } from '../ListState';
import { INTERRUPTED_LABEL } from '../jobs/interrupted';
import { attemptCounts, importAttemptsQueryOptions, importKeys } from './import-queries';

const STATUS_LABELS: Record<ImportAttempt['status'], string> = {
  queued: 'Waiting for a worker',
  processing: 'Importing',
  completed: 'Completed',
  failed: 'Failed',
};

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The import attempts (part 2 §4): newest first, 15 a page, mine or everyone's I reach. A running
 * attempt shows a progress bar that moves as live messages arrive (ImportPage listens to the
 * contacts-import channel); rows imported with warnings, skipped or refused download as one CSV to
 * fix and import again; a failed attempt can be
 * retried; any can be deleted after confirming.
 */
export function ImportAttempts() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const zone = IANA_TIMEZONES[user?.timezone ?? 'est'];
  const [tab, setTab] = useState<'mine' | 'all'>('mine');
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<ImportAttempt | null>(null);
  const attempts = useQuery(importAttemptsQueryOptions(client, tab, page));
  const refresh = () => queryClient.invalidateQueries({ queryKey: importKeys.all });

  const retry = useMutation({
    mutationFn: (attempt: ImportAttempt) => client.call('retryImportAttempt', { params: { id: attempt.id } }),
    onSuccess: async (answer) => {
      toast.success(`Retrying ${answer.data.file_name}`);
      await refresh();
    },
    onError: (error) => toast.error(apiErrorMessage(error)),
  });
  const remove = useMutation({
    mutationFn: (attempt: ImportAttempt) => client.call('deleteImportAttempt', { params: { id: attempt.id } }),
    onSuccess: async () => {
      setDeleting(null);
      await refresh();
    },
  });
  const download = useMutation({
    mutationFn: async (attempt: ImportAttempt) => client.saveDownload(await client.download('importAttemptErrors', { params: { id: attempt.id } })),
    onError: (error) => toast.error(apiErrorMessage(error)),
  });

  const columns: TableColumn<ImportAttempt>[] = [
    {
      id: 'file',
      header: 'File',
      rowHeader: true,
      cell: (a) => (
        <span className="flex flex-col">
          <span className="font-medium">{a.file_name}</span>
          <span className="text-xs text-muted">
            {a.category === 'client' ? 'Clients' : a.category === 'prospect' ? 'Prospects' : 'Leads'} · {formatDateTime(a.created_at, zone)}
            {tab === 'all' ? ` · by ${a.user.name}` : ''}
          </span>
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (a) =>
        a.status !== 'failed' ? (
          <>
            <ProgressBar value={a.status === 'queued' ? null : a.progress} label={`${STATUS_LABELS[a.status]} ${a.file_name}`} showValue className="min-w-40" />
            {a.interrupted && a.status !== 'completed' && <span className="block text-xs text-muted">{INTERRUPTED_LABEL}</span>}
          </>
        ) : (
          <span className={a.status === 'failed' ? 'font-medium text-danger' : undefined}>
            {STATUS_LABELS[a.status]}
            {a.failure ? <span className="block text-xs text-muted">{a.failure}</span> : null}
          </span>
        ),
    },
    {
      id: 'rows',
      header: 'Rows',
      cell: (a) => (
        <span className="text-sm">
          {attemptCounts(a).join(' · ')}
          <span className="block text-xs text-muted">{count(a.processed_rows)} read</span>
        </span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (a) => (
        <span className="flex flex-wrap gap-2">
          {a.warning_count + a.skipped_count + a.error_count > 0 && (
            <Button
              type="button"
              size="sm"
              variant="secondary"
              onClick={() => download.mutate(a)}
              aria-label={`Download the rows with warnings, skipped or refused of ${a.file_name}`}
              title="Fix the rows and import the file again: the Contact ID column updates the contacts they made"
            >
              Error file
            </Button>
          )}
          {a.status === 'failed' && (
            <Button type="button" size="sm" onClick={() => retry.mutate(a)} loading={retry.isPending && retry.variables?.id === a.id} aria-label={`Retry ${a.file_name}`}>
              Retry
            </Button>
          )}
          <Button type="button" size="sm" variant="ghost" onClick={() => setDeleting(a)} aria-label={`Delete the import of ${a.file_name}`}>
            Delete
          </Button>
        </span>
      ),
    },
  ];

  const meta = attempts.data?.meta;
  return (
    <section aria-labelledby="import-attempts-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="import-attempts-title" className="text-lg font-semibold">
          Imports
        </h2>
        <div role="group" aria-label="Whose imports" className="flex gap-1">
          {(['mine', 'all'] as const).map((value) => (
            <Button
              key={value}
              type="button"
              size="sm"
              variant={tab === value ? 'primary' : 'secondary'}
              aria-pressed={tab === value}
              onClick={() => {
                setTab(value);
                setPage(1);
              }}
            >
              {value === 'mine' ? 'Mine' : 'Everyone I manage'}
            </Button>
          ))}
        </div>
      </div>
      <ListState query={attempts} loading="Loading imports" isEmpty={(data) => data.data.length === 0} empty={<EmptyState title="No imports yet" description="Imports you start show here with their progress." />}>
        {(data) => <Table columns={columns} rows={data.data} getRowKey={(a) => a.id} caption="Import attempts" captionHidden />}
      </ListState>
      {meta && <Pager label="Pages of imports" page={meta.current_page} totalPages={meta.total_pages} onPage={setPage} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this import?"
        description={deleting ? `The record of ${deleting.file_name} and its error rows go; the contacts it made stay.` : ''}
        confirmLabel="Delete"
        variant="danger"
        pending={remove.isPending}
        error={remove.isError ? apiErrorMessage(remove.error) : null}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </section>
  );
}

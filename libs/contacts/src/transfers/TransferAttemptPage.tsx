import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { useApiClient } from '@crm/api-client';
import { IANA_TIMEZONES, type ContactCategory, type TransferAttempt, type TransferLog } from '@crm/contract';
import { apiErrorMessage, FormError, useSession } from '@crm/session';
import { Button, ConfirmDialog, EmptyState, Pager, ProgressBar, Spinner, Table, buttonClassName, type TableColumn, PageHeader, useDebouncedValue } from '@crm/ui';
import { formatDateTime } from '@crm/util';
import { contactKeys, sourcesQueryOptions, statusesQueryOptions } from '../contacts-queries';
import { CATEGORY_LABELS } from '../labels';
import { ListState } from '../ListState';
import { SearchForm } from '../SearchForm';
import {
  canDecideTransfer,
  isTransferMoving,
  isTransferRunning,
  transferAttemptStatusQueryOptions,
  transferKeys,
  transferLogsQueryOptions,
  transferProgressLabel,
  transferStatusLabel,
} from './transfer-queries';

const count = (n: number) => n.toLocaleString('en-US');

const CHANGE_LABELS: Record<string, string> = {
  category: 'Category',
  status_id: 'Status',
  agentflow_status_id: 'AgentFlow status',
  source_id: 'Source',
};

/** A changed field's name in plain English ("source_id" → "Source"). */
function changeLabel(field: string): string {
  const known = CHANGE_LABELS[field];
  if (known) return known;
  const words = field.replace(/_id$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A changed field's value as the user knows it: the status or source by its title, the category by its label. */
function useChangeValue(): (field: string, value: string | number | null) => string {
  const client = useApiClient();
  const statuses = useQuery(statusesQueryOptions(client));
  const sources = useQuery(sourcesQueryOptions(client));
  const agentflow = useQuery({
    queryKey: contactKeys.lookups('agentflow_statuses'),
    queryFn: ({ signal }) => client.call('listAgentflowStatuses', { signal }),
    select: (answer) => answer.data,
    staleTime: 5 * 60_000,
  });
  const titled: Record<string, { id: number; title: string }[] | undefined> = { status_id: statuses.data, source_id: sources.data, agentflow_status_id: agentflow.data };
  return (field, value) => {
    if (value === null) return 'cleared';
    if (field === 'category') return CATEGORY_LABELS[value as ContactCategory] ?? String(value);
    return titled[field]?.find((entry) => entry.id === value)?.title ?? String(value);
  };
}

function Summary({ attempt, zone }: { attempt: TransferAttempt; zone: string }) {
  const changes = Object.entries(attempt.changes);
  const shown = useChangeValue();
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 rounded border border-border bg-surface p-4 text-sm">
      <dt className="font-semibold text-muted">Made by</dt>
      <dd>{attempt.user.name}</dd>
      <dt className="font-semibold text-muted">When</dt>
      <dd>{formatDateTime(attempt.created_at, zone)}</dd>
      <dt className="font-semibold text-muted">Contacts</dt>
      <dd>
        {count(attempt.moved_count)} of {count(attempt.total_count)} moved
      </dd>
      <dt className="font-semibold text-muted">Status</dt>
      <dd className={attempt.status === 'failed' ? 'font-medium text-danger' : undefined}>
        {transferStatusLabel(attempt)}
        {attempt.failure ? <span className="block text-xs font-normal text-muted">{attempt.failure}</span> : null}
      </dd>
      {changes.length > 0 && (
        <>
          <dt className="font-semibold text-muted">Also changed</dt>
          <dd>
            <ul className="flex flex-col gap-0.5">
              {changes.map(([field, value]) => (
                <li key={field}>
                  {changeLabel(field)}: {shown(field, value)}
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
    </dl>
  );
}

function TransferLogs({ id, poll }: { id: number; poll: boolean }) {
  const client = useApiClient();
  const [qDraft, setQDraft] = useState('');
  const q = useDebouncedValue(qDraft).trim();
  // The page belongs to one search: another search starts again at page 1.
  const [paging, setPaging] = useState({ q, page: 1 });
  const page = paging.q === q ? paging.page : 1;
  const setPage = (next: number) => setPaging({ q, page: next });
  const logs = useQuery(transferLogsQueryOptions(client, id, page, q, poll));
  const meta = logs.data?.meta;

  const columns: TableColumn<TransferLog>[] = [
    {
      id: 'contact',
      header: 'Contact',
      rowHeader: true,
      cell: (log) => (
        <Link to={`/contacts/${log.contact_id}`} className="font-medium text-primary underline-offset-2 hover:underline">
          {log.contact_name}
        </Link>
      ),
    },
    { id: 'from', header: 'From', cell: (log) => log.from_user.name },
    { id: 'to', header: 'To', cell: (log) => log.to_user.name },
  ];

  return (
    <section aria-labelledby="transfer-logs-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="transfer-logs-title" className="text-lg font-semibold">
          Moved contacts
        </h2>
        <SearchForm label="Search moved contacts" placeholder="Search by contact name" value={qDraft} onChange={setQDraft} />
      </div>
      <ListState query={logs} loading="Loading the moved contacts" isEmpty={(data) => data.data.length === 0} 
        empty={q ? <EmptyState title="No moved contacts match" description="No contact with that name was moved by this transfer." /> : <EmptyState title="No contacts moved yet" description="Contacts show here as the transfer moves them." />}
      >
        {(data) => <Table columns={columns} rows={data.data} getRowKey={(log) => log.contact_id} caption="Moved contacts" captionHidden />}
      </ListState>
      {meta && <Pager label="Pages of moved contacts" page={meta.current_page} totalPages={meta.total_pages} onPage={setPage} />}
    </section>
  );
}

/**
 * /contacts/transfers/:id: one transfer attempt (spec part 2 §3, §9). The attempt is polled every
 * second while it is queued, processing or reverting, with a progress bar while it moves contacts.
 * A done transfer can be confirmed (PATCH status complete) or, after a confirmation dialog,
 * reverted (POST; the contacts go back to their earlier owners in a job): while the revert is
 * asked for or the attempt carries the revert-in-progress marker, "Reverting…" shows instead of the
 * buttons. Below, the contacts it moved, 50 a page, searchable by name.
 */
export function TransferAttemptPage() {
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const valid = Number.isInteger(id) && id > 0;
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const zone = IANA_TIMEZONES[user?.timezone ?? 'est'];
  const [askingRevert, setAskingRevert] = useState(false);
  const attempt = useQuery({ ...transferAttemptStatusQueryOptions(client, id), enabled: valid });

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: transferKeys.all }),
      queryClient.invalidateQueries({ queryKey: contactKeys.all }),
    ]);

  const confirm = useMutation({
    mutationFn: () => client.call('updateTransferAttempt', { params: { id }, body: { status: 'complete' } }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(transferKeys.status(id), answer);
      await refresh();
    },
  });
  const revert = useMutation({
    mutationFn: () => client.call('revertTransferAttempt', { params: { id } }),
    onSuccess: async (answer) => {
      setAskingRevert(false);
      queryClient.setQueryData(transferKeys.status(id), answer);
      // A revert that already ended refreshes at once; otherwise the polling sees it end.
      if (!answer.data.reverting) await refresh();
      else await queryClient.invalidateQueries({ queryKey: transferKeys.lists() });
    },
  });

  // When the job stops (the move or a revert ends), the logs, the list and the contacts change.
  const running = attempt.data ? isTransferRunning(attempt.data) : null;
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current === true && running === false) {
      void queryClient.invalidateQueries({ queryKey: transferKeys.all });
      void queryClient.invalidateQueries({ queryKey: contactKeys.all });
    }
    wasRunning.current = running;
  }, [running, queryClient]);

  const back = (
    <Link to="/contacts/transfers" className={buttonClassName({ variant: 'secondary' })}>
      Back to transfers
    </Link>
  );

  if (!valid || attempt.isPending || attempt.isError) {
    return (
      <div className="flex flex-col gap-4">
        <PageHeader title="Transfer" actions={back} />
        {!valid ? (
          <EmptyState title="Transfer not found" description="This address does not name a transfer." />
        ) : attempt.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label="Loading the transfer" />
          </div>
        ) : (
          <p role="alert" className="text-danger">
            {apiErrorMessage(attempt.error)}
          </p>
        )}
      </div>
    );
  }

  const data = attempt.data;
  const revertRunning = revert.isPending || data.reverting;
  const decide = canDecideTransfer(data) && !revertRunning;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={`Transfer to ${data.to_user.name}`} actions={back} />

      <Summary attempt={data} zone={zone} />

      {isTransferMoving(data) && (
        <ProgressBar value={data.status === 'queued' ? null : data.progress} label={transferProgressLabel(data)} showValue />
      )}
      {revertRunning ? (
        <p role="status" className="font-medium">
          Reverting…
        </p>
      ) : data.reverted ? (
        <p className="font-medium">Reverted</p>
      ) : null}

      {decide && (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-muted">Confirm to keep the move, or revert it to give the contacts back.</p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={() => confirm.mutate()} loading={confirm.isPending}>
              Confirm
            </Button>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                revert.reset();
                setAskingRevert(true);
              }}
            >
              Revert
            </Button>
          </div>
        </div>
      )}
      <FormError message={confirm.isError ? apiErrorMessage(confirm.error) : null} />

      <ConfirmDialog
        open={askingRevert}
        onOpenChange={(open) => !open && setAskingRevert(false)}
        title="Revert this transfer?"
        description={`The ${count(data.moved_count)} moved contacts go back to their earlier owners, unless they have moved since.`}
        confirmLabel="Revert"
        variant="danger"
        pending={revert.isPending}
        error={revert.isError ? apiErrorMessage(revert.error) : null}
        onConfirm={() => revert.mutate()}
      />

      <TransferLogs id={id} poll={isTransferMoving(data)} />
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ApiError, useApiClient } from '@crm/api-client';
import type { MailerKit, TransferAttempt } from '@crm/contract';
import { apiErrorMessage } from '@crm/session';
import { contactKeys, ownersQueryOptions } from '../contacts-queries';
import { isTransferRunning, transferAttemptStatusQueryOptions, transferStatusLabel } from '../transfers/transfer-queries';
import { mailerCountsQueryOptions, mailerKeys, mailerKitsQueryOptions } from './mailer-queries';
import { ListState } from '../ListState';
import { Button, EmptyState, Field, Input, Select, Table, type TableColumn, PageHeader } from '@crm/ui';

type Row = { key: number; userId: string; count: string };

const fmt = (n: number) => n.toLocaleString('en-US');

/**
 * /contacts/mailers (feature mailer_assignment: administrators and managers): the lead lists
 * imported for direct-mail campaigns ("kits") with how many of their contacts are still
 * unassigned; a kit's contacts by who holds them now; and dealing so many unassigned contacts to
 * each chosen user, one transfer per user (each can be followed and reverted on its transfer page).
 */
export function MailerAssignmentPage() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [kitId, setKitId] = useState<number | null>(null);
  // each row's React key: a counter, so rows added within one millisecond stay apart
  const lastKey = useRef(1);
  const newRow = (): Row => ({ key: (lastKey.current += 1), userId: '', count: '' });
  const [rows, setRows] = useState<Row[]>([{ key: 1, userId: '', count: '' }]);
  const [made, setMade] = useState<TransferAttempt[]>([]);
  const kits = useQuery(mailerKitsQueryOptions(client));
  const counts = useQuery({ ...mailerCountsQueryOptions(client, kitId ?? 0), enabled: kitId !== null });
  // The transfers just made move their contacts in a job: follow them, and once none is running
  // ask again for the kits' and the holders' counts (and the contact lists' owners).
  const statuses = useQueries({ queries: made.map((t) => transferAttemptStatusQueryOptions(client, t.id)) });
  const running = statuses.some((s) => !s.data || isTransferRunning(s.data));
  const settled = made.length > 0 && !running;
  useEffect(() => {
    if (!settled) return;
    void queryClient.invalidateQueries({ queryKey: mailerKeys.all });
    void queryClient.invalidateQueries({ queryKey: contactKeys.all });
  }, [settled, queryClient]);
  const owners = useQuery(ownersQueryOptions(client, ''));
  const assign = useMutation({
    mutationFn: () =>
      client.call('mailerAssignmentCreate', {
        body: { kit_id: kitId ?? 0, assignments: rows.map((r) => ({ user_id: Number(r.userId), count: Number(r.count) })) },
      }),
    onSuccess: async (answer) => {
      setMade(answer.data);
      setRows([newRow()]);
      await queryClient.invalidateQueries({ queryKey: mailerKeys.all });
    },
  });
  const errors = assign.error instanceof ApiError ? assign.error.fieldErrors() : {};
  const kit = kits.data?.find((k) => k.id === kitId);

  const columns: TableColumn<MailerKit>[] = [
    { id: 'name', header: 'Kit', rowHeader: true, cell: (k) => k.name },
    { id: 'vendor', header: 'Vendor', cell: (k) => k.vendor ?? '—' },
    { id: 'holder', header: 'Held by', cell: (k) => k.holder.name },
    { id: 'counts', header: 'Unassigned', cell: (k) => `${fmt(k.unassigned)} of ${fmt(k.total)}` },
    {
      id: 'choose',
      header: 'Assign',
      cell: (k) => (
        <Button type="button" size="sm" variant={k.id === kitId ? 'primary' : 'secondary'} aria-pressed={k.id === kitId} onClick={() => setKitId(k.id)} aria-label={`Assign contacts of ${k.name}`}>
          {k.id === kitId ? 'Chosen' : 'Choose'}
        </Button>
      ),
    },
  ];

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 p-4">
      <PageHeader
        title="Mailer assignment"
        actions={
          <Link to="/contacts/transfers" className="text-primary underline">
            Transfers
          </Link>
        }
      />
      <ListState
        query={kits}
        loading="Loading mailer kits"
        isEmpty={(data) => data.length === 0}
        empty={<EmptyState title="No mailer kits" description="Lead lists imported as leads show here, with how many of their contacts are still to be assigned." />}
      >
        {(data) => <Table columns={columns} rows={data} getRowKey={(k) => k.id} caption="Mailer kits" captionHidden />}
      </ListState>
      {kit && (
        <section aria-labelledby="mailer-assign-title" className="flex flex-col gap-3 rounded border border-border bg-surface p-4">
          <h2 id="mailer-assign-title" className="text-lg font-semibold">
            Assign {kit.name}: {fmt(kit.unassigned)} unassigned
          </h2>
          {counts.data && (
            <ul className="text-sm">
              {counts.data.by_user.map((u) => (
                <li key={u.user.id}>
                  {u.user.name}: {fmt(u.count)}
                </li>
              ))}
            </ul>
          )}
          {rows.map((row, i) => (
            <div key={row.key} className="grid gap-2 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
              <Field label={`User ${i + 1}`} error={errors[`assignments.${i}.user_id`]}>
                <Select
                  options={(owners.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
                  value={row.userId}
                  placeholder="Choose a user"
                  onValueChange={(value) => setRows(rows.map((r) => (r.key === row.key ? { ...r, userId: value } : r)))}
                />
              </Field>
              <Field label={`Contacts for user ${i + 1}`} error={errors[`assignments.${i}.count`]}>
                <Input inputMode="numeric" value={row.count} onChange={(event) => setRows(rows.map((r) => (r.key === row.key ? { ...r, count: event.currentTarget.value.replace(/\D/g, '') } : r)))} />
              </Field>
              {rows.length > 1 && (
                <Button type="button" variant="ghost" onClick={() => setRows(rows.filter((r) => r.key !== row.key))} aria-label={`Remove user ${i + 1}`}>
                  Remove
                </Button>
              )}
            </div>
          ))}
          {(errors['assignments'] ?? (assign.isError && !Object.keys(errors).length ? apiErrorMessage(assign.error) : undefined)) && (
            <p role="alert" className="text-danger">
              {errors['assignments'] ?? apiErrorMessage(assign.error)}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="secondary" onClick={() => setRows([...rows, newRow()])}>
              Add a user
            </Button>
            <Button type="button" loading={assign.isPending} onClick={() => assign.mutate()}>
              Assign
            </Button>
          </div>
        </section>
      )}
      {made.length > 0 && (
        <section aria-label="Transfers made" role="status" className="flex flex-col gap-1 text-sm">
          {made.map((t, i) => {
            const now = statuses[i]?.data ?? t;
            return (
              <p key={t.id}>
                <Link to={`/contacts/transfers/${t.id}`} className="text-primary underline">
                  {fmt(t.total_count)} contacts to {t.to_user.name}
                </Link>{' '}
                <span className="text-muted">({transferStatusLabel(now)})</span>
              </p>
            );
          })}
        </section>
      )}
    </div>
  );
}

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useApiClient } from '@crm/api-client';
import { IANA_TIMEZONES, type TransferAttempt } from '@crm/contract';
import { useSession } from '@crm/session';
import { EmptyState, Pager, ProgressBar, Select, Table, type SelectOption, type TableColumn, PageHeader, useDebouncedValue } from '@crm/ui';
import { formatDateTime } from '@crm/util';
import { ListState } from '../ListState';
import { SearchForm } from '../SearchForm';
import { BackToContactsLink } from '../BackToContactsLink';
import {
  isTransferMoving,
  transferAttemptsQueryOptions,
  transferProgressLabel,
  transferStatusLabel,
  type TransferOrder,
} from './transfer-queries';

const ORDERS = {
  newest: { order_field: 'created_at', order: 'desc', label: 'Newest first' },
  oldest: { order_field: 'created_at', order: 'asc', label: 'Oldest first' },
  updated: { order_field: 'updated_at', order: 'desc', label: 'Recently updated' },
  status: { order_field: 'status', order: 'asc', label: 'By status' },
  largest: { order_field: 'total_count', order: 'desc', label: 'Most contacts' },
  smallest: { order_field: 'total_count', order: 'asc', label: 'Fewest contacts' },
} as const satisfies Record<string, TransferOrder & { label: string }>;
type OrderName = keyof typeof ORDERS;
const isOrderName = (value: string): value is OrderName => Object.hasOwn(ORDERS, value);
const ORDER_OPTIONS: SelectOption[] = Object.entries(ORDERS).map(([value, { label }]) => ({ value, label }));

const count = (n: number) => n.toLocaleString('en-US');

function TransferStatus({ attempt }: { attempt: TransferAttempt }) {
  if (isTransferMoving(attempt))
    return (
      <ProgressBar
        value={attempt.status === 'queued' ? null : attempt.progress}
        label={transferProgressLabel(attempt)}
        showValue
        className="min-w-48"
      />
    );
  const failed = attempt.status === 'failed' && !attempt.reverted && !attempt.reverting;
  return (
    <span className={failed ? 'font-medium text-danger' : undefined}>
      {transferStatusLabel(attempt)}
      {failed && attempt.failure ? <span className="block text-xs font-normal text-muted">{attempt.failure}</span> : null}
    </span>
  );
}

/**
 * /contacts/transfers: the transfer attempts the user made or reaches (spec part 2 §9), newest
 * first, 15 a page. A search (500 ms after the last keystroke) finds a user by name; the order can
 * be changed. A running attempt shows its progress, and the page is asked for again every second
 * while any attempt shown is queued, processing or reverting. "Open" leads to the attempt.
 */
export function TransferAttemptsPage() {
  const client = useApiClient();
  const { user } = useSession();
  const zone = IANA_TIMEZONES[user?.timezone ?? 'est'];
  const [qDraft, setQDraft] = useState('');
  const q = useDebouncedValue(qDraft).trim();
  const [orderName, setOrderName] = useState<OrderName>('newest');
  const { order_field, order } = ORDERS[orderName];
  // The page belongs to one search and order: another search or order starts again at page 1.
  const searchKey = `${orderName}|${q}`;
  const [paging, setPaging] = useState({ key: searchKey, page: 1 });
  const page = paging.key === searchKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ key: searchKey, page: next });

  const attempts = useQuery(transferAttemptsQueryOptions(client, { page, q, order_field, order }));

  const columns: TableColumn<TransferAttempt>[] = [
    { id: 'when', header: 'When', rowHeader: true, cell: (a) => formatDateTime(a.created_at, zone) },
    { id: 'by', header: 'By', cell: (a) => a.user.name },
    { id: 'to', header: 'To', cell: (a) => a.to_user.name },
    { id: 'contacts', header: 'Contacts', cell: (a) => `${count(a.moved_count)} of ${count(a.total_count)}` },
    { id: 'status', header: 'Status', cell: (a) => <TransferStatus attempt={a} /> },
    {
      id: 'open',
      header: <span className="sr-only">Actions</span>,
      cell: (a) => (
        <Link
          to={`/contacts/transfers/${a.id}`}
          aria-label={`Open the transfer to ${a.to_user.name} of ${formatDateTime(a.created_at, zone)}`}
          className="font-medium text-primary underline-offset-2 hover:underline"
        >
          Open
        </Link>
      ),
    },
  ];

  const meta = attempts.data?.meta;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Transfers" actions={<BackToContactsLink />} />

      <div className="flex flex-wrap items-end gap-3">
        <SearchForm label="Search transfers by user" placeholder="Search by the name of a user" value={qDraft} onChange={setQDraft} className="flex-1" />
        <Select aria-label="Order transfers" options={ORDER_OPTIONS} value={orderName} onValueChange={(value) => isOrderName(value) && setOrderName(value)} className="w-48" />
      </div>

      <ListState query={attempts} loading="Loading transfers" isEmpty={(data) => data.data.length === 0} 
        empty={q ? <EmptyState title="No transfers match" description="No transfer was made by or to a user with that name." /> : <EmptyState title="No transfers yet" description="Contacts you move to another user show here with their progress." />}
      >
        {(data) => <Table columns={columns} rows={data.data} getRowKey={(a) => a.id} caption="Transfer attempts" captionHidden />}
      </ListState>

      {meta && <Pager label="Pages of transfers" page={meta.current_page} totalPages={meta.total_pages} onPage={setPage} />}
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useApiClient } from '@crm/api-client';
import type { TransferHistoryEntry } from '@crm/contract';
import { EmptyState, Table, type TableColumn } from '@crm/ui';
import { formatDateTime } from '@crm/util';
import { contactKeys } from '../contacts-queries';
import { ListState } from '../ListState';

/** A contact's transfer history (GET /v1/contacts/{id}/transfer_history): when, from whom, to whom, by whom, and whether it was reverted. */
export function TransfersTab({ contactId, zone }: { contactId: number; zone: string }) {
  const client = useApiClient();
  const history = useQuery({
    queryKey: contactKeys.record(contactId, 'transfer_history'),
    queryFn: ({ signal }) => client.call('contactTransferHistory', { params: { id: contactId }, signal }),
    select: (answer) => answer.data,
  });
  const columns: TableColumn<TransferHistoryEntry>[] = [
    { id: 'when', header: 'When', rowHeader: true, cell: (h) => formatDateTime(h.created_at, zone) },
    { id: 'from', header: 'From', cell: (h) => h.from_user.name },
    { id: 'to', header: 'To', cell: (h) => h.to_user.name },
    { id: 'by', header: 'By', cell: (h) => h.by.name },
    {
      id: 'state',
      header: 'Transfer',
      cell: (h) => (
        <Link to={`/contacts/transfers/${h.attempt_id}`} className="text-primary underline-offset-2 hover:underline">
          {h.reverted ? 'Reverted' : 'Open'} <span className="sr-only">the transfer of {formatDateTime(h.created_at, zone)}</span>
        </Link>
      ),
    },
  ];
  return (
    <ListState query={history} loading="Loading the transfer history" isEmpty={(data) => data.length === 0} empty={<EmptyState title="Never transferred" description="Moves of this contact to another user show here." />}>
      {(data) => <Table columns={columns} rows={data} getRowKey={(h) => `${h.attempt_id}`} caption="Transfer history" captionHidden />}
    </ListState>
  );
}

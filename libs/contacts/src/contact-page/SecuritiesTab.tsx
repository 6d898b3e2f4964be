import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import { SECURITY_TYPE_LABELS, type Security } from '@crm/contract';
import type { TableColumn } from '@crm/ui';
import { contactKeys, securitiesQueryOptions } from '../contacts-queries';
import { formatMoney, usDate } from './format';
import { RecordsTable } from './RecordsTable';
import { SecurityDialog } from './SecurityDialog';

const quantityFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

const columns: TableColumn<Security>[] = [
  { id: 'name', header: 'Name', rowHeader: true, cell: (security) => security.name },
  { id: 'type', header: 'Type', cell: (security) => SECURITY_TYPE_LABELS[security.security_type] },
  { id: 'symbol', header: 'Symbol', cell: (security) => security.symbol ?? '—' },
  { id: 'institution', header: 'Institution', cell: (security) => security.institution ?? '—' },
  { id: 'account', header: 'Account', cell: (security) => <span className="font-mono">{security.account_number ?? '—'}</span> },
  {
    id: 'quantity',
    header: 'Quantity',
    align: 'end',
    cell: (security) => (security.quantity === null ? '—' : quantityFormat.format(security.quantity)),
  },
  { id: 'value', header: 'Value', align: 'end', cell: (security) => formatMoney(security.value) || '—' },
  { id: 'as_of', header: 'As of', cell: (security) => usDate(security.as_of_date) || '—' },
];

export type SecuritiesTabProps = {
  contactId: number;
};

/** A contact's securities: the table (account numbers masked by the API), add and edit in a dialog, delete after confirming. */
export function SecuritiesTab({ contactId }: SecuritiesTabProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const securities = useQuery(securitiesQueryOptions(client, contactId));
  return (
    <RecordsTable
      noun="security"
      caption="Securities"
      query={securities}
      columns={columns}
      recordName={(security) => security.name}
      deleteRecord={(security) => client.call('deleteSecurity', { params: { id: contactId, securityId: security.id } })}
      deletedMessage={() => 'Security deleted.'}
      onDeleted={() => queryClient.invalidateQueries({ queryKey: contactKeys.record(contactId, 'securities') })}
      renderDialog={({ record, open, onOpenChange }) => (
        <SecurityDialog contactId={contactId} security={record} open={open} onOpenChange={onOpenChange} />
      )}
    />
  );
}

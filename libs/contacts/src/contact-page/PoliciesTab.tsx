import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import { POLICY_TYPE_LABELS, type Policy } from '@crm/contract';
import type { TableColumn } from '@crm/ui';
import { contactKeys, policiesQueryOptions } from '../contacts-queries';
import { formatMoney, usDate } from './format';
import { POLICY_STATUS_LABELS, PREMIUM_MODE_LABELS } from './labels';
import { PolicyDialog } from './PolicyDialog';
import { RecordsTable } from './RecordsTable';

/** "Term life 12345" — names a policy in buttons and questions. */
const policyName = (policy: Policy) => [POLICY_TYPE_LABELS[policy.policy_type], policy.policy_number].filter(Boolean).join(' ');

const columns: TableColumn<Policy>[] = [
  { id: 'carrier', header: 'Carrier', cell: (policy) => policy.carrier?.name ?? '—' },
  { id: 'type', header: 'Type', rowHeader: true, cell: (policy) => POLICY_TYPE_LABELS[policy.policy_type] },
  { id: 'number', header: 'Number', cell: (policy) => policy.policy_number ?? '—' },
  { id: 'status', header: 'Status', cell: (policy) => POLICY_STATUS_LABELS[policy.status] },
  {
    id: 'premium',
    header: 'Premium',
    align: 'end',
    cell: (policy) =>
      policy.premium === null ? '—' : `${formatMoney(policy.premium)} ${PREMIUM_MODE_LABELS[policy.premium_mode].toLowerCase()}`,
  },
  { id: 'effective', header: 'Effective', cell: (policy) => usDate(policy.effective_date) || '—' },
];

export type PoliciesTabProps = {
  contactId: number;
};

/** A contact's policies: the table, add and edit in a dialog, delete after confirming. */
export function PoliciesTab({ contactId }: PoliciesTabProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const policies = useQuery(policiesQueryOptions(client, contactId));
  return (
    <RecordsTable
      noun="policy"
      caption="Policies"
      query={policies}
      columns={columns}
      recordName={policyName}
      deleteRecord={(policy) => client.call('deletePolicy', { params: { id: contactId, policyId: policy.id } })}
      deletedMessage={() => 'Policy deleted.'}
      onDeleted={() =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: contactKeys.record(contactId, 'policies') }),
          queryClient.invalidateQueries({ queryKey: contactKeys.detail(contactId) }),
        ])
      }
      renderDialog={({ record, open, onOpenChange }) => (
        <PolicyDialog contactId={contactId} policy={record} open={open} onOpenChange={onOpenChange} />
      )}
    />
  );
}

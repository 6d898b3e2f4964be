import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import { POLICY_TYPE_LABELS, type Policy } from '@crm/contract';
import { apiErrorMessage, FormError } from '@crm/session';
import { Button, ConfirmDialog, Spinner, Table, toast, type TableColumn } from '@crm/ui';
import { contactKeys, policiesQueryOptions } from '../contacts-queries';
import { formatMoney, usDate } from './format';
import { POLICY_STATUS_LABELS, PREMIUM_MODE_LABELS } from './labels';
import { PolicyDialog } from './PolicyDialog';

/** "Term life 12345" — names a policy in buttons and questions. */
const policyName = (policy: Policy) => [POLICY_TYPE_LABELS[policy.policy_type], policy.policy_number].filter(Boolean).join(' ');

export type PoliciesTabProps = {
  contactId: number;
};

/** A contact's policies: the table, add and edit in a dialog, delete after confirming. */
export function PoliciesTab({ contactId }: PoliciesTabProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const policies = useQuery(policiesQueryOptions(client, contactId));
  // undefined: no dialog; null: a new policy; else the policy edited.
  const [editing, setEditing] = useState<Policy | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Policy | null>(null);
  const remove = useMutation({
    mutationFn: (policy: Policy) => client.call('deletePolicy', { params: { id: contactId, policyId: policy.id } }),
    onSuccess: async () => {
      setDeleting(null);
      toast.success('Policy deleted.');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.record(contactId, 'policies') }),
        queryClient.invalidateQueries({ queryKey: contactKeys.detail(contactId) }),
      ]);
    },
  });

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
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'end',
      cell: (policy) => (
        <div className="flex justify-end gap-1">
          <Button size="sm" variant="ghost" aria-label={`Edit ${policyName(policy)}`} onClick={() => setEditing(policy)}>
            Edit
          </Button>
          <Button size="sm" variant="ghost" aria-label={`Delete ${policyName(policy)}`} onClick={() => setDeleting(policy)}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button onClick={() => setEditing(null)}>Add policy</Button>
      </div>
      {policies.isPending ? (
        <Spinner label="Loading policies" />
      ) : policies.isError ? (
        <FormError message={apiErrorMessage(policies.error)} />
      ) : (
        <Table caption="Policies" captionHidden columns={columns} rows={policies.data} getRowKey={(p) => p.id} empty="No policies yet." />
      )}
      <PolicyDialog
        contactId={contactId}
        policy={editing ?? undefined}
        open={editing !== undefined}
        onOpenChange={(open) => {
          if (!open) setEditing(undefined);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            remove.reset();
          }
        }}
        title={`Delete ${deleting ? policyName(deleting) : 'the policy'}?`}
        description="The policy is removed from the contact."
        confirmLabel="Delete policy"
        onConfirm={() => deleting && remove.mutate(deleting)}
        pending={remove.isPending}
        error={remove.error ? apiErrorMessage(remove.error) : null}
      />
    </div>
  );
}

import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import { SECURITY_TYPE_LABELS, type Security } from '@crm/contract';
import { apiErrorMessage, FormError } from '@crm/session';
import { Button, ConfirmDialog, Spinner, Table, toast, type TableColumn } from '@crm/ui';
import { contactKeys, securitiesQueryOptions } from '../contacts-queries';
import { formatMoney, usDate } from './format';
import { SecurityDialog } from './SecurityDialog';

const quantityFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

export type SecuritiesTabProps = {
  contactId: number;
};

/** A contact's securities: the table (account numbers masked by the API), add and edit in a dialog, delete after confirming. */
export function SecuritiesTab({ contactId }: SecuritiesTabProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const securities = useQuery(securitiesQueryOptions(client, contactId));
  // undefined: no dialog; null: a new security; else the security edited.
  const [editing, setEditing] = useState<Security | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Security | null>(null);
  const remove = useMutation({
    mutationFn: (security: Security) => client.call('deleteSecurity', { params: { id: contactId, securityId: security.id } }),
    onSuccess: async () => {
      setDeleting(null);
      toast.success('Security deleted.');
      await queryClient.invalidateQueries({ queryKey: contactKeys.record(contactId, 'securities') });
    },
  });

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
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'end',
      cell: (security) => (
        <div className="flex justify-end gap-1">
          <Button size="sm" variant="ghost" aria-label={`Edit ${security.name}`} onClick={() => setEditing(security)}>
            Edit
          </Button>
          <Button size="sm" variant="ghost" aria-label={`Delete ${security.name}`} onClick={() => setDeleting(security)}>
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-4">
      <div>
        <Button onClick={() => setEditing(null)}>Add security</Button>
      </div>
      {securities.isPending ? (
        <Spinner label="Loading securities" />
      ) : securities.isError ? (
        <FormError message={apiErrorMessage(securities.error)} />
      ) : (
        <Table
          caption="Securities"
          captionHidden
          columns={columns}
          rows={securities.data}
          getRowKey={(s) => s.id}
          empty="No securities yet."
        />
      )}
      <SecurityDialog
        contactId={contactId}
        security={editing ?? undefined}
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
        title={`Delete ${deleting?.name ?? 'the security'}?`}
        description="The security is removed from the contact."
        confirmLabel="Delete security"
        onConfirm={() => deleting && remove.mutate(deleting)}
        pending={remove.isPending}
        error={remove.error ? apiErrorMessage(remove.error) : null}
      />
    </div>
  );
}

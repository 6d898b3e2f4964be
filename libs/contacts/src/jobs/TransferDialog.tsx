import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import type { ContactCategory, ContactsScope, TransferAttempt } from '@crm/contract';
import { apiErrorMessage } from '@crm/session';
import { Dialog, DialogActions, Field, Input, Select, useDebouncedValue } from '@crm/ui';
import { ownersQueryOptions, statusesQueryOptions } from '../contacts-queries';
import { CATEGORY_OPTIONS } from '../labels';
import { selectionBody, type Selection } from '../selection';

const KEEP = 'keep';

export type TransferDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selection: Selection;
  scope: ContactsScope;
  /** What is selected, for the title: "3 contacts", "all 1,000+ contacts". */
  selectedLabel: string;
  onStarted: (attempt: TransferAttempt) => void;
};

/**
 * "Transfer" on the list's selection: the user to move the contacts to (the caller and the users
 * they reach, found by name), and optionally a status and category to set on the way
 * (update_transfer_group); the move runs as a job that the list follows.
 */
export function TransferDialog({ open, onOpenChange, selection, scope, selectedLabel, onStarted }: TransferDialogProps) {
  const client = useApiClient();
  const [find, setFind] = useState('');
  const q = useDebouncedValue(find, 300);
  const [userId, setUserId] = useState<string>('');
  const [statusId, setStatusId] = useState<string>(KEEP);
  const [category, setCategory] = useState<string>(KEEP);
  const [error, setError] = useState<string | null>(null);
  const owners = useQuery({ ...ownersQueryOptions(client, q), enabled: open });
  const statuses = useQuery({ ...statusesQueryOptions(client), enabled: open });
  const move = useMutation({
    mutationFn: () => {
      const base = { ...selectionBody(selection, scope), user_id: Number(userId) };
      const extra = {
        ...(statusId !== KEEP && { status_id: Number(statusId) }),
        ...(category !== KEEP && { category: category as ContactCategory }),
      };
      return Object.keys(extra).length
        ? client.call('updateTransferGroup', { body: { ...base, ...extra } })
        : client.call('transferGroup', { body: base });
    },
    onSuccess: (answer) => {
      onStarted(answer.data);
      onOpenChange(false);
      setUserId('');
      setStatusId(KEEP);
      setCategory(KEEP);
    },
    onError: (e) => setError(apiErrorMessage(e)),
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Transfer ${selectedLabel}`}
      description="Move them to another user. The move can be reverted from the transfer's page until it is confirmed."
      footer={
        <DialogActions
          loading={move.isPending}
          onClick={() => {
            if (!userId) return setError('Choose the user to move them to');
            setError(null);
            move.mutate();
          }}
        >
          Transfer
        </DialogActions>
      }
    >
      <div className="flex flex-col gap-3">
        <Field label="Find a user">
          <Input value={find} onChange={(event) => setFind(event.currentTarget.value)} />
        </Field>
        <Field label="Move to" error={error ?? undefined} required>
          <Select
            options={(owners.data ?? []).map((u) => ({ value: String(u.id), label: `${u.name} (${u.email})` }))}
            value={userId}
            onValueChange={setUserId}
            placeholder={owners.isPending ? 'Loading users…' : 'Choose a user'}
          />
        </Field>
        <Field label="Also set the status">
          <Select
            options={[{ value: KEEP, label: 'Keep each one\'s status' }, ...(statuses.data ?? []).map((s) => ({ value: String(s.id), label: s.title }))]}
            value={statusId}
            onValueChange={setStatusId}
          />
        </Field>
        <Field label="Also set the category">
          <Select options={[{ value: KEEP, label: 'Keep each one\'s category' }, ...CATEGORY_OPTIONS]} value={category} onValueChange={setCategory} />
        </Field>
      </div>
    </Dialog>
  );
}

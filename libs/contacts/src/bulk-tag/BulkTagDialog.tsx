import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import type { ContactsScope, Tag } from '@crm/contract';
import { apiErrorMessage } from '@crm/session';
import { Dialog, DialogActions, toast } from '@crm/ui';
import { contactKeys } from '../contacts-queries';
import { pairChange } from '../filters/ListFilters';
import { TagChoiceList } from '../filters/TagChoiceList';
import type { Selection } from '../selection';
import { NewTagForm } from './NewTagForm';
import { tagsGroupBody } from './tags-group-body';

export type BulkTagDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selection: Selection;
  /** The list's scope (sent with an "all matching" selection). */
  scope: ContactsScope;
  /** What is selected, for the title: "3 contacts", "all 1,000+ contacts". */
  selectedLabel: string;
  /** The tags were applied. */
  onTagged: (count: number) => void;
};

const plural = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'contact' : 'contacts'}`;

/**
 * "Tag" on the list's selection: tags to add and tags to remove (a new tag can be created inline),
 * sent with PATCH /v1/contacts/update_tags_group for the selected ids, or for all matching
 * contacts with the list's scope. On success it toasts "Tagged N contacts" and refreshes the list.
 */
export function BulkTagDialog({ open, onOpenChange, selection, scope, selectedLabel, onTagged }: BulkTagDialogProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [add, setAdd] = useState<number[]>([]);
  const [remove, setRemove] = useState<number[]>([]);
  const [created, setCreated] = useState<Tag[]>([]);
  const [choiceError, setChoiceError] = useState<string | null>(null);

  const apply = useMutation({
    mutationFn: () => client.call('updateTagsGroup', { body: tagsGroupBody(selection, scope, add, remove) }),
    onSuccess: async ({ count }) => {
      toast.success(`Tagged ${plural(count)}`);
      setAdd([]);
      setRemove([]);
      onTagged(count);
      onOpenChange(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['tags'] }),
      ]);
    },
  });

  const handleApply = () => {
    if (add.length + remove.length === 0) {
      setChoiceError('Choose tags to add or to remove');
      return;
    }
    setChoiceError(null);
    apply.mutate();
  };

  const handleCreated = (tag: Tag) => {
    setCreated((current) => [tag, ...current]);
    setAdd((current) => [...current.filter((id) => id !== tag.id), tag.id]);
    setRemove((current) => current.filter((id) => id !== tag.id));
    setChoiceError(null);
  };

  const serverError = apply.error ? apiErrorMessage(apply.error) : null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setChoiceError(null);
          apply.reset();
        }
        onOpenChange(next);
      }}
      title={`Tag ${selectedLabel}`}
      description="Add tags to the selected contacts, remove tags from them, or both."
      size="lg"
      footer={
        <DialogActions loading={apply.isPending} onClick={handleApply}>
          Apply tags
        </DialogActions>
      }
    >
      <div className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TagChoiceList
            emptyText="No tags yet. Create one below."
            legend="Tags to add"
            findLabel="Find tags to add"
            chosen={add}
            extra={created}
            error={choiceError ?? serverError}
            onChange={(ids) => {
              const { list, other } = pairChange(add, remove, ids);
              setAdd(list);
              setRemove(other);
              setChoiceError(null);
            }}
          />
          <TagChoiceList
            emptyText="No tags yet. Create one below."
            legend="Tags to remove"
            findLabel="Find tags to remove"
            chosen={remove}
            extra={created}
            onChange={(ids) => {
              const { list, other } = pairChange(remove, add, ids);
              setRemove(list);
              setAdd(other);
              setChoiceError(null);
            }}
          />
        </div>
        <NewTagForm onCreated={handleCreated} />
      </div>
    </Dialog>
  );
}

import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import type { Contact, Tag } from '@crm/contract';
import { apiErrorMessage, FormError } from '@crm/session';
import { Checkbox, cn, Dialog, DialogActions, Field, focusRing, Input, Spinner, useDebouncedValue } from '@crm/ui';
import { contactKeys, tagSearchQueryOptions } from '../contacts-queries';
import { NewTagForm } from '../bulk-tag/NewTagForm';
import { TagChip } from '../filters/TagChip';

type TagsEditorProps = {
  contact: Contact;
  onDone: () => void;
};

function TagsEditor({ contact, onDone }: TagsEditorProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Tag[]>(contact.tags);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const found = useQuery(tagSearchQueryOptions(client, q));
  const isSelected = (tag: Tag) => selected.some((s) => s.id === tag.id);
  const toggle = (tag: Tag) => setSelected((current) => (isSelected(tag) ? current.filter((s) => s.id !== tag.id) : [...current, tag]));

  const save = useMutation({
    mutationFn: () => client.call('updateTagsSingle', { body: { contact_id: contact.id, tags: selected.map((tag) => tag.id) } }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(contactKeys.detail(contact.id), answer);
      onDone();
      await queryClient.invalidateQueries({ queryKey: contactKeys.lists() });
    },
  });

  return (
    <div className="flex flex-col gap-4">
      <section aria-label="Chosen tags">
        {selected.length === 0 ? (
          <p className="text-sm text-muted">No tags chosen.</p>
        ) : (
          <ul className="flex flex-wrap gap-2">
            {selected.map((tag) => (
              <li key={tag.id}>
                <TagChip tag={tag}>
                  <button
                    type="button"
                    aria-label={`Remove ${tag.name}`}
                    onClick={() => toggle(tag)}
                    className={cn('-me-1 cursor-pointer rounded-full px-1 leading-none', focusRing)}
                  >
                    ×
                  </button>
                </TagChip>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="flex flex-col gap-2">
        <Field label="Find tags">
          <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} autoComplete="off" />
        </Field>
        {found.isPending ? (
          <Spinner label="Loading tags" />
        ) : found.isError ? (
          <FormError message={apiErrorMessage(found.error)} />
        ) : found.data.length === 0 ? (
          <p className="text-sm text-muted">{q ? 'No tags match.' : 'No tags yet: create one below.'}</p>
        ) : (
          <ul aria-label="Company tags" className="flex max-h-48 flex-col gap-1 overflow-y-auto">
            {found.data.map((tag) => (
              <li key={tag.id} className="flex items-center gap-2">
                <Checkbox label={tag.name} checked={isSelected(tag)} onCheckedChange={() => toggle(tag)} />
                <span aria-hidden="true" className="size-3 rounded-full" style={{ backgroundColor: tag.color }} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <NewTagForm onCreated={(tag) => setSelected((current) => [...current.filter((s) => s.id !== tag.id), tag])} />
      <FormError message={save.error ? apiErrorMessage(save.error) : null} />
      <div className="flex justify-end gap-2">
        <DialogActions loading={save.isPending} onClick={() => save.mutate()}>
          Save tags
        </DialogActions>
      </div>
    </div>
  );
}

export type TagsDialogProps = {
  contact: Contact;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Choose a contact's tags: find existing ones, create a new one (name and colour), save the list. */
export function TagsDialog({ contact, open, onOpenChange }: TagsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Edit tags" description="Choose the tags of this contact.">
      <TagsEditor contact={contact} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

import { useMemo, useState, type MouseEvent } from 'react';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { useApiClient } from '@crm/api-client';
import { MERGE_FIELDS, type Contact, type MergeField } from '@crm/contract';
import { apiErrorMessage, FormError } from '@crm/session';
import { Checkbox, Dialog, DialogActions, cn, toast } from '@crm/ui';
import { contactFilesQueryOptions, contactKeys, policiesQueryOptions, securitiesQueryOptions } from '../contacts-queries';
import { contactName } from '../labels';
import { notesCountQueryOptions } from './duplicates-queries';
import {
  defaultSurvivor,
  effectiveChoice,
  fieldDiffers,
  MERGE_FIELD_LABELS,
  mergeBody,
  mergeContactLabel,
  mergeFieldDisplay,
  type MergeChoices,
} from './merge';

export type MergeDialogProps = {
  /** The group of duplicates to merge (two or more). */
  contacts: readonly Contact[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

const count = (n: number | undefined, one: string, many: string) => (n === undefined ? `? ${many}` : `${n} ${n === 1 ? one : many}`);

/** What moves from one merged contact to the survivor: its phones, e-mails, notes, files, tags, policies and securities. */
function MovesSummary({ contact }: { contact: Contact }) {
  const client = useApiClient();
  const [notes, files, policies, securities] = useQueries({
    queries: [
      notesCountQueryOptions(client, contact.id),
      contactFilesQueryOptions(client, contact.id),
      policiesQueryOptions(client, contact.id),
      securitiesQueryOptions(client, contact.id),
    ],
  });
  const parts = [
    count(contact.phones.length, 'phone', 'phones'),
    count(contact.emails.length, 'e-mail', 'e-mails'),
    count(notes.data, 'note', 'notes'),
    count(files.data?.length, 'file', 'files'),
    count(contact.tags.length, 'tag', 'tags'),
    count(policies.data?.length, 'policy', 'policies'),
    count(securities.data?.length, 'security', 'securities'),
  ];
  return (
    <li>
      <span className="font-medium">{mergeContactLabel(contact)}</span>: {parts.join(', ')}.
    </li>
  );
}

/**
 * The side-by-side merge of a group of duplicates: one column per contact, one row per
 * MERGE_FIELDS field with a radio button per value (default: the surviving contact's value, or the
 * first non-empty one), the choice of the contact that stays, and a summary of what moves to it.
 * "Merge" sends PATCH /v1/contacts/merge; on success a toast links to the surviving contact and the
 * duplicates list refreshes (the merged contacts are in the trash, from where they can be restored).
 */
export function MergeDialog({ contacts, open, onOpenChange }: MergeDialogProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [choices, setChoices] = useState<MergeChoices>(() => ({ survivorId: defaultSurvivor(contacts), fields: {} }));
  const [onlyDiffering, setOnlyDiffering] = useState(true);
  const survivor = contacts.find((contact) => contact.id === choices.survivorId) ?? contacts[0];
  const others = contacts.filter((contact) => contact.id !== choices.survivorId);
  const fields = useMemo(
    () => (onlyDiffering ? MERGE_FIELDS.filter((field) => fieldDiffers(contacts, field)) : [...MERGE_FIELDS]),
    [contacts, onlyDiffering],
  );

  const merge = useMutation({
    mutationFn: () => client.call('mergeContacts', { body: mergeBody(contacts, choices) }),
    onSuccess: async ({ data }) => {
      const path = `/contacts/${data.id}`;
      const handleOpen = (event: MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        navigate(path);
      };
      toast.success(
        <span>
          Merged {contacts.length} contacts.{' '}
          <a href={path} onClick={handleOpen} className="font-medium underline">
            Open {contactName(data)}
          </a>
        </span>,
      );
      onOpenChange(false);
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
    },
  });

  const choose = (field: MergeField, id: number) => setChoices((current) => ({ ...current, fields: { ...current.fields, [field]: id } }));

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) merge.reset();
        onOpenChange(next);
      }}
      title={`Merge ${contacts.length} contacts`}
      description="Choose the contact that stays and, for each field, the value it keeps."
      size="lg"
      footer={
        <DialogActions loading={merge.isPending} onClick={() => merge.mutate()}>
          Merge
        </DialogActions>
      }
    >
      <div className="flex flex-col gap-4">
        <Checkbox
          label="Show only fields whose values differ"
          checked={onlyDiffering}
          onCheckedChange={(checked) => setOnlyDiffering(checked === true)}
        />
        <div className="overflow-x-auto rounded border border-border">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">Values of the contacts being merged</caption>
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="px-3 py-2 text-start font-semibold text-muted">
                  Field
                </th>
                {contacts.map((contact) => (
                  <th key={contact.id} scope="col" className="px-3 py-2 text-start font-semibold">
                    {mergeContactLabel(contact)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr className="border-b border-border bg-bg">
                <th scope="row" className="px-3 py-2 text-start font-semibold">
                  Contact that stays
                </th>
                {contacts.map((contact) => (
                  <td key={contact.id} className="px-3 py-2">
                    <label className="inline-flex cursor-pointer items-center gap-2">
                      <input
                        type="radio"
                        name="merge-survivor"
                        checked={choices.survivorId === contact.id}
                        onChange={() => setChoices((current) => ({ ...current, survivorId: contact.id }))}
                        className="size-4 accent-primary"
                      />
                      Keep {mergeContactLabel(contact)}
                    </label>
                  </td>
                ))}
              </tr>
              {fields.length === 0 && (
                <tr>
                  <td colSpan={contacts.length + 1} className="px-3 py-2 text-muted">
                    Every field has the same value on these contacts.
                  </td>
                </tr>
              )}
              {fields.map((field) => {
                const chosen = effectiveChoice(contacts, choices, field);
                return (
                  <tr key={field} className="border-b border-border last:border-b-0">
                    <th scope="row" className="px-3 py-2 text-start font-medium">
                      {MERGE_FIELD_LABELS[field]}
                    </th>
                    {contacts.map((contact) => {
                      const display = mergeFieldDisplay(contact, field);
                      return (
                        <td key={contact.id} className={cn('px-3 py-2 align-top', chosen === contact.id && 'bg-primary/10')}>
                          <label className="inline-flex cursor-pointer items-start gap-2">
                            <input
                              type="radio"
                              name={`merge-${field}`}
                              checked={chosen === contact.id}
                              onChange={() => choose(field, contact.id)}
                              aria-label={`${MERGE_FIELD_LABELS[field]} from ${mergeContactLabel(contact)}: ${display || 'empty'}`}
                              className="mt-0.5 size-4 shrink-0 accent-primary"
                            />
                            <span className={cn('break-words', !display && 'text-muted')}>{display || '(empty)'}</span>
                          </label>
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <section aria-labelledby="merge-moves" className="flex flex-col gap-1 text-sm">
          <h3 id="merge-moves" className="font-semibold">
            What moves to {survivor ? mergeContactLabel(survivor) : 'the contact that stays'}
          </h3>
          <ul className="list-disc ps-5">
            {others.map((contact) => (
              <MovesSummary key={contact.id} contact={contact} />
            ))}
          </ul>
          <p className="text-muted">
            Activities move too. The other {others.length === 1 ? 'contact goes' : 'contacts go'} to the trash, from where{' '}
            {others.length === 1 ? 'it' : 'they'} can be restored.
          </p>
        </section>
        <FormError message={merge.error ? apiErrorMessage(merge.error) : null} />
      </div>
    </Dialog>
  );
}

import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useApiClient } from '@crm/api-client';
import type { Contact } from '@crm/contract';
import { apiErrorMessage, FormError } from '@crm/session';
import { Button, cn, Dialog, Field, focusRing, Input, Spinner, useDebouncedValue } from '@crm/ui';
import { formatPhone } from '@crm/util';
import { contactKeys, contactPeekQueryOptions, contactPickQueryOptions } from '../contacts-queries';
import { contactName } from '../labels';

type ContactPickerProps = {
  /** The contact being linked (left out of the results). */
  contactId: number;
  onPick: (contact: Contact) => void;
  pending: boolean;
};

/** Find a contact by name, e-mail or phone (PATCH /v1/contacts q) and choose it. */
function ContactPicker({ contactId, onPick, pending }: ContactPickerProps) {
  const client = useApiClient();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const found = useQuery(contactPickQueryOptions(client, q));
  const results = (found.data ?? []).filter((c) => c.id !== contactId);
  return (
    <div className="flex flex-col gap-3">
      <Field label="Find a contact" description="Name, e-mail or phone">
        <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} autoComplete="off" />
      </Field>
      {q && found.isFetching && <Spinner label="Searching" />}
      {found.isError && <FormError message={apiErrorMessage(found.error)} />}
      {q && found.isSuccess && results.length === 0 && <p className="text-sm text-muted">No contacts match.</p>}
      {results.length > 0 && (
        <ul aria-label="Matching contacts" className="flex flex-col gap-1">
          {results.map((candidate) => (
            <li key={candidate.id}>
              <button
                type="button"
                disabled={pending}
                onClick={() => onPick(candidate)}
                className={cn(
                  'flex w-full cursor-pointer flex-col rounded border border-border px-3 py-2 text-start hover:bg-text/5 disabled:cursor-wait',
                  focusRing,
                )}
              >
                <span className="text-sm font-medium">{contactName(candidate)}</span>
                <span className="text-xs text-muted">
                  {[candidate.emails[0]?.email, candidate.phones[0] && formatPhone(candidate.phones[0].number), candidate.city]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export type LinkedContactPanelProps = {
  contact: Contact;
  /** Offers link and unlink (not for a contact in the trash). */
  editable?: boolean;
};

/** The contact linked with this one (a household), with link (search and choose) and unlink. */
export function LinkedContactPanel({ contact, editable = true }: LinkedContactPanelProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [choosing, setChoosing] = useState(false);
  const linkedId = contact.linked_contact_id;
  const linked = useQuery({ ...contactPeekQueryOptions(client, linkedId ?? 0), enabled: linkedId !== null });

  const update = useMutation({
    mutationFn: (id: number | null) =>
      client.call('updateLinkedContact', { params: { id: contact.id }, body: { linked_contact_id: id } }),
    onSuccess: async (answer, id) => {
      queryClient.setQueryData(contactKeys.detail(contact.id), answer);
      setChoosing(false);
      // The link goes both ways: the other contacts change too.
      const others = [id, linkedId].filter((other): other is number => other !== null);
      await Promise.all(others.map((other) => queryClient.invalidateQueries({ queryKey: contactKeys.detail(other) })));
    },
  });

  return (
    <section aria-labelledby="linked-contact-heading" className="flex flex-col gap-2">
      <h2 id="linked-contact-heading" className="text-base font-semibold">
        Linked contact
      </h2>
      {linkedId === null ? (
        <p className="text-sm text-muted">None</p>
      ) : (
        <p className="text-sm">
          <Link to={`/contacts/${linkedId}`} className="font-medium text-primary underline-offset-2 hover:underline">
            {linked.data ? contactName(linked.data) : `Contact #${linkedId}`}
          </Link>
        </p>
      )}
      {editable && (
        <div className="flex gap-1">
          <Button size="sm" variant="secondary" onClick={() => setChoosing(true)}>
            {linkedId === null ? 'Link a contact' : 'Change'}
          </Button>
          {linkedId !== null && (
            <Button size="sm" variant="ghost" loading={update.isPending && update.variables === null} onClick={() => update.mutate(null)}>
              Unlink
            </Button>
          )}
        </div>
      )}
      {!choosing && <FormError message={update.error ? apiErrorMessage(update.error) : null} />}
      <Dialog
        open={choosing}
        onOpenChange={(open) => {
          setChoosing(open);
          update.reset();
        }}
        title="Link a contact"
        description="Linked contacts belong to one household; the link shows on both."
      >
        <div className="flex flex-col gap-3">
          <ContactPicker contactId={contact.id} pending={update.isPending} onPick={(picked) => update.mutate(picked.id)} />
          <FormError message={update.error ? apiErrorMessage(update.error) : null} />
        </div>
      </Dialog>
    </section>
  );
}

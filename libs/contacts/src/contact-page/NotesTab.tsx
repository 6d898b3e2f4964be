import { useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import { contactNoteBody, type ContactNote } from '@crm/contract';
import { apiErrorMessage, FormError, useApiForm } from '@crm/session';
import { Button, ConfirmDialog, EmptyState, Field, Input, Spinner, Textarea, toast, useDebouncedValue } from '@crm/ui';
import { formatDateTime } from '@crm/util';
import { contactKeys, contactNotesQueryOptions } from '../contacts-queries';

type NoteInput = z.input<typeof contactNoteBody>;
type NoteOutput = z.output<typeof contactNoteBody>;

type NoteFormProps = {
  label: string;
  /** The form's accessible name (default: the submit label). */
  formLabel?: string;
  submitLabel: string;
  defaultBody?: string;
  /** Sends the note; a thrown error shows beside the field and the text stays. */
  onSubmit: (body: NoteOutput) => Promise<unknown>;
  onCancel?: () => void;
  /** Empty the field after a successful submit (adding), or leave it (editing closes the form). */
  clearOnSuccess?: boolean;
};

/** A note's text with its submit (and cancel) button; the body's rule errors beside the field. */
export function NoteForm({ label, formLabel, submitLabel, defaultBody = '', onSubmit, onCancel, clearOnSuccess = false }: NoteFormProps) {
  const { register, submit, formError, formState } = useApiForm<NoteInput, NoteOutput>({
    schema: contactNoteBody,
    defaultValues: { body: defaultBody },
    onSubmit: async (values, form) => {
      await onSubmit(values);
      if (clearOnSuccess) form.reset({ body: '' });
    },
  });
  return (
    <form noValidate onSubmit={submit} aria-label={formLabel ?? submitLabel} className="flex flex-col gap-2">
      <Field label={label} error={formState.errors.body?.message}>
        <Textarea {...register('body')} rows={3} />
      </Field>
      <FormError message={formError} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={formState.isSubmitting}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

type NoteItemProps = {
  contactId: number;
  note: ContactNote;
  zone: string;
  own: boolean;
  onChanged: () => Promise<void>;
};

function NoteItem({ contactId, note, zone, own, onChanged }: NoteItemProps) {
  const client = useApiClient();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => client.call('deleteContactNote', { params: { id: contactId, noteId: note.id } }),
    onSuccess: async () => {
      setConfirming(false);
      toast.success('Note deleted.');
      await onChanged();
    },
  });
  const edited = note.updated_at !== note.created_at;
  return (
    <li className="flex flex-col gap-2 border-b border-border py-3 last:border-b-0">
      <p className="text-sm text-muted">
        <span className="font-medium text-text">{note.author?.name ?? 'Someone'}</span>
        {' · '}
        <time dateTime={note.created_at}>{formatDateTime(note.created_at, zone)}</time>
        {edited && ' · edited'}
      </p>
      {editing ? (
        <NoteForm
          label="Edit note"
          submitLabel="Save note"
          defaultBody={note.body}
          onSubmit={async (body) => {
            await client.call('updateContactNoteRecord', { params: { id: contactId, noteId: note.id }, body });
            setEditing(false);
            toast.success('Note saved.');
            await onChanged();
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <p className="text-sm whitespace-pre-wrap break-words">{note.body}</p>
      )}
      {own && !editing && (
        <div className="flex gap-1">
          <Button size="sm" variant="ghost" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            Delete
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) remove.reset();
        }}
        title="Delete this note?"
        description="The note is removed from the contact."
        confirmLabel="Delete note"
        onConfirm={() => remove.mutate()}
        pending={remove.isPending}
        error={remove.error ? apiErrorMessage(remove.error) : null}
      />
    </li>
  );
}

/**
 * Adds a note to a contact's Notes (the Notes tab's form and the overview's Quick note alike): the
 * notes lists (and their counts) and the contact (its last activity) are fetched again.
 */
export function useAddContactNote(contactId: number): (body: NoteOutput) => Promise<void> {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return async (body) => {
    await client.call('createContactNote', { params: { id: contactId }, body });
    toast.success('Note added.');
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: contactKeys.record(contactId, 'notes') }),
      queryClient.invalidateQueries({ queryKey: contactKeys.detail(contactId) }),
    ]);
  };
}

export type NotesTabProps = {
  contactId: number;
  /** The user's IANA time zone. */
  zone: string;
  /** The signed-in user: they may edit and delete their own notes. */
  userId: number | null;
};

/** A contact's notes: add one, search them (500 ms after typing), newest first, edit or delete one's own, load more. */
export function NotesTab({ contactId, zone, userId }: NotesTabProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const notes = useInfiniteQuery(contactNotesQueryOptions(client, contactId, q));
  const addNote = useAddContactNote(contactId);
  const rows = notes.data?.pages.flatMap((page) => page.data) ?? [];
  const total = notes.data?.pages[0]?.meta.total_count ?? 0;

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: contactKeys.record(contactId, 'notes') });
  };

  return (
    <div className="flex flex-col gap-6">
      <NoteForm
        label="New note"
        submitLabel="Add note"
        clearOnSuccess
        onSubmit={addNote}
      />
      <section aria-labelledby="contact-notes-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="contact-notes-heading" className="text-lg font-semibold">
            Notes{notes.data ? ` (${total})` : ''}
          </h2>
          <Field label="Search notes" className="w-full sm:w-72">
            <Input type="search" value={search} onChange={(event) => setSearch(event.target.value)} autoComplete="off" />
          </Field>
        </div>
        {notes.isPending ? (
          <Spinner label="Loading notes" />
        ) : notes.isError ? (
          <FormError message={apiErrorMessage(notes.error)} />
        ) : rows.length === 0 ? (
          <EmptyState title={q ? 'No notes match your search.' : 'No notes yet.'} />
        ) : (
          <ul aria-label="Notes">
            {rows.map((note) => (
              <NoteItem
                key={note.id}
                contactId={contactId}
                note={note}
                zone={zone}
                own={note.author !== null && note.author.id === userId}
                onChanged={refresh}
              />
            ))}
          </ul>
        )}
        {notes.hasNextPage && (
          <div>
            <Button variant="secondary" loading={notes.isFetchingNextPage} onClick={() => void notes.fetchNextPage()}>
              Load more
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}

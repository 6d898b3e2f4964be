import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useApiClient } from '@crm/api-client';
import { GENDER_LABELS, IANA_TIMEZONES, TIMEZONE_LABELS, US_STATES, type Contact } from '@crm/contract';
import { apiErrorMessage, FormError, useSession } from '@crm/session';
import { Button, Dialog, DialogClose, EmptyState, Field, Notice, Spinner, Tabs, Textarea } from '@crm/ui';
import { formatDate, formatDateTime, formatPhone } from '@crm/util';
import { ContactForm } from './ContactForm';
import { contactKeys, contactQueryOptions } from './contacts-queries';
import { CATEGORY_LABELS, contactName, PHONE_TYPE_OPTIONS } from './labels';

const phoneTypeLabel = (type: number) => PHONE_TYPE_OPTIONS.find((o) => o.value === String(type))?.label ?? '';
const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);
/** A calendar day YYYY-MM-DD as MM/DD/YYYY (no time zone: it is a date, not a moment). */
const usDate = (value: string | null) => (value ? `${value.slice(5, 7)}/${value.slice(8, 10)}/${value.slice(0, 4)}` : '');

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="text-sm font-medium break-words">{children || '—'}</dd>
    </div>
  );
}

function Overview({ contact, zone }: { contact: Contact; zone: string }) {
  const address = [contact.address1, contact.address2, [contact.city, contact.state, contact.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <Detail term="Phones">
        {contact.phones.length > 0 && (
          <ul>
            {contact.phones.map((phone) => (
              <li key={phone.id}>
                {formatPhone(phone.number)} <span className="text-muted">({phoneTypeLabel(phone.phone_type)})</span>
              </li>
            ))}
          </ul>
        )}
      </Detail>
      <Detail term="E-mails">
        {contact.emails.length > 0 && (
          <ul>
            {contact.emails.map((email) => (
              <li key={email.id}>
                {email.email}
                {email.verified && <span className="text-muted"> (verified)</span>}
              </li>
            ))}
          </ul>
        )}
      </Detail>
      <Detail term="Address">{address}</Detail>
      <Detail term="State">{contact.state ? US_STATES[contact.state] : ''}</Detail>
      <Detail term="Status">{contact.status?.title}</Detail>
      <Detail term="Source">{contact.source?.title}</Detail>
      <Detail term="Date of birth">{usDate(contact.date_of_birth)}</Detail>
      <Detail term="Gender">{contact.gender ? GENDER_LABELS[contact.gender] : ''}</Detail>
      <Detail term="Language">{contact.language ? capitalize(contact.language) : ''}</Detail>
      <Detail term="Time zone">{TIMEZONE_LABELS[contact.timezone]}</Detail>
      <Detail term="Created">{formatDateTime(contact.created_at, zone)}</Detail>
      <Detail term="Updated">{formatDateTime(contact.updated_at, zone)}</Detail>
    </dl>
  );
}

function QuickNote({ contact }: { contact: Contact }) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  // What the user typed; null while it is the saved note.
  const [draft, setDraft] = useState<string | null>(null);
  const note = draft ?? contact.note ?? '';
  const [notice, setNotice] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => client.call('updateContactNote', { params: { id: contact.id }, body: { note } }),
    onSuccess: (answer) => {
      queryClient.setQueryData(contactKeys.detail(contact.id), answer);
      setDraft(null);
      setNotice('Note saved.');
    },
  });
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    save.mutate();
  };
  return (
    <form onSubmit={handleSubmit} aria-label="Quick note" className="flex flex-col gap-2">
      <Field label="Quick note" error={save.error ? apiErrorMessage(save.error) : undefined}>
        <Textarea value={note} onChange={(event) => setDraft(event.target.value)} rows={5} />
      </Field>
      <div className="flex items-center gap-3">
        <Button type="submit" size="sm" variant="secondary" loading={save.isPending}>
          Save note
        </Button>
        <Notice message={notice} />
      </div>
    </form>
  );
}

/**
 * /contacts/:id: the contact's header (name, category, owner) with quick actions (assign to me,
 * delete, restore from the trash), the overview tab with an edit form, and the quick note.
 * Tabs of later features (notes, files, tags, policies…) are added by their issues.
 */
export function ContactPage() {
  const { id: idParam } = useParams();
  const id = Number(idParam);
  const valid = Number.isInteger(id) && id > 0;
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useSession();
  const zone = IANA_TIMEZONES[user?.timezone ?? 'est'];
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const query = useQuery({ ...contactQueryOptions(client, id), enabled: valid });

  // Viewing removed the "new" marker: the list shows it no longer.
  useEffect(() => {
    if (query.isSuccess) void queryClient.invalidateQueries({ queryKey: contactKeys.lists() });
  }, [query.isSuccess, queryClient]);

  const setContact = (answer: { data: Contact }) => queryClient.setQueryData(contactKeys.detail(id), answer);
  const assign = useMutation({
    mutationFn: () => client.call('assignContactToMe', { params: { id } }),
    onSuccess: async (answer) => {
      setContact(answer);
      setNotice('The contact is now yours.');
      await queryClient.invalidateQueries({ queryKey: contactKeys.lists() });
    },
  });
  const destroy = useMutation({
    mutationFn: () => client.call('destroyContacts', { body: { ids: [id] } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
      navigate('/contacts');
    },
  });
  const restore = useMutation({
    mutationFn: () => client.call('restoreContacts', { body: { ids: [id] } }),
    onSuccess: async () => {
      setNotice('The contact has been restored.');
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
    },
  });

  if (!valid || (query.isError && query.error && 'status' in query.error && query.error.status === 404)) {
    return (
      <EmptyState
        title="Contact not found"
        description="It may have been deleted, or it is not one you can see."
        action={<Link to="/contacts">Back to contacts</Link>}
      />
    );
  }
  if (query.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading contact" />
      </div>
    );
  }
  if (query.isError) return <FormError message={apiErrorMessage(query.error)} />;

  const contact = query.data;
  const name = contactName(contact);
  const actionError = assign.error ?? destroy.error ?? restore.error;

  return (
    <div className="flex flex-col gap-4">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/contacts" className="text-primary underline-offset-2 hover:underline">
          Contacts
        </Link>
      </nav>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold">{name}</h1>
          <p className="text-sm text-muted">
            {CATEGORY_LABELS[contact.category]} · Owner: {contact.owner.name}
            {contact.deleted_at && ` · In the trash since ${formatDate(contact.deleted_at, zone)}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {contact.deleted_at ? (
            <Button type="button" loading={restore.isPending} onClick={() => restore.mutate()}>
              Restore
            </Button>
          ) : (
            <>
              {contact.owner.id !== user?.id && (
                <Button type="button" variant="secondary" loading={assign.isPending} onClick={() => assign.mutate()}>
                  Assign to me
                </Button>
              )}
              <Button type="button" variant="danger" onClick={() => setConfirming(true)}>
                Delete
              </Button>
            </>
          )}
        </div>
      </header>
      <Notice message={notice} />
      <FormError message={actionError ? apiErrorMessage(actionError) : null} />

      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <Tabs
          aria-label="Contact sections"
          tabs={[
            {
              value: 'overview',
              label: 'Overview',
              content: editing ? (
                <ContactForm
                  contact={contact}
                  onSaved={() => {
                    setEditing(false);
                    setNotice('The contact has been saved.');
                  }}
                  onCancel={() => setEditing(false)}
                />
              ) : (
                <div className="flex flex-col gap-4">
                  <Overview contact={contact} zone={zone} />
                  {!contact.deleted_at && (
                    <div>
                      <Button type="button" variant="secondary" onClick={() => { setNotice(null); setEditing(true); }}>
                        Edit contact
                      </Button>
                    </div>
                  )}
                </div>
              ),
            },
          ]}
        />
        <aside aria-label="Quick note">
          <QuickNote contact={contact} />
        </aside>
      </div>

      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${name}?`}
        description="The contact moves to the trash, from where it can be restored."
        size="sm"
        footer={
          <>
            <DialogClose>
              <Button type="button" variant="secondary">
                Cancel
              </Button>
            </DialogClose>
            <Button type="button" variant="danger" loading={destroy.isPending} onClick={() => destroy.mutate()}>
              Delete
            </Button>
          </>
        }
      />
    </div>
  );
}

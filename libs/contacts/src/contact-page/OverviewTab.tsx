import { useState, type ReactNode } from 'react';
import { GENDER_LABELS, LANGUAGE_LABELS, TIMEZONE_LABELS, US_STATES, type Contact } from '@crm/contract';
import { Button } from '@crm/ui';
import { formatDateTime, formatPhone } from '@crm/util';
import { ContactForm } from '../ContactForm';
import { PHONE_TYPE_OPTIONS } from '../labels';
import { usDate } from './format';
import { NoteForm, useAddContactNote } from './NotesTab';

const phoneTypeLabel = (type: number) => PHONE_TYPE_OPTIONS.find((o) => o.value === String(type))?.label ?? '';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="text-sm font-medium break-words">{children || '—'}</dd>
    </div>
  );
}

function ContactDetails({ contact, zone }: { contact: Contact; zone: string }) {
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
      <Detail term="Language">{contact.language ? LANGUAGE_LABELS[contact.language] : ''}</Detail>
      <Detail term="Time zone">{TIMEZONE_LABELS[contact.timezone]}</Detail>
      <Detail term="Medicare number">{contact.medicare_number}</Detail>
      <Detail term="Created">{formatDateTime(contact.created_at, zone)}</Detail>
      <Detail term="Updated">{formatDateTime(contact.updated_at, zone)}</Detail>
      {contact.note && (
        <div className="flex flex-col sm:col-span-2 lg:col-span-3">
          <dt className="text-sm text-muted">Contact note</dt>
          <dd className="text-sm font-medium whitespace-pre-wrap break-words">{contact.note}</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * The overview's Quick note: adds a note to the contact's Notes (as the Notes tab does, so its
 * count follows) and empties the field for the next one.
 */
function QuickNote({ contact }: { contact: Contact }) {
  const addNote = useAddContactNote(contact.id);
  return <NoteForm label="Quick note" formLabel="Quick note" submitLabel="Add note" clearOnSuccess onSubmit={addNote} />;
}

export type OverviewTabProps = {
  contact: Contact;
  /** The user's IANA time zone. */
  zone: string;
  onSaved: () => void;
};

/** The contact's fields with an edit form, and the quick note. */
export function OverviewTab({ contact, zone, onSaved }: OverviewTabProps) {
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <ContactForm
        contact={contact}
        onSaved={() => {
          setEditing(false);
          onSaved();
        }}
        onCancel={() => setEditing(false)}
      />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <ContactDetails contact={contact} zone={zone} />
      {!contact.deleted_at && (
        <div>
          <Button type="button" variant="secondary" onClick={() => setEditing(true)}>
            Edit contact
          </Button>
        </div>
      )}
      <QuickNote contact={contact} />
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Controller, useFieldArray, type Path } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useApiClient } from '@crm/api-client';
import { createContactBody, DEFAULT_TIMEZONE, TIMEZONES, type Contact, type ContactDuplicate, type Timezone } from '@crm/contract';
import { FormError, useApiForm, useSession } from '@crm/session';
import { Button, Field, Input, Select, type SelectOption } from '@crm/ui';
import { formatPhone } from '@crm/util';
import { contactKeys, sourcesQueryOptions, statusesQueryOptions } from './contacts-queries';
import { contactPointsToCheck } from './duplicate-check';
import { FilteredInput } from './FilteredInput';
import {
  CATEGORY_OPTIONS,
  contactName,
  GENDER_OPTIONS,
  LANGUAGE_OPTIONS,
  PHONE_TYPE_OPTIONS,
  STATE_OPTIONS,
  TIMEZONE_OPTIONS,
} from './labels';
import { PhoneInput } from './PhoneInput';

type PhoneValue = { id?: number; number: string; phone_type: string };
type EmailValue = { id?: number; email: string };

/** What the form edits: text for every control (the contract's schema reads and converts it). */
export type ContactFormValues = {
  first_name: string;
  last_name: string;
  category: string;
  status_id: string;
  source_id: string;
  phones: PhoneValue[];
  emails: EmailValue[];
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  date_of_birth: string;
  gender: string;
  language: string;
  timezone: string;
};

type ContactFormOutput = z.output<typeof createContactBody>;

/** A Select's "nothing chosen" choice (Radix reserves ''); sent as null. */
const NONE = 'none';
const withNone = (options: readonly SelectOption[]): SelectOption[] => [{ value: NONE, label: 'None' }, ...options];

/** A new contact's time zone: the signed-in user's own (an agent's contacts are mostly local), EST when unknown. */
export function newContactTimezone(userTimezone: string | null | undefined): Timezone {
  return TIMEZONES.find((zone) => zone === userTimezone) ?? DEFAULT_TIMEZONE;
}

/** The form's values for `contact`, or for a new contact in `userTimezone` (newContactTimezone). */
export function contactFormValues(contact?: Contact, userTimezone?: string | null): ContactFormValues {
  return {
    first_name: contact?.first_name ?? '',
    last_name: contact?.last_name ?? '',
    category: contact?.category ?? 'lead',
    status_id: contact?.status ? String(contact.status.id) : '',
    source_id: contact?.source ? String(contact.source.id) : '',
    phones: (contact?.phones ?? []).map((p) => ({ id: p.id, number: p.number, phone_type: String(p.phone_type) })),
    emails: (contact?.emails ?? []).map((e) => ({ id: e.id, email: e.email })),
    address1: contact?.address1 ?? '',
    address2: contact?.address2 ?? '',
    city: contact?.city ?? '',
    state: contact?.state ?? '',
    zip: contact?.zip ?? '',
    date_of_birth: contact?.date_of_birth ?? '',
    gender: contact?.gender ?? '',
    language: contact?.language ?? '',
    timezone: contact?.timezone ?? newContactTimezone(userTimezone),
  };
}

const TOP_FIELDS = [
  'first_name',
  'last_name',
  'category',
  'status_id',
  'source_id',
  'phones',
  'emails',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'date_of_birth',
  'gender',
  'language',
  'timezone',
] as const satisfies readonly Path<ContactFormValues>[];

/** Fields a server 422 may name, nested phone and e-mail entries included. */
function serverFields(values: ContactFormValues): Path<ContactFormValues>[] {
  const fields: Path<ContactFormValues>[] = [...TOP_FIELDS];
  values.phones.forEach((_phone, index) => {
    fields.push(`phones.${index}.number`, `phones.${index}.phone_type`);
  });
  values.emails.forEach((_email, index) => fields.push(`emails.${index}.email`));
  return fields;
}

export type ContactFormProps = {
  /** The contact to edit; a new contact when absent. */
  contact?: Contact;
  onSaved: (contact: Contact) => void;
  onCancel?: () => void;
};

/** What the duplicate check found for the phones and e-mails in `key`. */
type DuplicateWarning = { key: string; matches: ContactDuplicate[] };

/**
 * The contacts that already have a phone or e-mail of the one being saved, each linked, and the
 * choice: "Save anyway" or cancel (back to the form). Focus moves to its heading when it appears.
 */
function DuplicatesWarning({ warning, onSave, onCancel }: { warning: DuplicateWarning; onSave: () => void; onCancel: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [warning]);
  const count = warning.matches.length;
  return (
    <section aria-labelledby="contact-duplicates-heading" className="flex flex-col gap-2 rounded border-2 border-primary bg-surface p-3">
      <h2 id="contact-duplicates-heading" ref={heading} tabIndex={-1} className="text-base font-semibold outline-none">
        {count === 1 ? 'Another contact has this phone or e-mail' : `${count} other contacts have these phones or e-mails`}
      </h2>
      <ul className="flex flex-col gap-1 text-sm">
        {warning.matches.map((match) => (
          <li key={match.id}>
            <Link to={`/contacts/${match.id}`} target="_blank" rel="noopener" className="font-medium text-primary underline underline-offset-2">
              {contactName(match)}
              <span className="sr-only"> (opens in a new tab)</span>
            </Link>{' '}
            <span className="text-muted">
              ({[...match.phones.map(formatPhone), ...match.emails].join(', ')}; owner {match.owner.name})
            </span>
          </li>
        ))}
      </ul>
      <p className="text-sm">Save this contact anyway, or go back and change it?</p>
      <div className="flex gap-2">
        <Button type="button" onClick={onSave}>
          Save anyway
        </Button>
        <Button type="button" variant="secondary" onClick={onCancel}>
          Go back
        </Button>
      </div>
    </section>
  );
}

/**
 * Create or edit a contact (POST /v1/contacts, PATCH /v1/contacts/{id}), checked with the
 * contract's body schema; field errors (also a 422's) show beside each field and what was typed
 * stays in the form when a request fails. Before saving, a phone or e-mail that another contact in
 * the user's reach already has (POST /v1/contacts/duplicate_check; for an edit, only the ones
 * added) shows those contacts and asks: "Save anyway" saves, "Go back" returns to the form.
 */
export function ContactForm({ contact, onSaved, onCancel }: ContactFormProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const statuses = useQuery(statusesQueryOptions(client));
  const sources = useQuery(sourcesQueryOptions(client));
  const [warning, setWarning] = useState<DuplicateWarning | null>(null);
  // the phones and e-mails the user chose to save anyway
  const confirmed = useRef<string | null>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  const {
    control,
    register,
    submit,
    formError,
    formState: { errors, isSubmitting },
  } = useApiForm<ContactFormValues, ContactFormOutput>({
    // The schema converts the form's text ('' clears, '7' is an id, digits of phones).
    schema: createContactBody as unknown as z.ZodType<ContactFormOutput, ContactFormValues>,
    defaultValues: contactFormValues(contact, user?.timezone),
    fields: serverFields,
    onSubmit: async (body) => {
      const points = contactPointsToCheck(body, contact);
      const key = JSON.stringify(points);
      if ((points.phones.length || points.emails.length) && confirmed.current !== key) {
        const found = await client.call('findContactDuplicates', { body: { ...points, ...(contact ? { contact_id: contact.id } : {}) } });
        if (found.data.length) {
          setWarning({ key, matches: found.data });
          return;
        }
      }
      setWarning(null);
      const answer = contact
        ? await client.call('updateContact', { params: { id: contact.id }, body })
        : await client.call('createContact', { body });
      confirmed.current = null;
      queryClient.setQueryData(contactKeys.detail(answer.data.id), answer);
      await queryClient.invalidateQueries({ queryKey: contactKeys.lists() });
      onSaved(answer.data);
    },
  });
  const phones = useFieldArray({ control, name: 'phones' });
  const emails = useFieldArray({ control, name: 'emails' });

  const lookupOptions = (data: { id: number; title: string }[] | undefined) =>
    withNone((data ?? []).map((item) => ({ value: String(item.id), label: item.title })));

  const choice = (name: 'category' | 'state' | 'gender' | 'language' | 'timezone' | 'status_id' | 'source_id', label: string, options: SelectOption[], placeholder = 'Choose…') => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field label={label} error={fieldState.error?.message}>
          <Select
            options={options}
            value={field.value}
            onValueChange={(value) => field.onChange(value === NONE ? '' : value)}
            onBlur={field.onBlur}
            name={field.name}
            ref={field.ref}
            placeholder={placeholder}
          />
        </Field>
      )}
    />
  );

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex max-w-3xl flex-col gap-4"
      aria-label={contact ? 'Edit contact' : 'New contact'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" error={errors.first_name?.message} required>
          <FilteredInput {...register('first_name')} kind="person_name" autoComplete="off" />
        </Field>
        <Field label="Last name" error={errors.last_name?.message}>
          <FilteredInput {...register('last_name')} kind="person_name" autoComplete="off" />
        </Field>
        {choice('category', 'Category', CATEGORY_OPTIONS)}
        {choice('status_id', 'Status', lookupOptions(statuses.data))}
        {choice('source_id', 'Source', lookupOptions(sources.data))}
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold">Phones</legend>
        {errors.phones?.message && (
          <p role="alert" className="text-sm font-medium text-danger">
            {errors.phones.message}
          </p>
        )}
        {phones.fields.map((phone, index) => (
          <div key={phone.id} className="grid items-start gap-2 sm:grid-cols-[1fr_10rem_auto]">
            <Controller
              control={control}
              name={`phones.${index}.number`}
              render={({ field, fieldState }) => (
                <Field label={`Phone ${index + 1}`} error={fieldState.error?.message}>
                  <PhoneInput
                    value={field.value}
                    onValueChange={field.onChange}
                    onBlur={field.onBlur}
                    name={field.name}
                    ref={field.ref}
                  />
                </Field>
              )}
            />
            <Controller
              control={control}
              name={`phones.${index}.phone_type`}
              render={({ field, fieldState }) => (
                <Field label={`Phone ${index + 1} type`} error={fieldState.error?.message}>
                  <Select
                    options={PHONE_TYPE_OPTIONS}
                    value={field.value}
                    onValueChange={field.onChange}
                    onBlur={field.onBlur}
                    name={field.name}
                    ref={field.ref}
                  />
                </Field>
              )}
            />
            <Button
              type="button"
              variant="ghost"
              className="sm:mt-6"
              aria-label={`Remove phone ${index + 1}`}
              onClick={() => phones.remove(index)}
            >
              Remove
            </Button>
          </div>
        ))}
        <div>
          <Button type="button" variant="secondary" size="sm" onClick={() => phones.append({ number: '', phone_type: '2' })}>
            Add phone
          </Button>
        </div>
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold">E-mails</legend>
        {emails.fields.map((item, index) => (
          <div key={item.id} className="grid items-start gap-2 sm:grid-cols-[1fr_auto]">
            <Field label={`Email ${index + 1}`} error={errors.emails?.[index]?.email?.message}>
              <Input {...register(`emails.${index}.email`)} type="email" spellCheck={false} />
            </Field>
            <Button
              type="button"
              variant="ghost"
              className="sm:mt-6"
              aria-label={`Remove email ${index + 1}`}
              onClick={() => emails.remove(index)}
            >
              Remove
            </Button>
          </div>
        ))}
        <div>
          <Button type="button" variant="secondary" size="sm" onClick={() => emails.append({ email: '' })}>
            Add email
          </Button>
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Address" error={errors.address1?.message}>
          <Input {...register('address1')} autoComplete="off" />
        </Field>
        <Field label="Address line 2" error={errors.address2?.message}>
          <Input {...register('address2')} autoComplete="off" />
        </Field>
        <Field label="City" error={errors.city?.message}>
          <FilteredInput {...register('city')} autoComplete="off" />
        </Field>
        {choice('state', 'State', withNone(STATE_OPTIONS), 'Choose a state')}
        <Field label="Zip" error={errors.zip?.message}>
          <Input {...register('zip')} inputMode="numeric" autoComplete="off" />
        </Field>
        <Field label="Date of birth" error={errors.date_of_birth?.message}>
          <Input {...register('date_of_birth')} type="date" />
        </Field>
        {choice('gender', 'Gender', withNone(GENDER_OPTIONS))}
        {choice('language', 'Language', withNone(LANGUAGE_OPTIONS))}
        {choice('timezone', 'Time zone', TIMEZONE_OPTIONS)}
      </div>

      <FormError message={formError} />
      {warning && (
        <DuplicatesWarning
          warning={warning}
          onSave={() => {
            confirmed.current = warning.key;
            setWarning(null);
            void submit();
          }}
          onCancel={() => {
            setWarning(null);
            submitButton.current?.focus();
          }}
        />
      )}
      <div className="flex gap-2">
        <Button type="submit" loading={isSubmitting} ref={submitButton}>
          {contact ? 'Save contact' : 'Create contact'}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

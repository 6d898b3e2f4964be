import {
  ACTIVITY_LABELS,
  CALL_OUTCOME_LABELS,
  MEDICARE_QUOTE_FIELDS,
  updateContactBody,
  type ActivityType,
  type CallOutcome,
  type LoggedActivity,
  type Contact,
  type medicareImportContact,
  type ParsedBodyOf,
} from '@crm/contract';
import type { z } from 'zod';
import { notFound, unprocessable, type FieldErrors } from '../../lib/http-errors';
import type { JsonText } from '../../lib/json-text';
import type { EmailVerifier } from '../../vendors/email-verification/email-verifier';
import type { ContactActionsRepository, EmailCheck } from './contact-actions.repository';
import { contactReach } from './contact-reach';
import type { ContactRecord } from './contact-record.repository';
import type { ContactValues } from './contact-writes.repository';
import type { ContactsRepository } from './contacts.repository';
import type { ContactsCaller, ContactsService } from './contacts.service';

type MedicareInput = NonNullable<ParsedBodyOf<typeof medicareImportContact>>;
type MedicareQuoteField = (typeof MEDICARE_QUOTE_FIELDS)[number];

const QUOTE_FIELD_LABELS: Record<MedicareQuoteField, string> = {
  date_of_birth: 'Date of birth',
  zip: 'Zip',
  gender: 'Gender',
};

/** The contact form's own rules for the Medicare fields it shares with the import. */
const formRules = updateContactBody.shape;

type Deps = {
  contacts: ContactsService;
  contactsRepository: ContactsRepository;
  actions: ContactActionsRepository;
  verifier: EmailVerifier;
};

/**
 * One-contact actions of spec part 2 §7 (issue 4): activity info, e-mail verification (forced or
 * checked), the linked contact and the Medicare import. Every one answers 404 for a contact outside
 * the caller's reach or in the trash, and answers the contact.
 */
export function createContactActionsService({
  contacts,
  contactsRepository,
  actions,
  verifier,
}: Deps) {
  /** The e-mails an action covers: the one named (it must be this contact's), or all of them. */
  function chosenEmails(
    record: ContactRecord,
    emailId: number | null | undefined,
  ): ContactRecord['emails'] {
    if (emailId === null || emailId === undefined) return record.emails;
    const chosen = record.emails.filter((e) => e.id === emailId);
    if (!chosen.length) throw unprocessable({ email_id: 'Choose an e-mail of this contact' });
    return chosen;
  }

  /** A value through one of the contact form's rules; its message lands in `errors` when it fails. */
  function formValue<S extends z.ZodType>(
    errors: FieldErrors,
    field: string,
    rule: S,
    value: unknown,
  ): z.output<S> | undefined {
    const result = rule.safeParse(value);
    if (result.success) return result.data;
    errors[field] = result.error.issues[0]?.message ?? 'Is invalid';
    return undefined;
  }

  return {
    /**
     * Logs an activity; a call's outcome or a note also becomes a note in the Notes tab
     * ("Call — Left a voicemail: call back Monday"), which undoing the activity takes back.
     */
    async recordActivity(
      caller: ContactsCaller,
      id: number,
      body: { type: ActivityType; outcome?: CallOutcome | null | undefined; note?: string | null | undefined },
    ): Promise<JsonText<{ data: Contact; activity: LoggedActivity }>> {
      const record = await contacts.requireReachable(caller, id);
      const outcome = body.outcome ?? null;
      const note = body.note ?? null;
      const noteBody =
        outcome || note ? `${ACTIVITY_LABELS[body.type]}${outcome ? ` — ${CALL_OUTCOME_LABELS[outcome]}` : ''}${note ? `: ${note}` : ''}` : null;
      const row = await actions.recordActivity(record.id, caller.user.id, body.type, { outcome, noteBody });
      return contacts.present(record.id, {
        activity: { id: row.id, type: body.type, outcome, note_id: row.noteId, created_at: row.createdAt.toISOString() },
      });
    },

    /** Undoes an activity the caller logged on a contact they reach (404 for any other). */
    async undoActivity(caller: ContactsCaller, id: number, activityId: number): Promise<JsonText<{ data: Contact }>> {
      const record = await contacts.requireReachable(caller, id);
      if (!(await actions.undoActivity(record.id, caller.user.id, activityId))) throw notFound('Activity');
      return contacts.present(record.id);
    },

    /** The agent vouches for the address(es): verification 'forced', verified now. */
    async forceVerifyEmail(
      caller: ContactsCaller,
      id: number,
      emailId?: number | null,
    ): Promise<JsonText<{ data: Contact }>> {
      const record = await contacts.findReachable(caller, id);
      const now = new Date();
      const check: EmailCheck = { verification: 'forced', verified: true, verifiedAt: now };
      await actions.setEmailChecks(
        record.id,
        chosenEmails(record, emailId).map((e) => ({ id: e.id, check })),
      );
      return contacts.present(record.id);
    },

    /** Checks the address(es) with the e-mail verifier: valid (verified now), invalid or unknown. */
    async validateEmail(
      caller: ContactsCaller,
      id: number,
      emailId?: number | null,
    ): Promise<JsonText<{ data: Contact }>> {
      const record = await contacts.findReachable(caller, id);
      const chosen = chosenEmails(record, emailId);
      const verdicts = await Promise.all(chosen.map((e) => verifier.verify(e.email)));
      const now = new Date();
      await actions.setEmailChecks(
        record.id,
        chosen.map((e, i) => {
          const verdict = verdicts[i] ?? 'unknown';
          return {
            id: e.id,
            check: {
              verification: verdict,
              verified: verdict === 'valid',
              verifiedAt: verdict === 'valid' ? now : null,
            },
          };
        }),
      );
      return contacts.present(record.id);
    },

    /** Links the contact and another one the caller reaches, both ways; null unlinks. */
    async updateLinkedContact(
      caller: ContactsCaller,
      id: number,
      linkedId: number | null,
    ): Promise<JsonText<{ data: Contact }>> {
      const record = await contacts.requireReachable(caller, id);
      if (linkedId !== null) {
        if (linkedId === record.id)
          throw unprocessable({ linked_contact_id: 'A contact cannot be linked to itself' });
        if ((await contactsRepository.reachableId(contactReach(caller), linkedId)) === undefined) {
          throw unprocessable({ linked_contact_id: 'Choose a linked contact' });
        }
      }
      await actions.link(record.id, linkedId);
      return contacts.present(record.id);
    },

    /**
     * Saves the Medicare fields given (by the contact form's rules), then requires what quoting needs
     * (date of birth, zip, and a gender other than "Empty") and stamps medicare_imported_at. Nothing
     * is saved when anything is wrong or missing.
     */
    async medicareImport(
      caller: ContactsCaller,
      id: number,
      body: MedicareInput | null | undefined,
    ): Promise<JsonText<{ data: Contact }>> {
      const record = await contacts.findReachable(caller, id);
      const input = body ?? {};
      const errors: FieldErrors = {};
      const values: Partial<ContactValues> = {};
      if (input.medicare_number !== undefined) {
        const value = formValue(
          errors,
          'medicare_number',
          formRules.medicare_number,
          input.medicare_number,
        );
        if (value !== undefined) values.medicareNumber = value;
      }
      if (input.date_of_birth !== undefined) {
        const value = formValue(
          errors,
          'date_of_birth',
          formRules.date_of_birth,
          input.date_of_birth,
        );
        if (value !== undefined) values.dateOfBirth = value;
      }
      if (input.zip !== undefined) {
        const value = formValue(errors, 'zip', formRules.zip, input.zip);
        if (value !== undefined) values.zip = value;
      }
      if (input.part_a_date !== undefined) values.partADate = input.part_a_date;
      if (input.part_b_date !== undefined) values.partBDate = input.part_b_date;
      if (input.gender !== undefined) values.gender = input.gender;

      const after = {
        date_of_birth: values.dateOfBirth !== undefined ? values.dateOfBirth : record.dateOfBirth,
        zip: values.zip !== undefined ? values.zip : record.zip,
        gender: values.gender !== undefined ? values.gender : record.gender,
      };
      for (const field of MEDICARE_QUOTE_FIELDS) {
        const value = after[field];
        const missing = !value || (field === 'gender' && value === 'other');
        if (missing && !errors[field])
          errors[field] = `${QUOTE_FIELD_LABELS[field]} is needed for Medicare quoting`;
      }
      if (Object.keys(errors).length) throw unprocessable(errors);
      await contactsRepository.update(record.id, { ...values, medicareImportedAt: new Date() });
      return contacts.present(record.id);
    },
  };
}

export type ContactActionsService = ReturnType<typeof createContactActionsService>;

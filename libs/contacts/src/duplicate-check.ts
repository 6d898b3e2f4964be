import type { Contact, ContactDuplicatesBody } from '@crm/contract';
import { dialingNumber } from '@crm/util';

/**
 * The phones and e-mails of a contact about to be saved that the duplicate check asks about: all of
 * them for a new contact; for an edit, only those the contact did not have (an edit that keeps a
 * number another contact shares is not asked about again). Phones in dialing form, e-mails in
 * lower case, each once.
 */
export function contactPointsToCheck(
  body: { phones?: { number: string }[] | undefined; emails?: { email: string }[] | undefined },
  contact?: Pick<Contact, 'phones' | 'emails'>,
): Required<Pick<ContactDuplicatesBody, 'phones' | 'emails'>> {
  const hadPhones = new Set((contact?.phones ?? []).map((p) => dialingNumber(p.number)));
  const hadEmails = new Set((contact?.emails ?? []).map((e) => e.email.trim().toLowerCase()));
  const phones = [...new Set((body.phones ?? []).map((p) => dialingNumber(p.number)))].filter((n) => n && !hadPhones.has(n));
  const emails = [...new Set((body.emails ?? []).map((e) => e.email.trim().toLowerCase()))].filter((e) => e && !hadEmails.has(e));
  return { phones, emails };
}

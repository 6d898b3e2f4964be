import {
  GENDER_LABELS,
  LANGUAGE_LABELS,
  MERGE_FIELDS,
  TIMEZONE_LABELS,
  US_STATES,
  type Contact,
  type MergeContactsBody,
  type MergeField,
} from '@crm/contract';
import { CATEGORY_LABELS, contactName } from '../labels';

export const MERGE_FIELD_LABELS: Record<MergeField, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  category: 'Category',
  status_id: 'Status',
  agentflow_status_id: 'AgentFlow status',
  source_id: 'Source',
  owner_id: 'Owner',
  address1: 'Address',
  address2: 'Address line 2',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  date_of_birth: 'Date of birth',
  gender: 'Gender',
  language: 'Language',
  timezone: 'Time zone',
  medicare_number: 'Medicare number',
  part_a_date: 'Part A date',
  part_b_date: 'Part B date',
  note: 'Note',
};

/** A field's value on a contact, as compared (ids for the catalog fields); null when empty. */
export function mergeFieldValue(contact: Contact, field: MergeField): string | number | null {
  const value = (() => {
    switch (field) {
      case 'status_id':
        return contact.status?.id;
      case 'agentflow_status_id':
        return contact.agentflow_status?.id;
      case 'source_id':
        return contact.source?.id;
      case 'owner_id':
        return contact.owner.id;
      default:
        return contact[field];
    }
  })();
  if (value === undefined || value === null) return null;
  return typeof value === 'string' && value.trim() === '' ? null : value;
}

const calendarDate = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value.slice(5, 7)}/${value.slice(8, 10)}/${value.slice(0, 4)}` : value);

/** A field's value on a contact as the comparison shows it ('' when empty). */
export function mergeFieldDisplay(contact: Contact, field: MergeField): string {
  if (mergeFieldValue(contact, field) === null) return '';
  switch (field) {
    case 'category':
      return CATEGORY_LABELS[contact.category];
    case 'status_id':
      return contact.status?.title ?? '';
    case 'agentflow_status_id':
      return contact.agentflow_status?.title ?? '';
    case 'source_id':
      return contact.source?.title ?? '';
    case 'owner_id':
      return contact.owner.name;
    case 'state':
      return contact.state ? US_STATES[contact.state] : '';
    case 'gender':
      return contact.gender ? GENDER_LABELS[contact.gender] : '';
    case 'language':
      return contact.language ? LANGUAGE_LABELS[contact.language] : '';
    case 'timezone':
      return TIMEZONE_LABELS[contact.timezone];
    case 'date_of_birth':
    case 'part_a_date':
    case 'part_b_date':
      return calendarDate(String(contact[field]));
    default:
      return String(contact[field] ?? '');
  }
}

/** Whether the contacts do not all have the same value for a field. */
export function fieldDiffers(contacts: readonly Contact[], field: MergeField): boolean {
  return new Set(contacts.map((contact) => mergeFieldValue(contact, field))).size > 1;
}

/**
 * The contact whose value survives when the user has not chosen: the surviving contact's own
 * value, or (when it has none) the first non-empty value in column order.
 */
export function defaultFieldChoice(contacts: readonly Contact[], survivorId: number, field: MergeField): number {
  const survivor = contacts.find((contact) => contact.id === survivorId);
  if (survivor && mergeFieldValue(survivor, field) !== null) return survivorId;
  return contacts.find((contact) => mergeFieldValue(contact, field) !== null)?.id ?? survivorId;
}

/** The surviving contact suggested first: the oldest (the one entered first). */
export function defaultSurvivor(contacts: readonly Contact[]): number {
  const [first, ...rest] = contacts;
  if (!first) throw new Error('A merge needs contacts');
  return rest.reduce((oldest, contact) => (contact.created_at < oldest.created_at ? contact : oldest), first).id;
}

/** The user's choices: the surviving contact and, per field, whose value stays (unchosen fields take the default). */
export type MergeChoices = { survivorId: number; fields: Partial<Record<MergeField, number>> };

/** Whose value each field takes with these choices. */
export function effectiveChoice(contacts: readonly Contact[], choices: MergeChoices, field: MergeField): number {
  const chosen = choices.fields[field];
  return chosen !== undefined && contacts.some((contact) => contact.id === chosen) ? chosen : defaultFieldChoice(contacts, choices.survivorId, field);
}

/**
 * The body of PATCH /v1/contacts/merge: the survivor, the others, and each field whose value
 * comes from another contact than the survivor (the server keeps the survivor's own otherwise).
 */
export function mergeBody(contacts: readonly Contact[], choices: MergeChoices): MergeContactsBody {
  const fields: Partial<Record<MergeField, number>> = {};
  for (const field of MERGE_FIELDS) {
    const from = effectiveChoice(contacts, choices, field);
    if (from !== choices.survivorId) fields[field] = from;
  }
  return {
    survivor_id: choices.survivorId,
    merged_ids: contacts.filter((contact) => contact.id !== choices.survivorId).map((contact) => contact.id),
    fields,
  };
}

/** "Pat Lee (#12)": names are often the same in a group of duplicates, so the id tells them apart. */
export function mergeContactLabel(contact: Contact): string {
  return `${contactName(contact)} (#${contact.id})`;
}

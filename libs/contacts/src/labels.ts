import {
  CATEGORY_LABELS,
  CONTACT_CATEGORIES,
  GENDER_LABELS,
  GENDERS,
  LANGUAGE_LABELS,
  LANGUAGES,
  PHONE_TYPE_LABELS,
  PHONE_TYPES,
  TIMEZONE_LABELS,
  TIMEZONES,
  US_STATE_CODES,
  US_STATES,
  type Contact,
  type ContactSearchField,
  type SearchOperator,
} from '@crm/contract';
import type { SelectOption } from '@crm/ui';

export { CATEGORY_LABELS };

export const CATEGORY_OPTIONS: SelectOption[] = CONTACT_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }));
export const STATE_OPTIONS: SelectOption[] = US_STATE_CODES.map((code) => ({ value: code, label: US_STATES[code] }));
export const GENDER_OPTIONS: SelectOption[] = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));
export const LANGUAGE_OPTIONS: SelectOption[] = LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] }));
export const TIMEZONE_OPTIONS: SelectOption[] = TIMEZONES.map((t) => ({ value: t, label: TIMEZONE_LABELS[t] }));
export const PHONE_TYPE_OPTIONS: SelectOption[] = PHONE_TYPES.map((t) => ({ value: String(t), label: PHONE_TYPE_LABELS[t] }));

export const SEARCH_FIELD_LABELS: Record<ContactSearchField, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  address1: 'Address',
  city: 'City',
  zip: 'Zip',
  medicare_number: 'Medicare number',
  note: 'Note',
  phone: 'Phone',
  state: 'State',
  category: 'Category',
  gender: 'Gender',
  language: 'Language',
  timezone: 'Time zone',
  status_id: 'Status',
  agentflow_status_id: 'AgentFlow status',
  source_id: 'Source',
  owner_id: 'Owner (user id)',
  date_of_birth: 'Date of birth',
  part_a_date: 'Part A date',
  part_b_date: 'Part B date',
  created_at: 'Created',
  updated_at: 'Updated',
};

export const OPERATOR_LABELS: Record<SearchOperator, string> = {
  contains: 'contains',
  not_contains: 'does not contain',
  eq: 'is',
  not_eq: 'is not',
  starts_with: 'starts with',
  ends_with: 'ends with',
  blank: 'is empty',
  present: 'is not empty',
  in: 'is',
  not_in: 'is not',
  on: 'on',
  before: 'before',
  after: 'after',
  between: 'between',
};

/** Choices of the advanced search's choice fields. */
export const SEARCH_CHOICE_OPTIONS: Record<'state' | 'category' | 'gender' | 'language' | 'timezone', SelectOption[]> = {
  state: STATE_OPTIONS,
  category: CATEGORY_OPTIONS,
  gender: GENDER_OPTIONS,
  language: LANGUAGE_OPTIONS,
  timezone: TIMEZONE_OPTIONS,
};

/** "Last, First" (or whichever part there is). */
export function contactName(contact: Pick<Contact, 'first_name' | 'last_name'>): string {
  const first = contact.first_name.trim();
  const last = contact.last_name.trim();
  return [first, last].filter(Boolean).join(' ') || 'Unnamed contact';
}

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { emptyBody, idParams, pagingMeta, timestamp } from './common.contract';
import { TIMEZONES } from './roles';
import { email } from './user.contract';
import { lookupOption } from './lookups.contract';
export { CONTACTS_LIST_PAGE_SIZE } from './constants';

// ---------------------------------------------------------------------------------------------
// Enumerations (spec part 2 §3)
// ---------------------------------------------------------------------------------------------

export const CONTACT_CATEGORIES = ['lead', 'prospect', 'client'] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];
/** How categories are shown (screens, exports, print). */
export const CATEGORY_LABELS: Record<ContactCategory, string> = { lead: 'Lead', prospect: 'Prospect', client: 'Client' };

/** `other` is shown as "Empty" (spec part 2 §3). */
export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = { male: 'Male', female: 'Female', other: 'Empty' };

export const LANGUAGES = ['english', 'spanish', 'french', 'chinese', 'korean', 'german'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_LABELS: Record<Language, string> = {
  english: 'English',
  spanish: 'Spanish',
  french: 'French',
  chinese: 'Chinese',
  korean: 'Korean',
  german: 'German',
};

/** Phone types of spec part 2 §3: 2 Mobile, 9 Other. */
export const PHONE_TYPES = [2, 9] as const;
export type PhoneType = (typeof PHONE_TYPES)[number];
export const PHONE_TYPE_LABELS: Record<PhoneType, string> = { 2: 'Mobile', 9: 'Other' };

/** US states plus DC (spec part 2 §3), code → name. */
export const US_STATES = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
  IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
  MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
  NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
  RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
} as const;
export type UsState = keyof typeof US_STATES;
export const US_STATE_CODES = Object.keys(US_STATES) as [UsState, ...UsState[]];

/**
 * Contact groups (spec part 2 §3, part 1 §6): `mine` is the caller's own contacts; `all_agents`
 * everything the caller reaches (own plus downline, or the company for administrators); `all` is
 * the administrators' group and means the same as `all_agents` for everyone else.
 */
export const CONTACT_GROUPS = ['mine', 'all_agents', 'all'] as const;
export type ContactGroup = (typeof CONTACT_GROUPS)[number];

/** Sortable columns of the list; last_name ascending is the default (spec part 2 §9). */
export const CONTACT_ORDER_FIELDS = ['last_name', 'first_name', 'created_at', 'updated_at', 'city', 'state', 'zip', 'date_of_birth'] as const;
export type ContactOrderField = (typeof CONTACT_ORDER_FIELDS)[number];

/** What the duplicate scan can compare (contacts_scope.duplicates), in the order the screen offers them. */
export const DUPLICATE_OPTIONS = ['first_name', 'last_name', 'address', 'phone', 'email'] as const;
export type DuplicateOption = (typeof DUPLICATE_OPTIONS)[number];

/** Page size of the duplicate scan (spec part 2 §9); its default order is last_name ascending. */
export const DUPLICATES_PAGE_SIZE = 50;

/** Page size limit of the list. */
export const CONTACTS_PAGE_MAX = 500;
/** Most contacts one selection (selected_items, select_first_last, bulk ids) covers: the spec's transfer maximum. */
export const CONTACT_SELECTION_MAX = 250_000;
/**
 * The list counts matching contacts exactly up to this many; beyond it meta says `total_count_capped`
 * ("1,000+"), and `exact_count` asks for the full count. Counting costs one index entry (or join probe)
 * per matching contact: 1,000 keeps every first page fast on a million-contact downline, an exact
 * count of 38,000 tagged contacts is about 65 ms more, which the list spends only when asked.
 */
export const CONTACTS_COUNT_CAP = 1_000;
/**
 * The longest contacts_scope.cursor: room for a last and a first name of 100 characters of 4 bytes
 * each (the last-name order's cursor carries both) with the count.
 */
export const CONTACTS_CURSOR_MAX = 1_500;

const INT_MAX = 2_147_483_647;

// ---------------------------------------------------------------------------------------------
// Field rules (plain-English messages per field)
// ---------------------------------------------------------------------------------------------

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (2023-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** Optional free text: trimmed; '' and null clear it; absent leaves it alone (PATCH). */
function optionalText(label: string, max: number) {
  return z.preprocess(
    blankToNull,
    z.string({ error: `${label} must be text` }).trim().max(max, `${label} must be at most ${max} characters`).nullable(),
  ).optional();
}

/** Optional date YYYY-MM-DD; '' and null clear it. */
function optionalDate(label: string) {
  return z.preprocess(
    blankToNull,
    z
      .string({ error: `${label} must be a date (YYYY-MM-DD)` })
      .trim()
      .refine(isCalendarDate, `${label} must be a date (YYYY-MM-DD)`)
      .nullable(),
  ).optional();
}

/** Optional choice from a list; '' and null clear it. */
function optionalChoice<const T extends readonly [string, ...string[]]>(values: T, message: string, upper = false) {
  return z.preprocess(
    (value) => {
      const blank = blankToNull(value);
      if (typeof blank !== 'string') return blank;
      return upper ? blank.trim().toUpperCase() : blank.trim().toLowerCase();
    },
    z.enum(values, { error: message }).nullable(),
  ).optional();
}

/** A reference to another record by id ('7' is read as 7; '' and null clear it). */
function optionalId(message: string) {
  return z.preprocess(
    (value) => {
      const blank = blankToNull(value);
      return typeof blank === 'string' && /^\d+$/.test(blank.trim()) ? Number(blank) : blank;
    },
    z.number({ error: message }).int(message).positive(message).max(INT_MAX, message).nullable(),
  ).optional();
}

const recordId = z.number({ error: 'Must be an id' }).int('Must be an id').positive('Must be an id').max(INT_MAX, 'Must be an id');
const idList = (what: string) => z.array(recordId, { error: `${what} must be a list of ids` }).max(1000, `At most 1000 ${what}`);

export const firstName = z
  .string({ error: 'First name is required' })
  .trim()
  .min(1, 'First name is required')
  .max(100, 'First name must be at most 100 characters');

export const lastName = z.preprocess(
  (value) => (value === null ? '' : value),
  z.string({ error: 'Last name must be text' }).trim().max(100, 'Last name must be at most 100 characters'),
);

/**
 * A phone number as typed: formatting characters are dropped (spec part 1 §5) and 10 digits, or 11
 * starting with 1, remain. The server stores the dialing form (a 10-digit number gets its leading 1).
 */
export const phoneNumber = z
  .string({ error: 'Phone is required' })
  .transform((value) => value.replace(/\D/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'Phone is required')
      .regex(/^\d{10,11}$/, 'Phone must have 10 or 11 digits')
      .refine((digits) => digits.length !== 11 || digits.startsWith('1'), 'An 11-digit phone must start with 1'),
  );

export const phoneType = z.preprocess(
  (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
  z.union([z.literal(2), z.literal(9)], { error: 'Choose a phone type (Mobile or Other)' }),
);

export const contactPhoneInput = z.object({
  /** An existing phone of this contact keeps its id; a phone without id is added. */
  id: recordId.optional(),
  number: phoneNumber,
  phone_type: phoneType.optional(),
});

export const contactEmailInput = z.object({
  /** An existing e-mail of this contact keeps its id (and its verification, unless the address changes). */
  id: recordId.optional(),
  email,
});

const zip = z.preprocess(
  blankToNull,
  z
    .string({ error: 'Zip must be text' })
    .trim()
    .regex(/^\d{5}(-?\d{4})?$/, 'Zip must have 5 digits (or 5+4)')
    .nullable(),
).optional();

/** A Medicare Beneficiary Identifier: 11 letters and digits, dashes and spaces ignored, kept in upper case. */
const medicareNumber = z.preprocess(
  (value) => (typeof value === 'string' ? blankToNull(value.replace(/[\s-]/g, '').toUpperCase()) : value),
  z
    .string({ error: 'Medicare number must be text' })
    .regex(/^[0-9A-Z]{11}$/, 'Medicare number must have 11 letters and digits')
    .nullable(),
).optional();

const dateOfBirth = optionalDate('Date of birth').refine(
  // a value that is not a date has its message already
  (value) => !value || !isCalendarDate(value) || (value >= '1900-01-01' && value <= new Date().toISOString().slice(0, 10)),
  'Date of birth must be a past date after 1900',
);

export const NOTE_MAX = 10_000;

/** Fields a contact form may send; every field is optional here (PATCH), create requires first_name. */
const contactFields = {
  first_name: firstName.optional(),
  last_name: lastName.optional(),
  category: z.enum(CONTACT_CATEGORIES, { error: 'Choose a category (lead, prospect or client)' }).optional(),
  status_id: optionalId('Choose a status'),
  agentflow_status_id: optionalId('Choose an AgentFlow status'),
  source_id: optionalId('Choose a source'),
  /** The user who owns the contact: the caller, or a user the caller reaches. */
  owner_id: z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: 'Choose an owner' }).int('Choose an owner').positive('Choose an owner').max(INT_MAX, 'Choose an owner'),
  ).optional(),
  /** The full list of phones, in order; phones left out are removed. */
  phones: z.array(contactPhoneInput, { error: 'Phones must be a list' }).max(10, 'At most 10 phones').optional(),
  /** The full list of e-mails, in order; e-mails left out are removed. */
  emails: z.array(contactEmailInput, { error: 'Emails must be a list' }).max(10, 'At most 10 e-mails').optional(),
  address1: optionalText('Address', 200),
  address2: optionalText('Address line 2', 200),
  city: optionalText('City', 100),
  state: optionalChoice(US_STATE_CODES, 'Choose a state', true),
  zip,
  date_of_birth: dateOfBirth,
  gender: optionalChoice(GENDERS, 'Choose a gender'),
  language: optionalChoice(LANGUAGES, 'Choose a language'),
  timezone: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.enum(TIMEZONES, { error: 'Choose a time zone' }),
  ).optional(),
  medicare_number: medicareNumber,
  part_a_date: optionalDate('Part A date'),
  part_b_date: optionalDate('Part B date'),
  linked_contact_id: optionalId('Choose a linked contact'),
  note: optionalText('Note', NOTE_MAX),
};

export const createContactBody = z.object({ ...contactFields, first_name: firstName });
export type CreateContactBody = z.input<typeof createContactBody>;

export const updateContactBody = z.object(contactFields);
export type UpdateContactBody = z.input<typeof updateContactBody>;

/** The few fields the list's inline editor changes; `phone` and `email` set (or with '' / null remove) the first ones. */
export const quickUpdateContactBody = z.object({
  category: contactFields.category,
  status_id: contactFields.status_id,
  first_name: contactFields.first_name,
  last_name: contactFields.last_name,
  phone: z.preprocess(blankToNull, phoneNumber.nullable()).optional(),
  email: z.preprocess(blankToNull, email.nullable()).optional(),
});
export type QuickUpdateContactBody = z.input<typeof quickUpdateContactBody>;

export const updateNoteBody = z.object({
  note: z.preprocess(
    (value) => (value === null ? '' : value),
    z.string({ error: 'Note must be text' }).max(NOTE_MAX, `Note must be at most ${NOTE_MAX} characters`),
  ),
});

// ---------------------------------------------------------------------------------------------
// The contact as the API shows it
// ---------------------------------------------------------------------------------------------

export const contactPhone = z.object({
  id: z.number().int(),
  /** Digits only, in dialing form (11 digits for US numbers); format with formatPhone for display. */
  number: z.string(),
  phone_type: z.union([z.literal(2), z.literal(9)]),
});

/**
 * How an e-mail address was checked: `unchecked` (never), `valid` / `invalid` (validate_email looked
 * at its syntax and its domain's mail servers), `unknown` (the check could not decide, e.g. DNS did
 * not answer), `forced` (an agent vouched for it with force_verify_email). `verified` is true for
 * valid and forced.
 */
export const EMAIL_VERIFICATIONS = ['unchecked', 'valid', 'invalid', 'unknown', 'forced'] as const;
export type EmailVerification = (typeof EMAIL_VERIFICATIONS)[number];

export const contactEmail = z.object({
  id: z.number().int(),
  email: z.string(),
  verified: z.boolean(),
  verification: z.enum(EMAIL_VERIFICATIONS),
  verified_at: timestamp.nullable(),
});

/** A tag (spec part 2 §3 "Tag: name, color"); colours are #rrggbb. */
export const tag = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export type Tag = z.infer<typeof tag>;

/** Kinds of activity recorded with PUT activity_info (the dialer, SMS, e-mail and calendar record theirs too). */
export const ACTIVITY_TYPES = ['call', 'sms', 'email', 'appointment', 'note', 'visit', 'mail'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
/** Each activity type as the screens (and a logged activity's note) name it. */
export const ACTIVITY_LABELS: Record<ActivityType, string> = {
  call: 'Call',
  sms: 'Text',
  email: 'E-mail',
  appointment: 'Appointment',
  note: 'Note',
  visit: 'Visit',
  mail: 'Mail',
};
/** How a logged call went (Log call's outcome). */
export const CALL_OUTCOMES = ['talked', 'left_voicemail', 'no_answer', 'wrong_number'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];
export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = {
  talked: 'Talked with them',
  left_voicemail: 'Left a voicemail',
  no_answer: 'No answer',
  wrong_number: 'Wrong number',
};

/**
 * Policy types sold by the agents this CRM serves (Medicare, life, final expense, preneed,
 * annuities), in display order.
 */
export const POLICY_TYPES = [
  'medicare_advantage',
  'medicare_supplement',
  'part_d',
  'dental_vision',
  'hospital_indemnity',
  'final_expense',
  'term_life',
  'whole_life',
  'universal_life',
  'preneed',
  'annuity',
  'other',
] as const;
export type PolicyType = (typeof POLICY_TYPES)[number];
export const POLICY_TYPE_LABELS: Record<PolicyType, string> = {
  medicare_advantage: 'Medicare Advantage',
  medicare_supplement: 'Medicare Supplement',
  part_d: 'Part D (drug plan)',
  dental_vision: 'Dental / vision',
  hospital_indemnity: 'Hospital indemnity',
  final_expense: 'Final expense',
  term_life: 'Term life',
  whole_life: 'Whole life',
  universal_life: 'Universal life',
  preneed: 'Preneed',
  annuity: 'Annuity',
  other: 'Other',
};

export const contact = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  category: z.enum(CONTACT_CATEGORIES),
  status: lookupOption.nullable(),
  agentflow_status: lookupOption.nullable(),
  source: lookupOption.nullable(),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  phones: z.array(contactPhone),
  emails: z.array(contactEmail),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.enum(US_STATE_CODES).nullable(),
  zip: z.string().nullable(),
  date_of_birth: z.string().nullable().describe('YYYY-MM-DD'),
  gender: z.enum(GENDERS).nullable(),
  language: z.enum(LANGUAGES).nullable(),
  timezone: z.enum(TIMEZONES),
  medicare_number: z.string().nullable(),
  part_a_date: z.string().nullable().describe('YYYY-MM-DD'),
  part_b_date: z.string().nullable().describe('YYYY-MM-DD'),
  linked_contact_id: z.number().int().nullable(),
  /** The "new" marker: set on arrival, removed when the contact is first viewed. */
  new: z.boolean(),
  /** The contact's quick note (the notes tab's notes are separate records). */
  note: z.string().nullable(),
  tags: z.array(tag),
  /** The distinct types and carriers of the contact's policies. */
  policy_types: z.array(z.enum(POLICY_TYPES)),
  carriers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  last_activity_at: timestamp.nullable(),
  last_activity_type: z.enum(ACTIVITY_TYPES).nullable(),
  /** When the contact was made ready for Medicare quoting. */
  medicare_imported_at: timestamp.nullable(),
  /** Set on a contact that was merged into another (it is in the trash until restored). */
  merged_into_id: z.number().int().nullable(),
  /** Duplicate search only: contacts with the same key are duplicates of each other. */
  duplicate_group: z.string().optional(),
  created_at: timestamp,
  updated_at: timestamp,
  /** Set while the contact is in the trash (soft deleted). */
  deleted_at: timestamp.nullable(),
});
export type Contact = z.infer<typeof contact>;

export const contactResponse = z.object({ data: contact });

// ---------------------------------------------------------------------------------------------
// contacts_scope: search, filters, order and paging of the list (spec part 2 §3, §7)
// ---------------------------------------------------------------------------------------------

/** Kinds of searchable field; the kind decides the operators and the value. */
export type SearchFieldKind = 'text' | 'phone' | 'choice' | 'id' | 'date';

/** Fields of the advanced search builder and their kinds. */
export const CONTACT_SEARCH_FIELDS = {
  first_name: 'text',
  last_name: 'text',
  email: 'text',
  address1: 'text',
  city: 'text',
  zip: 'text',
  medicare_number: 'text',
  note: 'text',
  phone: 'phone',
  state: 'choice',
  category: 'choice',
  gender: 'choice',
  language: 'choice',
  timezone: 'choice',
  status_id: 'id',
  agentflow_status_id: 'id',
  source_id: 'id',
  owner_id: 'id',
  date_of_birth: 'date',
  part_a_date: 'date',
  part_b_date: 'date',
  created_at: 'date',
  updated_at: 'date',
} as const satisfies Record<string, SearchFieldKind>;
export type ContactSearchField = keyof typeof CONTACT_SEARCH_FIELDS;
const SEARCH_FIELD_NAMES = Object.keys(CONTACT_SEARCH_FIELDS) as [ContactSearchField, ...ContactSearchField[]];

export const SEARCH_OPERATORS = {
  text: ['contains', 'not_contains', 'eq', 'not_eq', 'starts_with', 'ends_with', 'blank', 'present'],
  phone: ['contains', 'eq', 'blank', 'present'],
  choice: ['in', 'not_in', 'blank', 'present'],
  id: ['in', 'not_in', 'blank', 'present'],
  date: ['on', 'before', 'after', 'between', 'blank', 'present'],
} as const satisfies Record<SearchFieldKind, readonly string[]>;
export const SEARCH_OPERATOR_NAMES = [
  'contains', 'not_contains', 'eq', 'not_eq', 'starts_with', 'ends_with', 'blank', 'present', 'in', 'not_in', 'on', 'before', 'after', 'between',
] as const;
export type SearchOperator = (typeof SEARCH_OPERATOR_NAMES)[number];

/** The allowed values of the choice fields. */
export const SEARCH_CHOICES: Record<'state' | 'category' | 'gender' | 'language' | 'timezone', readonly string[]> = {
  state: US_STATE_CODES,
  category: CONTACT_CATEGORIES,
  gender: GENDERS,
  language: LANGUAGES,
  timezone: TIMEZONES,
};
const CHOICE_MESSAGES: Record<keyof typeof SEARCH_CHOICES, string> = {
  state: 'Choose a state',
  category: 'Choose a category',
  gender: 'Choose a gender',
  language: 'Choose a language',
  timezone: 'Choose a time zone',
};

const searchScalar = z.union([z.string().max(200, 'Value is too long'), z.number()]);
const searchValue = z.union([searchScalar, z.array(searchScalar).max(1000, 'At most 1000 values'), z.null()]).optional();

/** A search entry's value is empty when it is '' or [] (or missing); such entries are dropped, as the client does. */
function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

/** One condition of the advanced search, normalised: the values as strings (ids and dates checked). */
export type ContactSearchCondition = { field: ContactSearchField; operator: SearchOperator; values: string[] };

export const contactSearchEntry = z
  .object({
    field: z.enum(SEARCH_FIELD_NAMES, { error: 'Choose a field to search' }),
    operator: z.enum(SEARCH_OPERATOR_NAMES, { error: 'Choose an operator' }),
    value: searchValue,
  })
  .superRefine((entry, ctx) => {
    const kind: SearchFieldKind = CONTACT_SEARCH_FIELDS[entry.field];
    if (!(SEARCH_OPERATORS[kind] as readonly string[]).includes(entry.operator)) {
      ctx.addIssue({ code: 'custom', path: ['operator'], message: `The operator ${entry.operator} does not apply to ${entry.field}` });
      return;
    }
    if (entry.operator === 'blank' || entry.operator === 'present' || isEmptyValue(entry.value)) return;
    const values = (Array.isArray(entry.value) ? entry.value : [entry.value]).map((v) => String(v).trim());
    const fail = (message: string) => ctx.addIssue({ code: 'custom', path: ['value'], message });
    if ((kind === 'text' || kind === 'phone') && Array.isArray(entry.value)) fail('Value must be text');
    else if (kind === 'phone' && !values[0]?.replace(/\D/g, '')) fail('Phone search needs digits');
    else if (kind === 'choice') {
      const field = entry.field as keyof typeof SEARCH_CHOICES;
      const allowed = SEARCH_CHOICES[field];
      if (!values.every((v) => allowed.includes(field === 'state' ? v.toUpperCase() : v.toLowerCase()))) fail(CHOICE_MESSAGES[field]);
    } else if (kind === 'id' && !values.every((v) => /^\d{1,10}$/.test(v) && Number(v) > 0 && Number(v) <= INT_MAX)) {
      fail('Value must be a list of ids');
    } else if (kind === 'date') {
      if (!values.every(isCalendarDate)) fail('Value must be a date (YYYY-MM-DD)');
      else if (entry.operator === 'between' ? values.length !== 2 : values.length !== 1) {
        fail(entry.operator === 'between' ? 'Give two dates' : 'Give one date');
      }
    }
  })
  .transform((entry): ContactSearchCondition | null => {
    const noValue = entry.operator === 'blank' || entry.operator === 'present';
    if (!noValue && isEmptyValue(entry.value)) return null;
    const raw = noValue || entry.value === undefined || entry.value === null ? [] : Array.isArray(entry.value) ? entry.value : [entry.value];
    const kind: SearchFieldKind = CONTACT_SEARCH_FIELDS[entry.field];
    const values = raw.map((v) => {
      const text = String(v).trim();
      if (kind === 'phone') return text.replace(/\D/g, '');
      if (kind === 'choice') return entry.field === 'state' ? text.toUpperCase() : text.toLowerCase();
      return text;
    });
    return { field: entry.field, operator: entry.operator, values };
  });
export type ContactSearchEntry = z.input<typeof contactSearchEntry>;

const scopeDate = (label: string) =>
  z.preprocess(blankToNull, z.string({ error: `${label} must be a date (YYYY-MM-DD)` }).refine(isCalendarDate, `${label} must be a date (YYYY-MM-DD)`).nullable()).optional();

const flag = (label: string) =>
  z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean({ error: `${label} must be true or false` }));

export const contactsScope = z.object({
  /** Free text: name, e-mail or phone (formatted or digits), every word must match. */
  q: z.string({ error: 'Search must be text' }).trim().max(200, 'Search is too long').nullish(),
  /** Advanced search conditions, all of which must hold. */
  search: z
    .array(contactSearchEntry, { error: 'Search conditions must be a list' })
    .max(50, 'At most 50 search conditions')
    .nullish()
    .transform((entries) => (entries ?? []).filter((e): e is ContactSearchCondition => e !== null)),
  category: z.enum(['all', ...CONTACT_CATEGORIES], { error: 'Choose a category' }).default('all'),
  contact_group: z.enum(CONTACT_GROUPS, { error: 'Choose a contact group' }).default('all_agents'),
  /** With owner_ids: also every user below those owners (within the caller's reach). */
  all_downline: flag('All downline').default(false),
  owner_ids: idList('owners').optional(),
  status_ids: idList('statuses').optional(),
  source_ids: idList('sources').optional(),
  agentflow_status_ids: idList('AgentFlow statuses').optional(),
  states: z
    .array(z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(US_STATE_CODES, { error: 'Choose a state' })))
    .max(60, 'Too many states')
    .optional(),
  /** Contacts carrying any of these tags. */
  included_tags: idList('tags').optional(),
  /** Contacts carrying none of these tags. */
  excluded_tags: idList('tags').optional(),
  /** Contacts with a policy of any of these types. */
  included_policy_types: z.array(z.enum(POLICY_TYPES, { error: 'Choose a policy type' })).max(POLICY_TYPES.length).optional(),
  /** Contacts with no policy of these types. */
  excluded_policy_types: z.array(z.enum(POLICY_TYPES, { error: 'Choose a policy type' })).max(POLICY_TYPES.length).optional(),
  /** Contacts with a policy from any of these carriers. */
  carriers: idList('carriers').optional(),
  /**
   * The duplicate scan (spec part 2 §3, §9): when any option is on, the list answers only contacts
   * that share the chosen values (compared ignoring case and surrounding spaces) with at least one
   * other contact in reach, each with its duplicate_group, ordered by group. The screen asks for
   * pages of DUPLICATES_PAGE_SIZE.
   */
  duplicates: z
    .object({
      first_name: flag('First name').default(false),
      last_name: flag('Last name').default(false),
      address: flag('Address').default(false),
      /** The first phone of each (dialing form). */
      phone: flag('Phone').default(false),
      /** The first e-mail of each, ignoring case. */
      email: flag('E-mail').default(false),
    })
    .optional(),
  /**
   * Keyset paging: the next_cursor of the previous page. With a cursor the page starts right after
   * that row instead of skipping (page - 1) * limit rows, so deep pages cost what the first does;
   * `page` then only numbers the answer.
   */
  cursor: z.string().max(CONTACTS_CURSOR_MAX, 'Cursor is too long').nullish(),
  /** Created on or after this day, in the caller's time zone. */
  created_from: scopeDate('Created from'),
  /** Created on or before this day, in the caller's time zone. */
  created_to: scopeDate('Created to'),
  order_field: z.enum(CONTACT_ORDER_FIELDS, { error: 'Choose a column to sort by' }).default('last_name'),
  order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).default('asc'),
  page: z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be 1 or more').max(1_000_000, 'Page is too large').default(1),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be 1 or more')
    .max(CONTACTS_PAGE_MAX, `Limit must be at most ${CONTACTS_PAGE_MAX}`)
    .default(25),
  /** Count every matching contact (meta.total_count exact, never capped) instead of stopping at CONTACTS_COUNT_CAP. */
  exact_count: flag('Exact count').default(false),
  /** The list's "select N" mode of the client; listing itself ignores it (select_first_last selects). */
  select_n: flag('Select N').default(false),
  /** The trash view: soft-deleted contacts instead of live ones. */
  trashed: flag('Trashed').default(false),
});
export type ContactsScope = z.input<typeof contactsScope>;
export type ParsedContactsScope = z.output<typeof contactsScope>;

export const contactsMeta = pagingMeta.extend({
  /** True when more than CONTACTS_COUNT_CAP contacts match: total_count then says "1000+" (and total_pages follows it). */
  total_count_capped: z.boolean(),
  /** Pass as contacts_scope.cursor to get the page after this one; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type ContactsMeta = z.infer<typeof contactsMeta>;

const selectionShape = {
  ids: z.array(recordId, { error: 'Ids must be a list of ids' }).max(CONTACT_SELECTION_MAX, `At most ${CONTACT_SELECTION_MAX} contacts`).optional(),
  all: flag('All').default(false),
  contacts_scope: contactsScope.optional(),
};

function requireSelection(body: { ids?: number[] | undefined; all: boolean }, ctx: z.RefinementCtx): void {
  if (!body.all && !body.ids?.length) ctx.addIssue({ code: 'custom', path: ['ids'], message: 'Choose contacts' });
}

/** Which contacts a bulk action touches: the given ids, or (all: true) every contact the scope matches. */
export const contactSelection = z.object(selectionShape).superRefine(requireSelection);
export type ContactSelection = z.input<typeof contactSelection>;

export const selectedItemsBody = z
  .object({
    ...selectionShape,
    limit: z.coerce
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be 1 or more')
      .max(CONTACT_SELECTION_MAX, `Limit must be at most ${CONTACT_SELECTION_MAX}`)
      .default(CONTACT_SELECTION_MAX),
  })
  .superRefine(requireSelection);

export const idsResponse = z.object({ ids: z.array(z.number().int()) });
export const countResponse = z.object({ count: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Endpoints (spec part 2 §7 "Contacts")
// ---------------------------------------------------------------------------------------------

export const listContacts = defineEndpoint({
  scope: 'contacts:read',
  method: 'PATCH',
  path: '/v1/contacts',
  summary: 'Search and list the contacts the caller reaches (contacts_scope: q, search, filters, order, paging, trash view)',
  tag: 'contacts',
  access: 'user',
  gate: 'enforced',
  body: z.object({ contacts_scope: contactsScope.optional() }),
  response: z.object({ data: z.array(contact), meta: contactsMeta }),
});

export const selectedContactItems = defineEndpoint({
  scope: 'contacts:read',
  method: 'POST',
  path: '/v1/contacts/selected_items',
  summary: 'The ids of a selection (ids, or all plus contacts_scope), reachable ones only, up to limit, in list order',
  tag: 'contacts',
  access: 'user',
  gate: 'enforced',
  body: selectedItemsBody,
  response: idsResponse,
});

export const createContact = defineEndpoint({
  scope: 'contacts:write',
  method: 'POST',
  path: '/v1/contacts',
  summary: 'Create a contact (owned by the caller unless owner_id names a user the caller reaches)',
  tag: 'contacts',
  access: 'user',
  gate: 'enforced',
  body: createContactBody,
  response: contactResponse,
});

/**
 * The form's duplicate check (issue 12 item 7): before a contact is saved with these phones and
 * e-mails, the reachable contacts (the caller's reach: own, downline or company) that already
 * have one of them, so the form can show them and ask before saving. Phones compare in dialing
 * form, e-mails ignoring case; trashed contacts and `contact_id` itself (the one being edited)
 * never count.
 */
export const contactDuplicatesBody = z.object({
  phones: z.array(phoneNumber, { error: 'Phones must be a list' }).max(10, 'At most 10 phones').default([]),
  emails: z.array(email, { error: 'Emails must be a list' }).max(10, 'At most 10 e-mails').default([]),
  contact_id: recordId.optional(),
});
export type ContactDuplicatesBody = z.input<typeof contactDuplicatesBody>;

/** At most this many matching contacts are answered (the form shows them all). */
export const CONTACT_DUPLICATES_MAX = 10;

export const contactDuplicate = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  /** Which of the asked phones (dialing form) and e-mails this contact has. */
  phones: z.array(z.string()),
  emails: z.array(z.string()),
});
export type ContactDuplicate = z.infer<typeof contactDuplicate>;

export const findContactDuplicates = defineEndpoint({
  scope: 'contacts:read',
  method: 'POST',
  path: '/v1/contacts/duplicate_check',
  summary: `Reachable contacts that already have one of these phones or e-mails (at most ${CONTACT_DUPLICATES_MAX}), for the form to ask before saving`,
  tag: 'contacts',
  access: 'user',
  gate: 'enforced',
  body: contactDuplicatesBody,
  response: z.object({ data: z.array(contactDuplicate) }),
});

export const showContact = defineEndpoint({
  scope: 'contacts:read',
  method: 'GET',
  path: '/v1/contacts/{id}',
  summary: 'One contact; viewing removes its "new" marker unless not_remove_new_tag is given',
  tag: 'contacts',
  access: 'user',
  gate: 'enforced',
  params: idParams,
  query: z.object({
    not_remove_new_tag: z
      .preprocess(
        (value) => (value === '' || value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value),
        z.boolean({ error: 'Must be true or false' }),
      )
      .optional(),
  }),
  response: contactResponse,
});

export const updateContact = defineEndpoint({
  scope: 'contacts:write',
  method: 'PATCH',
  path: '/v1/contacts/{id}',
  summary: 'Update a contact; phones and emails, when given, replace the lists',
  tag: 'contacts',
  access: 'user',
  gate: 'enforced',
  params: idParams,
  body: updateContactBody,
  response: contactResponse,
});

export const quickUpdateContact = defineEndpoint({
  scope: 'contacts:write',
  method: 'PATCH',
  path: '/v1/contacts/{id}/quick_update',
  summary: "Change a contact's category, status, names, first phone or first e-mail",
  tag: 'contacts',
  access: 'user',
  gate: 'enforced',
  params: idParams,
  body: quickUpdateContactBody,
  response: contactResponse,
});

export const updateContactNote = defineEndpoint({
  scope: 'contacts:write',
  method: 'PATCH',
  path: '/v1/contacts/{id}/update_note',
  summary: "Replace a contact's quick note",
  tag: 'contacts',
  access: 'user',
  gate: 'enforced',
  params: idParams,
  body: updateNoteBody,
  response: contactResponse,
});

export const assignContactToMe = defineEndpoint({
  scope: 'contacts:write',
  method: 'PATCH',
  path: '/v1/contacts/{id}/assign_to_me',
  summary: 'Make the caller the owner of a contact they reach',
  tag: 'contacts',
  access: 'user',
  gate: 'enforced',
  params: idParams,
  body: emptyBody,
  response: contactResponse,
});

export const destroyContacts = defineEndpoint({
  scope: 'contacts:write',
  method: 'DELETE',
  path: '/v1/contacts/destroy_all',
  summary: 'Move contacts to the trash (soft delete): ids, or all plus contacts_scope; only reachable contacts',
  tag: 'contacts',
  access: 'user',
  gate: 'enforced',
  body: contactSelection,
  response: countResponse,
});

export const restoreContacts = defineEndpoint({
  scope: 'contacts:write',
  method: 'PUT',
  path: '/v1/contacts/restore',
  summary: 'Bring contacts back from the trash: ids, or all plus contacts_scope (matched within the trash); only reachable contacts',
  tag: 'contacts',
  access: 'user',
  gate: 'enforced',
  body: contactSelection,
  response: countResponse,
});

export const selectFirstLastContacts = defineEndpoint({
  scope: 'contacts:read',
  method: 'POST',
  path: '/v1/contacts/select_first_last',
  summary: 'The ids of the first or last n contacts of the list that contacts_scope gives, in list order',
  tag: 'contacts',
  access: 'user',
  gate: 'enforced',
  body: z.object({
    contacts_scope: contactsScope.optional(),
    n: z.coerce
      .number({ error: 'Choose how many contacts' })
      .int('Choose how many contacts')
      .min(1, 'Choose how many contacts')
      .max(CONTACT_SELECTION_MAX, `At most ${CONTACT_SELECTION_MAX} contacts`),
    from: z.enum(['first', 'last'], { error: 'Choose first or last' }).default('first'),
  }),
  response: idsResponse,
});

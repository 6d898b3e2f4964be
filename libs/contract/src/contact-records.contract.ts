import { z } from 'zod';
import { defineEndpoint, type Endpoint } from './endpoint';
import { idParams, pagingMeta, timestamp } from './common.contract';
import {
  ACTIVITY_TYPES,
  CALL_OUTCOMES,
  contactResponse,
  contactSelection,
  contactsScope,
  countResponse,
  isCalendarDate,
  POLICY_TYPES,
  tag,
} from './contacts.contract';

/**
 * A contact's records beyond its own fields (spec part 2 §7 "Notes, files, tags", "Policies and
 * securities", "Contacts"): notes, files, tags, policies, securities, data captures, Rx details,
 * activity info, e-mail verification, the linked contact, Medicare import and merge. Every endpoint
 * answers 404 for a contact outside the caller's reach, exactly as for a missing one.
 */

const INT_MAX = 2_147_483_647;
const recordId = (message = 'Must be an id') =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: message }).int(message).positive(message).max(INT_MAX, message),
  );
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** Every endpoint here is a signed-in user's, under the contacts tag and behind the account gates. */
function contactEndpoint<const E extends Omit<Endpoint, 'tag' | 'access' | 'gate'>>(endpoint: E) {
  return defineEndpoint({ ...endpoint, tag: 'contacts', access: 'user', gate: 'enforced' });
}

function optionalText(label: string, max: number) {
  return z
    .preprocess(blankToNull, z.string({ error: `${label} must be text` }).trim().max(max, `${label} must be at most ${max} characters`).nullable())
    .optional();
}

function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}

function optionalDate(label: string) {
  return z
    .preprocess(
      blankToNull,
      z.string({ error: `${label} must be a date (YYYY-MM-DD)` }).trim().refine(isCalendarDate, `${label} must be a date (YYYY-MM-DD)`).nullable(),
    )
    .optional();
}

/**
 * A money amount as typed: commas, spaces, quotes and parentheses are stripped (spec part 2 §5),
 * an optional sign and two decimals are allowed; '' and null clear it.
 */
export function amount(label: string, max = 999_999_999_999) {
  return z
    .preprocess(
      (value) => {
        if (typeof value !== 'string') return value;
        const cleaned = value.replace(/[,\s'"()$]/g, '');
        return cleaned === '' ? null : cleaned;
      },
      z
        .union([z.number(), z.string()], { error: `${label} must be an amount` })
        .transform((value, ctx) => {
          const text = String(value);
          if (!/^[+-]?\d+(\.\d{1,2})?$/.test(text)) {
            ctx.addIssue({ code: 'custom', message: `${label} must be an amount like 1234.56` });
            return z.NEVER;
          }
          const n = Number(text);
          if (Math.abs(n) > max) {
            ctx.addIssue({ code: 'custom', message: `${label} is too large` });
            return z.NEVER;
          }
          return n;
        })
        .nullable(),
    )
    .optional();
}

const author = z.object({ id: z.number().int(), name: z.string() }).nullable();
const contactParams = idParams;

// ---------------------------------------------------------------------------------------------
// Notes (spec: GET and POST /contacts/{id}/notes (q or body); PATCH and DELETE .../{noteId})
// ---------------------------------------------------------------------------------------------

export const CONTACT_NOTE_MAX = 10_000;

export const contactNote = z.object({
  id: z.number().int(),
  body: z.string(),
  author,
  created_at: timestamp,
  updated_at: timestamp,
});
export type ContactNote = z.infer<typeof contactNote>;

export const contactNoteBody = z.object({ body: requiredText('Note', CONTACT_NOTE_MAX) });
const noteParams = contactParams.extend({ noteId: recordId() });

export const listContactNotes = contactEndpoint({
  scope: 'contacts:read',
  method: 'GET',
  path: '/v1/contacts/{id}/notes',
  summary: "A contact's notes, newest first; q finds notes containing the words",
  params: contactParams,
  query: z.object({
    q: z.string().trim().max(200, 'Search is too long').optional(),
    page: z.coerce.number({ error: 'Page must be a number' }).int().min(1, 'Page must be 1 or more').max(100_000).default(1),
    limit: z.coerce.number({ error: 'Limit must be a number' }).int().min(1, 'Limit must be 1 or more').max(100, 'Limit must be at most 100').default(25),
  }),
  response: z.object({ data: z.array(contactNote), meta: pagingMeta }),
});

export const createContactNote = contactEndpoint({
  scope: 'contacts:write',
  method: 'POST',
  path: '/v1/contacts/{id}/notes',
  summary: 'Add a note to a contact',
  params: contactParams,
  body: contactNoteBody,
  response: z.object({ data: contactNote }),
});

export const updateContactNoteRecord = contactEndpoint({
  scope: 'contacts:write',
  method: 'PATCH',
  path: '/v1/contacts/{id}/notes/{noteId}',
  summary: "Change a note's text (its author, or an administrator or manager above the author)",
  params: noteParams,
  body: contactNoteBody,
  response: z.object({ data: contactNote }),
});

export const deleteContactNote = contactEndpoint({
  scope: 'contacts:write',
  method: 'DELETE',
  path: '/v1/contacts/{id}/notes/{noteId}',
  summary: 'Delete a note (its author, or an administrator or manager above the author)',
  params: noteParams,
  response: null,
});

// ---------------------------------------------------------------------------------------------
// Files (spec: GET and POST (form data) /contacts/{id}/files; DELETE .../{fileId})
// ---------------------------------------------------------------------------------------------

/** Largest file a contact takes. */
export const CONTACT_FILE_MAX_BYTES = 20 * 1024 * 1024;

/**
 * File kinds a contact takes, by extension, with the content types they travel as: documents,
 * spreadsheets, images and recordings agents keep with a client (applications, IDs, statements).
 */
export const CONTACT_FILE_TYPES: Record<string, readonly string[]> = {
  pdf: ['application/pdf'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  xls: ['application/vnd.ms-excel'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  csv: ['text/csv', 'application/vnd.ms-excel', 'text/plain'],
  txt: ['text/plain'],
  rtf: ['application/rtf', 'text/rtf'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
  gif: ['image/gif'],
  webp: ['image/webp'],
  heic: ['image/heic', 'image/heif'],
  tif: ['image/tiff'],
  tiff: ['image/tiff'],
  mp3: ['audio/mpeg'],
  wav: ['audio/wav', 'audio/x-wav', 'audio/wave'],
  m4a: ['audio/mp4', 'audio/x-m4a'],
};
export const CONTACT_FILE_EXTENSIONS = Object.keys(CONTACT_FILE_TYPES);

/** The messages of a refused upload (422 beside "file"), the same in the browser and on the server. */
export const CONTACT_FILE_MESSAGES = {
  missing: 'Choose a file',
  empty: 'The file is empty',
  tooLarge: `File must be at most ${CONTACT_FILE_MAX_BYTES / 1024 / 1024} MB`,
  noExtension: 'Files without an extension are not accepted',
  badType: (extension: string) => `Files of type .${extension} are not accepted`,
} as const;

/** A file name's extension in lower case, or null when it has none ("notes", ".env", "file."). */
export function contactFileExtension(fileName: string): string | null {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1) return null;
  return fileName.slice(dot + 1).toLowerCase();
}

/**
 * Why a file cannot be attached by its name and size (the browser checks before sending; the
 * server checks the name before storing and the size while the bytes stream, when `size` is
 * unknown); null when both are fine.
 */
export function contactFileProblem(fileName: string, size?: number): string | null {
  const extension = contactFileExtension(fileName);
  if (!extension) return CONTACT_FILE_MESSAGES.noExtension;
  if (!Object.hasOwn(CONTACT_FILE_TYPES, extension)) return CONTACT_FILE_MESSAGES.badType(extension);
  if (size === 0) return CONTACT_FILE_MESSAGES.empty;
  if (size !== undefined && size > CONTACT_FILE_MAX_BYTES) return CONTACT_FILE_MESSAGES.tooLarge;
  return null;
}

export const contactFile = z.object({
  id: z.number().int(),
  /** The original file name; the download carries it in content-disposition. */
  file_name: z.string(),
  content_type: z.string(),
  byte_size: z.number().int(),
  uploaded_by: author,
  created_at: timestamp,
});
export type ContactFile = z.infer<typeof contactFile>;

const fileParams = contactParams.extend({ fileId: recordId() });

export const listContactFiles = contactEndpoint({
  scope: 'contacts:read',
  method: 'GET',
  path: '/v1/contacts/{id}/files',
  summary: "A contact's files, newest first",
  params: contactParams,
  response: z.object({ data: z.array(contactFile) }),
});

export const uploadContactFile = contactEndpoint({
  scope: 'contacts:write',
  method: 'POST',
  path: '/v1/contacts/{id}/files',
  summary: `Attach a file (multipart field "file"; at most ${CONTACT_FILE_MAX_BYTES / 1024 / 1024} MB; ${CONTACT_FILE_EXTENSIONS.join(', ')})`,
  params: contactParams,
  bodyType: 'multipart',
  /** Documents the form only: the server reads the multipart stream itself and answers 422 beside "file". */
  body: z.object({ file: z.any().describe('binary') }),
  response: z.object({ data: contactFile }),
});

export const downloadContactFile = contactEndpoint({
  scope: 'contacts:read',
  method: 'GET',
  path: '/v1/contacts/{id}/files/{fileId}',
  summary: 'Download a file with its original name',
  params: fileParams,
  download: true,
  response: z.any().describe('The file'),
});

export const deleteContactFile = contactEndpoint({
  scope: 'contacts:write',
  method: 'DELETE',
  path: '/v1/contacts/{id}/files/{fileId}',
  summary: 'Delete a file',
  params: fileParams,
  response: null,
});

// ---------------------------------------------------------------------------------------------
// Tags (spec: PATCH /tags with q and scope; POST /tags with name and color, optionally
// tag_objects; PATCH /contacts/update_tags_group; PATCH /contacts/update_tags_single)
// ---------------------------------------------------------------------------------------------

export const TAG_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
/** Colours offered by the tag picker (all readable with white text). */
export const TAG_COLORS = ['#1d4ed8', '#047857', '#b45309', '#b91c1c', '#7c3aed', '#0f766e', '#be185d', '#374151'] as const;

const tagIds = (label: string) =>
  z.array(recordId('Choose tags'), { error: `${label} must be a list of tags` }).max(200, `At most 200 ${label.toLowerCase()}`);

export const tagWithCount = tag.extend({
  /** Only when contacts_scope was given: live contacts in reach, matching the scope, carrying the tag. */
  contacts_count: z.number().int().optional(),
});

export const searchTags = contactEndpoint({
  scope: 'contacts:read',
  method: 'PATCH',
  path: '/v1/tags',
  summary: "The company's tags whose name contains q (by name); with contacts_scope, each with how many matching contacts carry it",
  body: z
    .object({
      q: z.string({ error: 'Search must be text' }).trim().max(100, 'Search is too long').nullish(),
      contacts_scope: contactsScope.optional(),
      limit: z.coerce.number().int().min(1, 'Limit must be 1 or more').max(200, 'Limit must be at most 200').default(100),
    })
    .nullish(),
  response: z.object({ data: z.array(tagWithCount) }),
});

export const createTag = contactEndpoint({
  scope: 'contacts:write',
  method: 'POST',
  path: '/v1/tags',
  summary: 'Create a company tag (name unique ignoring case); tag_objects lists contacts to tag with it right away',
  body: z.object({
    name: requiredText('Name', 50),
    color: z.string({ error: 'Choose a colour' }).trim().regex(TAG_COLOR_PATTERN, 'Colour must look like #1d4ed8'),
    tag_objects: z.array(recordId('Must be a list of contact ids')).max(1000, 'At most 1000 contacts').optional(),
  }),
  response: z.object({ data: tag }),
});

export const updateTagsGroup = contactEndpoint({
  scope: 'contacts:write',
  method: 'PATCH',
  path: '/v1/contacts/update_tags_group',
  summary: 'Add tags to (and remove_tags from) a selection: ids, or all plus contacts_scope; reachable contacts only',
  body: contactSelection.and(
    z
      .object({ tags: tagIds('Tags').default([]), remove_tags: tagIds('Tags to remove').default([]) })
      .refine((b) => b.tags.length + b.remove_tags.length > 0, { path: ['tags'], message: 'Choose tags' }),
  ),
  response: countResponse,
});

export const updateTagsSingle = contactEndpoint({
  scope: 'contacts:write',
  method: 'PATCH',
  path: '/v1/contacts/update_tags_single',
  summary: "Set one contact's tags to exactly this list",
  body: z.object({ contact_id: recordId('Choose a contact'), tags: tagIds('Tags') }),
  response: contactResponse,
});

// ---------------------------------------------------------------------------------------------
// Policies (spec: GET and POST /contacts/{id}/policies; GET, PATCH, DELETE .../{policyId})
// ---------------------------------------------------------------------------------------------

export const POLICY_STATUSES = ['pending', 'submitted', 'approved', 'issued', 'in_force', 'declined', 'lapsed', 'cancelled', 'terminated'] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];
/** Statuses that make a lead or prospect a client (the policy is placed). */
export const PLACED_POLICY_STATUSES: readonly PolicyStatus[] = ['issued', 'in_force'];

export const PREMIUM_MODES = ['monthly', 'quarterly', 'semi_annual', 'annual', 'single'] as const;

export const policy = z.object({
  id: z.number().int(),
  contact_id: z.number().int(),
  carrier: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  policy_type: z.enum(POLICY_TYPES),
  policy_number: z.string().nullable(),
  status: z.enum(POLICY_STATUSES),
  premium: z.number().nullable(),
  premium_mode: z.enum(PREMIUM_MODES),
  face_amount: z.number().nullable(),
  application_date: z.string().nullable(),
  effective_date: z.string().nullable(),
  termination_date: z.string().nullable(),
  note: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Policy = z.infer<typeof policy>;

const policyFields = {
  carrier_id: z.preprocess(blankToNull, recordId('Choose a carrier').nullable()).optional(),
  policy_type: z.enum(POLICY_TYPES, { error: 'Choose a policy type' }),
  policy_number: optionalText('Policy number', 50),
  status: z.enum(POLICY_STATUSES, { error: 'Choose a status' }).default('pending'),
  premium: amount('Premium', 9_999_999_999),
  premium_mode: z.enum(PREMIUM_MODES, { error: 'Choose how often the premium is paid' }).default('monthly'),
  face_amount: amount('Face amount'),
  application_date: optionalDate('Application date'),
  effective_date: optionalDate('Effective date'),
  termination_date: optionalDate('Termination date'),
  note: optionalText('Note', 2000),
};
function datesInOrder(body: { effective_date?: string | null; termination_date?: string | null }, ctx: z.RefinementCtx) {
  if (body.effective_date && body.termination_date && body.termination_date < body.effective_date) {
    ctx.addIssue({ code: 'custom', path: ['termination_date'], message: 'Termination date must be on or after the effective date' });
  }
}
export const createPolicyBody = z.object(policyFields).superRefine(datesInOrder);
export const updatePolicyBody = z
  .object({
    ...policyFields,
    policy_type: policyFields.policy_type.optional(),
    status: z.enum(POLICY_STATUSES, { error: 'Choose a status' }).optional(),
    premium_mode: z.enum(PREMIUM_MODES, { error: 'Choose how often the premium is paid' }).optional(),
  })
  .superRefine(datesInOrder);
export type PolicyBody = z.input<typeof createPolicyBody>;

const policyParams = contactParams.extend({ policyId: recordId() });
const policyResponse = z.object({ data: policy });

export const listPolicies = contactEndpoint({
  scope: 'contacts:read',
  method: 'GET',
  path: '/v1/contacts/{id}/policies',
  summary: "A contact's policies, newest first",
  params: contactParams,
  response: z.object({ data: z.array(policy) }),
});

export const createPolicy = contactEndpoint({
  scope: 'contacts:write',
  method: 'POST',
  path: '/v1/contacts/{id}/policies',
  summary: 'Add a policy; an issued or in-force policy makes a lead or prospect a client',
  params: contactParams,
  body: createPolicyBody,
  response: policyResponse,
});

export const showPolicy = contactEndpoint({
  scope: 'contacts:read',
  method: 'GET',
  path: '/v1/contacts/{id}/policies/{policyId}',
  summary: 'One policy',
  params: policyParams,
  response: policyResponse,
});

export const updatePolicy = contactEndpoint({
  scope: 'contacts:write',
  method: 'PATCH',
  path: '/v1/contacts/{id}/policies/{policyId}',
  summary: 'Change a policy (same client rule as create)',
  params: policyParams,
  body: updatePolicyBody,
  response: policyResponse,
});

export const deletePolicy = contactEndpoint({
  scope: 'contacts:write',
  method: 'DELETE',
  path: '/v1/contacts/{id}/policies/{policyId}',
  summary: 'Delete a policy',
  params: policyParams,
  response: null,
});

// ---------------------------------------------------------------------------------------------
// Securities (spec: GET and POST /contacts/{id}/securities; PATCH and DELETE .../{securityId})
// ---------------------------------------------------------------------------------------------

export const SECURITY_TYPES = ['stock', 'bond', 'mutual_fund', 'etf', 'annuity', 'cd', 'ira', 'roth_ira', '401k', '403b', 'brokerage', 'other'] as const;
export const SECURITY_TYPE_LABELS: Record<(typeof SECURITY_TYPES)[number], string> = {
  stock: 'Stock',
  bond: 'Bond',
  mutual_fund: 'Mutual fund',
  etf: 'ETF',
  annuity: 'Annuity',
  cd: 'CD',
  ira: 'IRA',
  roth_ira: 'Roth IRA',
  '401k': '401(k)',
  '403b': '403(b)',
  brokerage: 'Brokerage account',
  other: 'Other',
};

export const security = z.object({
  id: z.number().int(),
  contact_id: z.number().int(),
  security_type: z.enum(SECURITY_TYPES),
  name: z.string(),
  symbol: z.string().nullable(),
  institution: z.string().nullable(),
  /** Masked: only the last four characters are shown. */
  account_number: z.string().nullable(),
  quantity: z.number().nullable(),
  value: z.number().nullable(),
  as_of_date: z.string().nullable(),
  note: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type Security = z.infer<typeof security>;

const securityFields = {
  security_type: z.enum(SECURITY_TYPES, { error: 'Choose a type' }),
  name: requiredText('Name', 200),
  symbol: z
    .preprocess(
      (v) => (typeof v === 'string' ? blankToNull(v.trim().toUpperCase()) : v),
      z.string({ error: 'Symbol must be text' }).regex(/^[A-Z0-9.-]{1,12}$/, 'Symbol must be 1 to 12 letters or digits').nullable(),
    )
    .optional(),
  institution: optionalText('Institution', 200),
  account_number: optionalText('Account number', 50),
  quantity: z
    .preprocess(
      (v) => (typeof v === 'string' ? blankToNull(v.replace(/[,\s]/g, '')) : v),
      z.coerce.number({ error: 'Quantity must be a number' }).min(0, 'Quantity cannot be negative').max(1e12, 'Quantity is too large').nullable(),
    )
    .optional(),
  value: amount('Value'),
  as_of_date: optionalDate('As-of date'),
  note: optionalText('Note', 2000),
};
export const createSecurityBody = z.object(securityFields);
export const updateSecurityBody = z.object({ ...securityFields, security_type: securityFields.security_type.optional(), name: securityFields.name.optional() });
export type SecurityBody = z.input<typeof createSecurityBody>;

const securityParams = contactParams.extend({ securityId: recordId() });
const securityResponse = z.object({ data: security });

export const listSecurities = contactEndpoint({
  scope: 'contacts:read',
  method: 'GET',
  path: '/v1/contacts/{id}/securities',
  summary: "A contact's securities, newest first",
  params: contactParams,
  response: z.object({ data: z.array(security) }),
});

export const createSecurity = contactEndpoint({
  scope: 'contacts:write',
  method: 'POST',
  path: '/v1/contacts/{id}/securities',
  summary: 'Add a security',
  params: contactParams,
  body: createSecurityBody,
  response: securityResponse,
});

export const updateSecurity = contactEndpoint({
  scope: 'contacts:write',
  method: 'PATCH',
  path: '/v1/contacts/{id}/securities/{securityId}',
  summary: 'Change a security',
  params: securityParams,
  body: updateSecurityBody,
  response: securityResponse,
});

export const deleteSecurity = contactEndpoint({
  scope: 'contacts:write',
  method: 'DELETE',
  path: '/v1/contacts/{id}/securities/{securityId}',
  summary: 'Delete a security',
  params: securityParams,
  response: null,
});

// ---------------------------------------------------------------------------------------------
// Data captures (spec: GET and PATCH /contacts/{id}/data_capture with data_captures)
// ---------------------------------------------------------------------------------------------

/**
 * The needs-analysis questions an agent asks on a first call, offered when a contact has none yet
 * (agents may add their own questions).
 */
export const DEFAULT_DATA_CAPTURE_QUESTIONS = [
  'Current coverage',
  'Current carrier and plan',
  'Monthly budget',
  'Tobacco use',
  'Height and weight',
  'Health conditions',
  'Doctors to keep',
  'Preferred pharmacy',
  'Beneficiary',
  'Best time to call',
] as const;

export const dataCaptureEntry = z.object({
  question: requiredText('Question', 200),
  answer: z.preprocess((v) => (v === null ? '' : v), z.string({ error: 'Answer must be text' }).trim().max(2000, 'Answer must be at most 2000 characters')),
});

export const dataCapture = z.object({
  data_captures: z.array(z.object({ question: z.string(), answer: z.string() })),
  updated_at: timestamp.nullable(),
  updated_by: author,
});

export const showDataCapture = contactEndpoint({
  scope: 'contacts:read',
  method: 'GET',
  path: '/v1/contacts/{id}/data_capture',
  summary: "A contact's data-capture answers (the default questions with empty answers when none were saved)",
  params: contactParams,
  response: z.object({ data: dataCapture }),
});

export const updateDataCapture = contactEndpoint({
  scope: 'contacts:write',
  method: 'PATCH',
  path: '/v1/contacts/{id}/data_capture',
  summary: "Replace a contact's data-capture answers",
  params: contactParams,
  body: z.object({
    data_captures: z.array(dataCaptureEntry, { error: 'Answers must be a list' }).max(100, 'At most 100 questions'),
  }),
  response: z.object({ data: dataCapture }),
});

// ---------------------------------------------------------------------------------------------
// Rx details: prescriptions and pharmacy used for Medicare plan matching
// ---------------------------------------------------------------------------------------------

export const RX_FREQUENCIES = ['daily', 'twice_daily', 'weekly', 'monthly', 'as_needed'] as const;
export const RX_DAYS_SUPPLY = [30, 60, 90] as const;

export const prescriptionInput = z.object({
  drug_name: requiredText('Drug name', 200),
  strength: optionalText('Strength', 100),
  quantity: z.coerce.number({ error: 'Quantity must be a number' }).int('Quantity must be a whole number').min(1, 'Quantity must be 1 or more').max(1000, 'Quantity must be at most 1000'),
  frequency: z.enum(RX_FREQUENCIES, { error: 'Choose how often it is taken' }).default('daily'),
  days_supply: z.coerce
    .number({ error: 'Choose a supply' })
    .refine((n) => (RX_DAYS_SUPPLY as readonly number[]).includes(n), 'Choose a 30, 60 or 90 day supply')
    .default(30),
  generic_ok: z.boolean({ error: 'Must be true or false' }).default(true),
});

export const pharmacyInput = z.object({
  name: requiredText('Pharmacy name', 200),
  address: optionalText('Pharmacy address', 300),
  phone: optionalText('Pharmacy phone', 20),
  mail_order: z.boolean({ error: 'Must be true or false' }).default(false),
});

export const rxDetails = z.object({
  prescriptions: z.array(
    z.object({
      drug_name: z.string(),
      strength: z.string().nullable(),
      quantity: z.number().int(),
      frequency: z.enum(RX_FREQUENCIES),
      days_supply: z.number().int(),
      generic_ok: z.boolean(),
    }),
  ),
  pharmacy: z
    .object({ name: z.string(), address: z.string().nullable(), phone: z.string().nullable(), mail_order: z.boolean() })
    .nullable(),
  updated_at: timestamp.nullable(),
  updated_by: author,
});

export const showRxDetails = contactEndpoint({
  scope: 'contacts:read',
  method: 'GET',
  path: '/v1/contacts/{id}/rx_details',
  summary: "A contact's prescriptions and pharmacy (for Medicare plan matching)",
  params: contactParams,
  response: z.object({ data: rxDetails }),
});

export const updateRxDetails = contactEndpoint({
  scope: 'contacts:write',
  method: 'PATCH',
  path: '/v1/contacts/{id}/rx_details',
  summary: "Replace a contact's prescriptions and pharmacy",
  params: contactParams,
  body: z.object({
    prescriptions: z.array(prescriptionInput, { error: 'Prescriptions must be a list' }).max(50, 'At most 50 prescriptions'),
    pharmacy: pharmacyInput.nullable().default(null),
  }),
  response: z.object({ data: rxDetails }),
});

// ---------------------------------------------------------------------------------------------
// Activity, e-mail verification, linked contact, Medicare import, merge
// ---------------------------------------------------------------------------------------------

/** An activity as logged: its type, a call's outcome, and the note it added to the Notes tab (if any). */
export const loggedActivity = z.object({
  id: z.number().int(),
  type: z.enum(ACTIVITY_TYPES),
  outcome: z.enum(CALL_OUTCOMES).nullable(),
  note_id: z.number().int().nullable(),
  created_at: timestamp,
});
export type LoggedActivity = z.infer<typeof loggedActivity>;

/**
 * What Log call (text, e-mail, …) sends: the type, for a call how it went, and a note. An outcome
 * or a note becomes a note in the Notes tab ("Call — Left a voicemail: …").
 */
export const recordActivityFields = z.object({
  type: z.enum(ACTIVITY_TYPES, { error: 'Choose an activity type' }),
  outcome: z.enum(CALL_OUTCOMES, { error: 'Choose how the call went' }).nullish(),
  note: optionalText('Note', CONTACT_NOTE_MAX),
});
export const recordActivityBody = recordActivityFields
  .superRefine((body, ctx) => {
    if (body.outcome && body.type !== 'call') ctx.addIssue({ code: 'custom', path: ['outcome'], message: 'Only a call has an outcome' });
  });

export const recordActivity = contactEndpoint({
  scope: 'contacts:write',
  method: 'PUT',
  path: '/v1/contacts/{id}/activity_info',
  summary: 'Record an activity of the given type on a contact (it becomes last_activity_at / last_activity_type), with a call\'s outcome and a note',
  params: contactParams,
  body: recordActivityBody,
  response: contactResponse.extend({ activity: loggedActivity }),
});

/**
 * Undoes an activity the caller logged: it and the note it added go, and the contact's last
 * activity is the latest one left (or none). Another user's activity answers 404.
 */
export const undoActivity = contactEndpoint({
  scope: 'contacts:write',
  method: 'DELETE',
  path: '/v1/contacts/{id}/activity_info/{activityId}',
  summary: 'Undo an activity the caller logged on a contact (with the note it added)',
  params: contactParams.extend({ activityId: recordId() }),
  response: contactResponse,
});

const emailChoice = z.object({
  /** One e-mail of the contact; without it, every e-mail of the contact. */
  email_id: z.preprocess(blankToNull, recordId('Choose an e-mail of this contact').nullable()).optional(),
}).nullish();

export const forceVerifyEmail = contactEndpoint({
  scope: 'contacts:write',
  method: 'PATCH',
  path: '/v1/contacts/{id}/force_verify_email',
  summary: 'Mark e-mail addresses verified on the agent\'s word (verification "forced")',
  params: contactParams,
  body: emailChoice,
  response: contactResponse,
});

export const validateEmail = contactEndpoint({
  scope: 'contacts:write',
  method: 'PATCH',
  path: '/v1/contacts/{id}/validate_email',
  summary: "Check e-mail addresses: syntax and the domain's mail servers (valid, invalid, or unknown when DNS cannot tell)",
  params: contactParams,
  body: emailChoice,
  response: contactResponse,
});

export const updateLinkedContact = contactEndpoint({
  scope: 'contacts:write',
  method: 'PATCH',
  path: '/v1/contacts/{id}/update_linked_contact',
  summary: 'Link two contacts of one household both ways (null unlinks both)',
  params: contactParams,
  body: z.object({ linked_contact_id: z.preprocess(blankToNull, recordId('Choose a contact').nullable()) }),
  response: contactResponse,
});

/** What Medicare quoting needs from a contact; medicare_import_contact answers 422 beside each that is missing. */
export const MEDICARE_QUOTE_FIELDS = ['date_of_birth', 'zip', 'gender'] as const;

export const medicareImportContact = contactEndpoint({
  scope: 'contacts:write',
  method: 'PUT',
  path: '/v1/contacts/{id}/medicare_import_contact',
  summary: 'Make a contact ready for Medicare quoting: saves the Medicare fields given, requires date of birth, zip and gender, stamps medicare_imported_at',
  params: contactParams,
  body: z
    .object({
      medicare_number: z.string().optional(),
      part_a_date: optionalDate('Part A date'),
      part_b_date: optionalDate('Part B date'),
      date_of_birth: optionalDate('Date of birth'),
      zip: optionalText('Zip', 10),
      gender: z.preprocess(blankToNull, z.enum(['male', 'female', 'other'], { error: 'Choose a gender' }).nullable()).optional(),
    })
    .nullish(),
  response: contactResponse,
});

/** Contact fields whose surviving value a merge chooses (the rest of a contact moves as children). */
export const MERGE_FIELDS = [
  'first_name',
  'last_name',
  'category',
  'status_id',
  'agentflow_status_id',
  'source_id',
  'owner_id',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'date_of_birth',
  'gender',
  'language',
  'timezone',
  'medicare_number',
  'part_a_date',
  'part_b_date',
  'note',
] as const;
export type MergeField = (typeof MERGE_FIELDS)[number];

export const mergeContactsBody = z
  .object({
    survivor_id: recordId('Choose the contact that stays'),
    merged_ids: z
      .array(recordId('Must be a list of contact ids'), { error: 'Choose contacts to merge' })
      .min(1, 'Choose contacts to merge')
      .max(10, 'Merge at most 10 contacts at once'),
    /** For each field, the contact whose value survives (the survivor's own value when left out). */
    fields: z.partialRecord(z.enum(MERGE_FIELDS), recordId('Choose one of the merged contacts')).default({}),
  })
  .superRefine((body, ctx) => {
    if (body.merged_ids.includes(body.survivor_id)) {
      ctx.addIssue({ code: 'custom', path: ['merged_ids'], message: 'The contact that stays cannot also be merged away' });
    }
    const allowed = new Set([body.survivor_id, ...body.merged_ids]);
    for (const [field, id] of Object.entries(body.fields)) {
      if (id !== undefined && !allowed.has(id)) {
        ctx.addIssue({ code: 'custom', path: ['fields', field], message: 'Choose one of the merged contacts' });
      }
    }
  });
export type MergeContactsBody = z.input<typeof mergeContactsBody>;

export const mergeContacts = contactEndpoint({
  scope: 'contacts:write',
  method: 'PATCH',
  path: '/v1/contacts/merge',
  summary:
    'Merge contacts into survivor_id: chosen field values survive; phones, e-mails, notes, files, tags, policies, securities and activities move; merged contacts go to the trash (restore brings them and their children back)',
  flag: 'contact_merge',
  body: mergeContactsBody,
  response: contactResponse,
});

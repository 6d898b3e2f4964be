import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idParams, pagingMeta, timestamp } from './common.contract';
import { CONTACT_CATEGORIES, type ContactCategory } from './contacts.contract';

// ---------------------------------------------------------------------------------------------
// Import of lead and client lists (spec part 2 §3 import form, §4 import attempts, §7 Import)
// ---------------------------------------------------------------------------------------------

/** Largest import file. */
export const IMPORT_FILE_MAX_BYTES = 100 * 1024 * 1024;
export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
/** validate_import checks this many rows (the import itself reports every row). */
export const IMPORT_VALIDATE_ROWS = 1_000;
/** Rows shown in the wizard's preview. */
export const IMPORT_PREVIEW_ROWS = 10;

/** How the import reads a column's values, for its messages and the wizard ("use …"). */
export type ImportFieldInfo = {
  label: string;
  /** Header words that propose the field (compared without case, spaces or punctuation). */
  headers: readonly string[];
  /** What a value must be, as a message says it: "is not <what>: use <accepts>". */
  what?: string;
  accepts?: string;
};

export const IMPORT_DATE_FORMATS = 'MM/DD/YYYY, YYYY-MM-DD or M/D/YY';

/**
 * The contact fields a column can fill, with the header words that propose them. `phone`, `email`
 * and `note` may be given by several columns (each adds one); every other field by one column at
 * most.
 */
export const IMPORT_FIELDS = {
  first_name: { label: 'First name', headers: ['first', 'firstname', 'fname', 'givenname', 'forename'] },
  last_name: { label: 'Last name', headers: ['last', 'lastname', 'lname', 'surname', 'familyname'] },
  full_name: { label: 'Full name (first and last)', headers: ['name', 'fullname', 'contactname', 'leadname'] },
  phone: {
    label: 'Phone',
    headers: ['phone', 'phone1', 'phone2', 'phonenumber', 'telephone', 'tel', 'cell', 'cellphone', 'mobile', 'mobilephone', 'homephone', 'workphone', 'primaryphone', 'altphone'],
    what: 'a phone number',
    accepts: '10 digits, or 11 starting with 1, in any punctuation ((555) 201-0001, 1-555-201-0001)',
  },
  email: { label: 'E-mail', headers: ['email', 'email1', 'email2', 'emailaddress', 'mail'], what: 'an e-mail address', accepts: 'name@example.com' },
  category: {
    label: 'Category (lead, prospect or client)',
    headers: ['category', 'contactcategory', 'type', 'contacttype', 'customertype', 'clienttype', 'leadorclient'],
    what: 'a category',
    accepts: 'Lead, Prospect or Client',
  },
  address1: { label: 'Address', headers: ['address', 'address1', 'street', 'streetaddress', 'addressline1', 'mailingaddress'] },
  address2: { label: 'Address line 2', headers: ['address2', 'addressline2', 'apt', 'suite', 'unit'] },
  city: { label: 'City', headers: ['city', 'town'] },
  state: { label: 'State', headers: ['state', 'st', 'province'], what: 'a US state', accepts: "a two-letter code (FL) or the state's name (Florida)" },
  zip: { label: 'ZIP', headers: ['zip', 'zipcode', 'zip5', 'postalcode', 'postcode'], what: 'a ZIP code', accepts: '5 digits or ZIP+4 (12345-6789)' },
  date_of_birth: { label: 'Date of birth', headers: ['dob', 'dateofbirth', 'birthdate', 'birthday'], what: 'a date', accepts: IMPORT_DATE_FORMATS },
  gender: { label: 'Gender', headers: ['gender', 'sex'], what: 'a gender', accepts: 'Male, Female or Other (M or F)' },
  language: { label: 'Language', headers: ['language', 'lang'], what: 'a language', accepts: 'English, Spanish, French, Chinese, Korean or German' },
  timezone: { label: 'Time zone', headers: ['timezone', 'tz'], what: 'a time zone', accepts: 'EST, CST, MST, PST, AKST or HST' },
  medicare_number: { label: 'Medicare number', headers: ['medicare', 'medicarenumber', 'medicareid', 'mbi'], what: 'a Medicare number', accepts: '11 letters and digits' },
  part_a_date: { label: 'Part A date', headers: ['parta', 'partadate', 'partaeffectivedate'], what: 'a date', accepts: IMPORT_DATE_FORMATS },
  part_b_date: { label: 'Part B date', headers: ['partb', 'partbdate', 'partbeffectivedate'], what: 'a date', accepts: IMPORT_DATE_FORMATS },
  status: { label: 'Status (by title)', headers: ['status', 'leadstatus'], what: 'one of your statuses' },
  source: { label: 'Source (by title)', headers: ['source', 'leadsource'], what: 'one of your sources' },
  /** A note in the contact's Notes tab (by the importing user, dated at the import), not the quick note. */
  note: { label: 'Note (Notes tab)', headers: ['note', 'notes', 'comment', 'comments'] },
  /**
   * The id of a contact the importer may edit (the error file's Contact ID column): the row updates
   * that contact (fills its empty fields, adds new phones, e-mails and notes) instead of making one.
   */
  contact_id: { label: 'Contact ID (update that contact)', headers: ['contactid'], what: 'a contact id', accepts: 'the Contact ID column of an error file' },
} as const satisfies Record<string, ImportFieldInfo>;
export type ImportField = keyof typeof IMPORT_FIELDS;
export const IMPORT_FIELD_KEYS = Object.keys(IMPORT_FIELDS) as [ImportField, ...ImportField[]];
/** Fields that several columns may fill. */
export const IMPORT_MULTI_FIELDS: readonly ImportField[] = ['phone', 'email', 'note'];
/** The fields that identify a person: a row needs one of them (a name, or a valid phone or e-mail). */
export const IMPORT_IDENTITY_FIELDS: readonly ImportField[] = ['first_name', 'last_name', 'full_name', 'phone', 'email'];

/**
 * The error file's columns before the file's own: what happened to the row and why, then the id of
 * the contact it made or updated (filled for rows imported or updated with warnings, and for a row
 * refused as a repeat: the contact of the row it repeats). An error file
 * imported again keeps its report columns out of the mapping; its Contact ID column is proposed as
 * `contact_id`, so that a fixed row updates its contact instead of making a second one (a Contact ID
 * column of any other file is not proposed: a vendor's ids could name the importer's own contacts).
 */
export const IMPORT_ERROR_FILE_REPORT_COLUMNS = ['Row', 'Outcome', 'Columns', 'Problems'] as const;
export const IMPORT_ERROR_FILE_CONTACT_COLUMN = 'Contact ID';

/** The columns of a file that are an error file's report columns (the four it starts with), by index. */
export function errorFileReportColumns(headers: readonly string[]): Set<number> {
  const report = IMPORT_ERROR_FILE_REPORT_COLUMNS.every((name, i) => headers[i]?.trim() === name);
  return new Set(report ? IMPORT_ERROR_FILE_REPORT_COLUMNS.map((_, i) => i) : []);
}

/** `First Name` → `firstname`: how a header is compared with IMPORT_FIELDS' words. */
export function headerKey(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The words a category cell may hold, in any case: the category, its plural, and "customer" for a client. */
const CATEGORY_WORDS: Record<string, ContactCategory> = {
  lead: 'lead',
  leads: 'lead',
  prospect: 'prospect',
  prospects: 'prospect',
  client: 'client',
  clients: 'client',
  customer: 'client',
  customers: 'client',
};

/** The category a cell names ("Lead", "CLIENTS", "prospect"), or null. */
export function importCategory(text: string): ContactCategory | null {
  return CATEGORY_WORDS[text.trim().toLowerCase()] ?? null;
}

/**
 * Fields proposed by a column's values when its header names none: at least this many of the
 * sample's non-empty values, and this share of them, must be the field's.
 */
const BY_VALUES: { field: ImportField; matches: (value: string) => boolean }[] = [{ field: 'category', matches: (v) => importCategory(v) !== null }];
const BY_VALUES_MIN = 2;
const BY_VALUES_SHARE = 0.8;

/**
 * The proposed mapping of a file: each column's field by its header words, else by the values of
 * the sample rows (a column of "client", "Lead", "Prospect" is the category); a single-value field
 * to its first column only.
 */
export function proposeFields(headers: readonly string[], sample: readonly (readonly string[])[] = []): (ImportField | null)[] {
  const taken = new Set<ImportField>();
  const report = errorFileReportColumns(headers);
  const take = (field: ImportField | undefined): ImportField | null => {
    if (!field || (taken.has(field) && !IMPORT_MULTI_FIELDS.includes(field))) return null;
    taken.add(field);
    return field;
  };
  const byHeader = headers.map((header, column) => {
    if (report.has(column)) return null;
    const key = headerKey(header);
    const field = IMPORT_FIELD_KEYS.find((f) => (IMPORT_FIELDS[f].headers as readonly string[]).includes(key));
    // a bought list's own "Contact ID" numbers the vendor's rows, not this CRM's contacts: only an
    // error file's Contact ID is proposed (the importer can still map another column by hand)
    return take(field === 'contact_id' && report.size === 0 ? undefined : field);
  });
  return byHeader.map((field, column) => {
    if (field || report.has(column)) return field;
    const values = sample.map((row) => (row[column] ?? '').trim()).filter(Boolean);
    if (values.length < BY_VALUES_MIN) return null;
    return take(BY_VALUES.find((p) => !taken.has(p.field) && values.filter(p.matches).length >= values.length * BY_VALUES_SHARE)?.field);
  });
}

/** The mapping's own rules (the first message found, or null): something that identifies a person is mapped, a single field once. */
export function mappingProblem(fields: readonly (ImportField | null)[]): string | null {
  const seen = new Set<ImportField>();
  for (const field of fields) {
    if (!field) continue;
    if (seen.has(field) && !IMPORT_MULTI_FIELDS.includes(field)) return `${IMPORT_FIELDS[field].label} is mapped to more than one column`;
    seen.add(field);
  }
  if (!IMPORT_IDENTITY_FIELDS.some((f) => seen.has(f))) return 'Map a column to a name, a phone or an e-mail';
  return null;
}

const INT_MAX = 2_147_483_647;
const id = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: message }).int(message).positive(message).max(INT_MAX, message),
  );

/** Multipart fields arrive as text: JSON-valued fields are parsed first ('' means absent). */
function jsonField<T extends z.ZodType>(schema: T, message: string) {
  return z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return undefined;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
  }, schema);
}

const idArray = (what: string, max: number) =>
  z.array(id(`Choose ${what}`), { error: `Choose ${what}` }).max(max, `At most ${max} ${what}`);

export const importFieldsMapping = z
  .array(z.enum(IMPORT_FIELD_KEYS, { error: 'Choose a field or leave the column out' }).nullable(), { error: 'Map the columns' })
  .max(500, 'At most 500 columns')
  .superRefine((fields, ctx) => {
    const problem = mappingProblem(fields);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * Scrubbing (part 2 §3 scrub_against with updated_lead_tags): rows whose phone or e-mail matches a
 * live contact of the company (or an earlier row of the file), or the do-not-contact list, are
 * skipped and reported; the matched contacts the importer reaches get `updated_lead_tags`.
 */
export const scrubAgainst = z.object({
  phone: z.boolean().default(false),
  email: z.boolean().default(false),
  do_not_contact: z.boolean().default(false),
  updated_lead_tags: idArray('tags', 20).default([]),
});

/** The import form (part 2 §3), as multipart fields next to the file. */
const importOptionsShape = {
  /** A file sent before (import_attachments, validate_import) instead of a file part. */
  attachment_id: id('Choose a file').optional(),
  /** One entry per column: the field it fills, or null to leave it out. */
  fields: jsonField(importFieldsMapping, 'Map the columns'),
  /** Who owns the new contacts (the importer, or a user they reach); default the importer. */
  owner: id('Choose an owner').optional(),
  /** Tags every imported contact gets. */
  tags: jsonField(idArray('tags', 20), 'Choose tags').default([]),
  /** Users the rows are dealt to in turn (instead of one owner); each one the importer reaches. */
  pool: jsonField(idArray('users', 100), 'Choose users').default([]),
  scrub_against: jsonField(scrubAgainst, 'Choose what to scrub against').default({ phone: false, email: false, do_not_contact: false, updated_lead_tags: [] }),
  /** Lead tracking (flag import_lead_tracking): the vendor that sold the list, by id or a new name. */
  api_vendor_id: id('Choose a vendor').optional(),
  api_vendor_obj: jsonField(
    z.object({ vendor_name: z.string({ error: 'Vendor name is required' }).trim().min(1, 'Vendor name is required').max(100, 'Vendor name must be at most 100 characters') }),
    'Vendor name is required',
  ).optional(),
  lead_type: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string({ error: 'Lead type must be text' }).trim().max(100, 'Lead type must be at most 100 characters').optional(),
  ),
};

export const importOptions = z.object(importOptionsShape);
export type ImportOptions = z.infer<typeof importOptions>;

/** /contacts/import: the category is chosen in the form (leads_uploader and clients_uploader fix it). */
export const importBody = importOptions.extend({
  category: z.enum(CONTACT_CATEGORIES, { error: 'Choose a category (lead, prospect or client)' }).default('lead'),
});

/** validate_import: the mapping to check is optional (without it, the proposed one is checked). */
export const validateImportBody = z.object({
  attachment_id: importOptionsShape.attachment_id,
  fields: jsonField(z.array(z.enum(IMPORT_FIELD_KEYS, { error: 'Choose a field or leave the column out' }).nullable()).max(500), 'Map the columns').optional(),
  /** The scrubbing the import will do, so that the preview says which rows it skips (default: none, as the import's). */
  scrub_against: importOptionsShape.scrub_against,
});

/**
 * What the import makes of a row: a contact (`imports`), a contact with the values that failed
 * their rule left empty (`imports_with_warnings`), or nothing (`refused`: nothing identifies a
 * person, or it repeats an earlier row), or `skipped` by the scrubbing chosen (a match of an existing
 * contact, the do-not-contact list, or an earlier row's phone or e-mail).
 */
export const IMPORT_ROW_OUTCOMES = ['imports', 'imports_with_warnings', 'refused', 'skipped'] as const;
export type ImportRowOutcome = (typeof IMPORT_ROW_OUTCOMES)[number];

/**
 * A problem of one row. `row` is the row's number as a spreadsheet shows the file: the header is
 * row 1, a blank line is a row, and a quoted cell that spans lines stays in its one row.
 */
export const importRowProblem = z.object({
  row: z.number().int(),
  column: z.string().describe("The column's header as the file has it; '' for the row as a whole"),
  value: z.string().describe('The value as the file has it'),
  reason: z.string().describe('A sentence naming the column and the value, and what is accepted'),
  /** `warning`: the value is left out and the row imports; `refusal`: the row does not import. */
  severity: z.enum(['warning', 'refusal']),
});
export type ImportRowProblem = z.infer<typeof importRowProblem>;

export const importFile = z.object({
  id: z.number().int(),
  file_name: z.string(),
  format: z.enum(IMPORT_FORMATS),
  /** How the text was read: utf-8, utf-16le, utf-16be or windows-1252 (a file that is not UTF-8). */
  encoding: z.string(),
  byte_size: z.number().int(),
  created_at: timestamp,
});
export type ImportFile = z.infer<typeof importFile>;

export const importValidation = z.object({
  file: importFile,
  headers: z.array(z.string()),
  proposed_fields: z.array(z.enum(IMPORT_FIELD_KEYS).nullable()),
  /** The mapping checked: the one sent, or the proposed one. */
  fields: z.array(z.enum(IMPORT_FIELD_KEYS).nullable()),
  mapping_problem: z.string().nullable(),
  /** The first rows, each with what the import would make of it. */
  preview: z.array(
    z.object({
      row: z.number().int(),
      values: z.array(z.string()),
      outcome: z.enum(IMPORT_ROW_OUTCOMES),
    }),
  ),
  /** The checked rows (by number) that name (Contact ID) a contact the caller may edit: each updates that contact instead of making one. */
  updating_rows: z.array(z.number().int()),
  /** The checked rows the scrubbing sent (scrub_against) skips, as the import will. */
  skipped_rows: z.array(z.number().int()),
  rows_checked: z.number().int(),
  /** Whether the file has more rows than were checked. */
  more_rows: z.boolean(),
  /** The checked rows by outcome. */
  outcomes: z.object({ imports: z.number().int(), imports_with_warnings: z.number().int(), refused: z.number().int(), skipped: z.number().int() }),
  /** Every problem of the checked rows, in row order. */
  problems: z.array(importRowProblem),
});
export type ImportValidation = z.infer<typeof importValidation>;

export const IMPORT_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export const importAttempt = z.object({
  id: z.number().int(),
  file_name: z.string(),
  category: z.enum(CONTACT_CATEGORIES),
  status: z.enum(IMPORT_STATUSES),
  /** Its worker stopped (a crash, a restart) mid-run: it resumes by itself from its checkpoint. */
  interrupted: z.boolean(),
  /** 0 to 100, by the part of the file read. */
  progress: z.number().int(),
  /** Rows read so far (all of them when done). */
  processed_rows: z.number().int(),
  /** Contacts made, those with warnings included. */
  imported_count: z.number().int(),
  /** Rows skipped by scrubbing (matches and the do-not-contact list). */
  skipped_count: z.number().int(),
  /** Rows refused: nothing identifies a person, or the row repeats an earlier one. */
  error_count: z.number().int(),
  /** Rows that updated the contact they name (a Contact ID column: an error file fixed and imported again). */
  updated_count: z.number().int(),
  /** Rows imported or updated with values left out (their warnings are in the error file); counted in imported_count or updated_count too. */
  warning_count: z.number().int(),
  /** Why the attempt failed (a file that cannot be read, a job that ran out of tries). */
  failure: z.string().nullable(),
  user: z.object({ id: z.number().int(), name: z.string() }),
  owner: z.object({ id: z.number().int(), name: z.string() }),
  api_vendor: z.object({ id: z.number().int(), vendor_name: z.string() }).nullable(),
  lead_type: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  finished_at: timestamp.nullable(),
});
export type ImportAttempt = z.infer<typeof importAttempt>;

export const importAttemptResponse = z.object({ data: importAttempt });

const importFormEndpoint = <const P extends string>(path: P, summary: string, body: z.ZodType) =>
  defineEndpoint({
    method: 'POST',
    path,
    summary,
    tag: 'import',
    scope: 'import:write',
    access: 'user',
    gate: 'enforced',
    bodyType: 'multipart',
    /** Documents the form: the server reads the multipart stream itself (a file part "file", the rest as fields). */
    body,
    response: importAttemptResponse,
  });

const fileField = z.object({ file: z.any().describe(`binary: CSV or XLSX, at most ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB`) });

export const validateImport = defineEndpoint({
  scope: 'import:write',
  method: 'POST',
  path: '/v1/contacts/validate_import',
  summary: `Read a file's header and first ${IMPORT_VALIDATE_ROWS} rows: proposed mapping, preview with each row's outcome, and every problem of those rows (nothing is imported; the file is kept for the import)`,
  tag: 'import',
  access: 'user',
  gate: 'enforced',
  bodyType: 'multipart',
  body: validateImportBody.extend(fileField.shape),
  response: z.object({ data: importValidation }),
});

export const uploadImportAttachment = defineEndpoint({
  scope: 'import:write',
  method: 'POST',
  path: '/v1/contacts/import_attachments',
  summary: 'Store a file for a later import (the answer names it by id)',
  tag: 'import',
  access: 'user',
  gate: 'enforced',
  bodyType: 'multipart',
  body: fileField,
  response: z.object({ data: importFile }),
});

export const startImport = importFormEndpoint('/v1/contacts/import', 'Import a file into contacts of the chosen category (a job; the attempt is answered at once)', importBody.extend(fileField.shape));
export const leadsUploader = importFormEndpoint('/v1/contacts/leads_uploader', 'Import a file as leads', importOptions.extend(fileField.shape));
export const clientsUploader = importFormEndpoint('/v1/contacts/clients_uploader', 'Import a file as clients', importOptions.extend(fileField.shape));
/** attachments_leads_uploader: the import form naming a stored file (no file part). */
export const attachmentsImportBody = importOptions.extend({ attachment_id: id('Choose a file') });
export const attachmentsLeadsUploader = importFormEndpoint('/v1/contacts/attachments_leads_uploader', 'Import a stored file (attachment_id) as leads', attachmentsImportBody);

export const IMPORT_ATTEMPT_FILTERS = ['status', 'file_name', 'category'] as const;
/** `mine`: the caller's imports; `all`: every import the caller reaches (their own and their downline's; the company's for administrators). */
export const IMPORT_ATTEMPT_TABS = ['mine', 'all'] as const;

export const listImportAttempts = defineEndpoint({
  scope: 'import:read',
  method: 'GET',
  path: '/v1/contacts/import_attempts',
  summary: 'Import attempts, newest first',
  tag: 'import',
  access: 'user',
  gate: 'enforced',
  query: z.object({
    page: z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be at least 1').default(1),
    limit: z.coerce.number({ error: 'Limit must be a number' }).int('Limit must be a whole number').min(1, 'Limit must be at least 1').max(100, 'Limit must be at most 100').default(15),
    filter_by: z.enum(IMPORT_ATTEMPT_FILTERS, { error: 'Filter by status, file_name or category' }).optional(),
    filter_value: z.string().trim().max(200, 'Filter value must be at most 200 characters').optional(),
    tab: z.enum(IMPORT_ATTEMPT_TABS, { error: 'Choose the tab mine or all' }).default('mine'),
  }),
  response: z.object({ data: z.array(importAttempt), meta: pagingMeta }),
});

export const deleteImportAttempt = defineEndpoint({
  scope: 'import:write',
  method: 'DELETE',
  path: '/v1/contacts/delete_import_attempts/{id}',
  summary: 'Delete an import attempt, its file and its error rows (imported contacts stay; a running import stops)',
  tag: 'import',
  access: 'user',
  gate: 'enforced',
  params: idParams,
  response: null,
});

export const retryImportAttempt = defineEndpoint({
  scope: 'import:write',
  method: 'POST',
  path: '/v1/contacts/retry_failed_import_attempts/{id}',
  summary: 'Run a failed import again: it goes on from the last row it saved, so no contact is made twice',
  tag: 'import',
  access: 'user',
  gate: 'enforced',
  params: idParams,
  response: importAttemptResponse,
});

export const importAttemptErrors = defineEndpoint({
  scope: 'import:read',
  method: 'GET',
  path: '/v1/contacts/import_attempts/{id}/errors.csv',
  summary:
    'The rows an import imported or updated with warnings, skipped or refused, as one CSV: row number, outcome, the columns and problems (column, value, reason), the contact id of a row imported or updated with warnings, then the row as it was, to fix and import again (the Contact ID column makes a fixed row update its contact)',
  tag: 'import',
  access: 'user',
  gate: 'enforced',
  params: idParams,
  download: true,
  response: z.any().describe('CSV file'),
});

// Import settings: saved mappings ---------------------------------------------------------------

export const importSetting = z.object({
  id: z.number().int(),
  name: z.string(),
  headers: z.array(z.string()),
  fields: z.array(z.enum(IMPORT_FIELD_KEYS).nullable()),
  created_at: timestamp,
});
export type ImportSetting = z.infer<typeof importSetting>;

export const listImportSettings = defineEndpoint({
  scope: 'import:read',
  method: 'GET',
  path: '/v1/import_settings',
  summary: "The caller's saved import mappings",
  tag: 'import',
  access: 'user',
  gate: 'enforced',
  response: z.object({ data: z.array(importSetting) }),
});

export const createImportSetting = defineEndpoint({
  scope: 'import:write',
  method: 'POST',
  path: '/v1/import_settings',
  summary: 'Save a mapping by name (a mapping saved under the same name is replaced)',
  tag: 'import',
  access: 'user',
  gate: 'enforced',
  body: z.object({
    name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
    headers: z.array(z.string().max(200), { error: 'Headers must be a list' }).max(500, 'At most 500 columns'),
    fields: z.array(z.enum(IMPORT_FIELD_KEYS, { error: 'Choose a field or leave the column out' }).nullable(), { error: 'Map the columns' }).max(500),
  }).refine((body) => body.headers.length === body.fields.length, { message: 'Give a field (or null) for every header', path: ['fields'] }),
  response: z.object({ data: importSetting }),
});

export const deleteImportSetting = defineEndpoint({
  scope: 'import:write',
  method: 'DELETE',
  path: '/v1/import_settings/{id}',
  summary: 'Delete a saved mapping',
  tag: 'import',
  access: 'user',
  gate: 'enforced',
  params: idParams,
  response: null,
});

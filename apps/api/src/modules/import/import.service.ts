import type { Readable } from 'node:stream';
import { throughInspector } from '../../lib/upload-stream';
import { BRANDS, type BrandId } from '@crm/brand-config';
import {
  IMPORT_PREVIEW_ROWS,
  IMPORT_VALIDATE_ROWS,
  mappingProblem,
  proposeFields,
  type ContactCategory,
  type ImportAttempt,
  type ImportField,
  type ImportFile,
  type ImportOptions,
  type ImportRowOutcome,
  type ImportRowProblem,
  type ImportSetting,
  type ImportValidation,
  type PagingMeta,
} from '@crm/contract';
import { HttpError, notFound, unprocessable, type FieldErrors } from '../../lib/http-errors';
import { storageKey, type StorageProvider } from '../../vendors/storage/storage.provider';
import type { Broadcaster } from '../../realtime/broadcaster';
import { contactsImportStream } from '../../realtime/channels';
import { cleanFileName } from '../contact-files/contact-file-rules';
import { contactReach, type Reach } from '../contacts/contact-reach';
import type { ContactsCaller } from '../contacts/contacts.service';
import { fullName } from '../users/current-user';
import { createImportInspector, IMPORT_FILE_MESSAGES, importFormatOf, readImportRows } from './import-file';
import { columnName, createRowMapper, IMPORT_ROW_REASONS, notYourContact, scrubSkip, type ScrubChoice } from './import-rows';
import type { ImportAttemptRecord, ImportFileRow, ImportRepository, ScrubMatch } from './import.repository';
import type { JobRuns } from '../../jobs/queue';

/** An uploaded file as the multipart reader hands it over. */
export type IncomingImportFile = { fileName: string; stream: Readable; truncated: () => boolean };

/** What an import attempt keeps of its form (import_attempts.options), read again by the job. */
export type StoredImportOptions = Pick<ImportOptions, 'fields' | 'tags' | 'pool' | 'scrub_against'> & { reach: Reach };

export const IMPORT_JOB = 'contacts-import';

type Deps = {
  imports: ImportRepository;
  storage: StorageProvider;
  broadcaster: Broadcaster;
  jobs: JobRuns;
  ownerReachable: (reach: Reach, userId: number) => Promise<boolean>;
  /** The brand of a company: its keystroke filter applies to imported names. */
  companyBrand: (companyId: number) => Promise<BrandId>;
};

export function toImportFile(f: ImportFileRow): ImportFile {
  return { id: f.id, file_name: f.fileName, format: f.format as ImportFile['format'], encoding: f.encoding, byte_size: f.byteSize, created_at: f.createdAt.toISOString() };
}

export function toImportAttempt(a: ImportAttemptRecord, interrupted = false): ImportAttempt {
  const done = a.status === 'completed';
  const size = a.fileBytes;
  return {
    id: a.id,
    file_name: a.fileName,
    category: a.category as ContactCategory,
    status: a.status as ImportAttempt['status'],
    interrupted,
    progress: done ? 100 : size > 0 ? Math.min(99, Math.floor((a.readBytes / size) * 100)) : 0,
    processed_rows: a.processedRows,
    imported_count: a.importedCount,
    skipped_count: a.skippedCount,
    error_count: a.errorCount,
    updated_count: a.updatedCount,
    warning_count: a.warningCount,
    failure: a.failure,
    user: { id: a.user.id, name: fullName(a.user) },
    owner: { id: a.owner.id, name: fullName(a.owner) },
    api_vendor: a.apiVendor ? { id: a.apiVendor.id, vendor_name: a.apiVendor.vendorName } : null,
    lead_type: a.leadType,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
    finished_at: a.finishedAt ? a.finishedAt.toISOString() : null,
  };
}

/** Reads the header and up to `limit` data rows. */
async function head(storage: StorageProvider, file: ImportFileRow, limit: number) {
  const source = await storage.get(file.storageKey);
  if (!source) throw unprocessable({ file: IMPORT_FILE_MESSAGES.unreadable });
  let headers: string[] | null = null;
  const rows: { row: number; values: string[]; cleaned?: number[] }[] = [];
  let more = false;
  try {
    for await (const r of readImportRows(source, file.format as ImportFile['format'], file.encoding)) {
      if (!headers) headers = r.values;
      else if (rows.length < limit) rows.push(r);
      else {
        more = true;
        break;
      }
    }
  } catch (error) {
    throw unprocessable({ file: error instanceof Error && error.message.startsWith(IMPORT_FILE_MESSAGES.unreadable) ? error.message : IMPORT_FILE_MESSAGES.unreadable });
  } finally {
    source.destroy();
  }
  if (!headers?.some((h) => h.trim() !== '')) throw unprocessable({ file: IMPORT_FILE_MESSAGES.noHeader });
  return { headers, rows, more };
}

/** A mapping fitted to the header: one entry per column (missing ones left out). */
const fitted = (fields: readonly (ImportField | null)[], columns: number) => Array.from({ length: columns }, (_, i) => fields[i] ?? null);

/**
 * Imports (spec part 2 §3 import form, §4 attempts, §7 Import): files are stored first (checked by
 * name, first bytes and size, their text encoding learned on the way), validate_import reads the
 * head of one and proposes a mapping, and an import is an attempt that a job works through
 * (import.job.ts), broadcasting its progress on the contacts-import channel.
 */
export function createImportService({ imports, storage, broadcaster, jobs, ownerReachable, companyBrand }: Deps) {
  async function storeFile(caller: ContactsCaller, incoming: IncomingImportFile | undefined): Promise<ImportFileRow> {
    const fileName = incoming ? cleanFileName(incoming.fileName) : '';
    if (!incoming || !fileName) {
      incoming?.stream.resume();
      throw unprocessable({ file: IMPORT_FILE_MESSAGES.missing });
    }
    let format;
    try {
      format = importFormatOf(fileName);
    } catch (error) {
      incoming.stream.resume();
      throw error;
    }
    const key = storageKey('imports');
    const inspector = createImportInspector(format, incoming.truncated);
    try {
      await storage.put(key, throughInspector(incoming.stream, inspector));
    } catch (error) {
      incoming.stream.resume();
      if (error instanceof HttpError) throw error;
      throw unprocessable({ file: IMPORT_FILE_MESSAGES.unreadable });
    }
    return imports.createFile({
      companyId: caller.user.companyId,
      userId: caller.user.id,
      fileName,
      storageKey: key,
      format,
      encoding: inspector.encoding(),
      byteSize: inspector.bytes(),
    });
  }

  /** The file of a request: the one uploaded with it, or the caller's stored one it names. */
  async function fileOf(caller: ContactsCaller, attachmentId: number | undefined, uploaded: ImportFileRow | undefined): Promise<ImportFileRow> {
    if (uploaded) return uploaded;
    if (attachmentId === undefined) throw unprocessable({ file: IMPORT_FILE_MESSAGES.missing });
    const file = await imports.findFile(caller.user.id, attachmentId);
    if (!file) throw unprocessable({ attachment_id: 'The file is no longer there; upload it again' });
    return file;
  }

  async function announce(attempt: ImportAttemptRecord): Promise<void> {
    await broadcaster.broadcast(contactsImportStream(attempt.userId), { attempt: toImportAttempt(attempt) }).catch(() => undefined);
  }

  return {
    /** Stores an uploaded file (checked while it streams); the routes call it as the file part arrives. */
    storeFile,
    /** A stored file that no attempt uses is removed (a form refused after its file arrived). */
    async dropFile(file: ImportFileRow): Promise<void> {
      const key = await imports.deleteFileIfUnused(file.id);
      if (key) await storage.delete(key);
    },

    /**
     * The header, the proposed mapping (by headers and the values of the first rows), and, under the
     * mapping given (or proposed), what the import would make of each of the first rows: a preview
     * with each row's outcome, the outcomes counted, and every problem of those rows. A row that
     * repeats an earlier one of them is refused, as the import refuses it.
     */
    async validate(
      caller: ContactsCaller,
      body: { attachment_id?: number | undefined; fields?: (ImportField | null)[] | undefined; scrub_against?: ScrubChoice | undefined },
      uploaded: ImportFileRow | undefined,
    ): Promise<{ data: ImportValidation }> {
      const file = await fileOf(caller, body.attachment_id, uploaded);
      const { headers, rows, more } = await head(storage, file, IMPORT_VALIDATE_ROWS);
      const proposed = proposeFields(
        headers,
        rows.map((r) => r.values),
      );
      const fields = fitted(body.fields ?? proposed, headers.length);
      const problem = mappingProblem(fields);
      const problems: ImportRowProblem[] = [];
      const outcomes = new Map<number, ImportRowOutcome>();
      /** Rows that update the contact they name. */
      const updating = new Set<number>();
      /** Rows the scrubbing chosen skips. */
      const skipped = new Set<number>();
      const scrub = body.scrub_against ?? { phone: false, email: false, do_not_contact: false };
      if (!problem) {
        const [lookups, brand] = await Promise.all([imports.titleLookups(caller.user.companyId), companyBrand(caller.user.companyId)]);
        const mapRow = createRowMapper(headers, fields, { ...lookups, brand: BRANDS[brand] });
        const made = new Map<string, number>();
        const mappedRows = rows.map((r) => ({ ...r, mapped: mapRow(r.values, r.cleaned) }));
        // rows naming a contact update it when the caller may edit it, as the import will do
        const reach = contactReach(caller);
        const good = mappedRows.flatMap((r) => (r.mapped.ok ? [r.mapped.contact] : []));
        // the existing contacts the scrubbing chosen compares against, as the import looks them up
        const lookup = async (kind: 'phone' | 'email', on: boolean) => {
          const values = on ? [...new Set(good.flatMap((c) => (kind === 'phone' ? c.phones : c.emails)))] : [];
          const byValue = new Map<string, ScrubMatch[]>();
          for (const m of await imports.scrubMatches(kind, reach, values, 0)) byValue.set(m.value, [...(byValue.get(m.value) ?? []), m]);
          return byValue;
        };
        const [editable, phoneMatches, emailMatches] = await Promise.all([
          imports.editableContacts(reach, good.flatMap((c) => (c.contactId !== null ? [c.contactId] : []))),
          lookup('phone', scrub.phone || scrub.do_not_contact),
          lookup('email', scrub.email || scrub.do_not_contact),
        ]);
        const columns = { phone: columnName(headers, fields, 'phone', 'Phone'), email: columnName(headers, fields, 'email', 'E-mail') };
        /** The phones and e-mails of the rows kept so far, each with the first row that has it. */
        const kept = { phone: new Map<string, number>(), email: new Map<string, number>() };
        for (const { mapped, ...r } of mappedRows) {
          const earlier = mapped.ok ? made.get(mapped.key) : undefined;
          if (mapped.ok && earlier === undefined) made.set(mapped.key, r.row);
          const named = mapped.ok ? mapped.contact.contactId : null;
          const target = named !== null && editable.has(named) ? named : null;
          const skip =
            mapped.ok && earlier === undefined
              ? scrubSkip(scrub, { ...mapped.contact, target }, { phone: phoneMatches, email: emailMatches }, (kind, v) => kept[kind].get(v), columns)
              : null;
          const warnings = mapped.ok ? (named !== null && target === null ? [...mapped.warnings, notYourContact(headers, fields, named)] : mapped.warnings) : [];
          const found =
            !mapped.ok ? mapped.problems
            : earlier !== undefined ? [{ column: '', value: '', reason: IMPORT_ROW_REASONS.repeats(earlier), severity: 'refusal' as const }]
            : skip ? [{ column: skip.column, value: '', reason: skip.reason, severity: 'refusal' as const }, ...warnings]
            : warnings;
          problems.push(...found.map((p) => ({ row: r.row, ...p })));
          outcomes.set(r.row, skip ? 'skipped' : found.some((p) => p.severity === 'refusal') ? 'refused' : found.length ? 'imports_with_warnings' : 'imports');
          if (skip) skipped.add(r.row);
          else if (mapped.ok && earlier === undefined) {
            if (target !== null) updating.add(r.row);
            for (const p of mapped.contact.phones) if (!kept.phone.has(p)) kept.phone.set(p, r.row);
            for (const e of mapped.contact.emails) if (!kept.email.has(e)) kept.email.set(e, r.row);
          }
        }
      }
      const counted = { imports: 0, imports_with_warnings: 0, refused: 0, skipped: 0 };
      for (const outcome of outcomes.values()) counted[outcome] += 1;
      return {
        data: {
          file: toImportFile(file),
          headers,
          proposed_fields: proposed,
          fields,
          mapping_problem: problem,
          preview: rows.slice(0, IMPORT_PREVIEW_ROWS).map((r) => ({ row: r.row, values: r.values, outcome: outcomes.get(r.row) ?? 'refused' })),
          rows_checked: rows.length,
          more_rows: more,
          updating_rows: [...updating],
          skipped_rows: [...skipped],
          outcomes: counted,
          problems,
        },
      };
    },

    /** Checks the form, records the attempt and queues its job; the attempt is answered at once (queued). */
    async start(
      caller: ContactsCaller,
      category: ContactCategory,
      body: ImportOptions,
      uploaded: ImportFileRow | undefined,
    ): Promise<{ data: ImportAttempt }> {
      const reach = contactReach(caller);
      const companyId = caller.user.companyId;
      const errors: FieldErrors = {};
      const ownerId = body.owner ?? caller.user.id;
      if (!(await ownerReachable(reach, ownerId))) errors['owner'] = 'Choose an owner';
      for (const userId of body.pool) if (!(await ownerReachable(reach, userId))) errors['pool'] = 'Choose users you manage';
      const tagIds = [...new Set([...body.tags, ...body.scrub_against.updated_lead_tags])];
      const known = await imports.companyTagIds(companyId, tagIds);
      if (body.tags.some((id) => !known.has(id))) errors['tags'] = 'Choose tags of your company';
      if (body.scrub_against.updated_lead_tags.some((id) => !known.has(id))) errors['scrub_against'] = 'Choose tags of your company';
      if (body.api_vendor_id !== undefined && !(await imports.vendor(companyId, body.api_vendor_id))) errors['api_vendor_id'] = 'Choose a vendor';
      if (Object.keys(errors).length) throw unprocessable(errors);
      const file = await fileOf(caller, body.attachment_id, uploaded);
      const { headers } = await head(storage, file, 0);
      if (body.fields.length !== headers.length)
        throw unprocessable({ fields: `The file has ${headers.length} columns; map each of them (${body.fields.length} given)` });
      const apiVendorId =
        body.api_vendor_id ?? (body.api_vendor_obj ? await imports.vendorByName(companyId, body.api_vendor_obj.vendor_name) : null);
      const options: StoredImportOptions = {
        fields: body.fields,
        tags: body.tags,
        pool: body.pool,
        scrub_against: body.scrub_against,
        reach,
      };
      const id = await imports.createAttempt({
        companyId,
        userId: caller.user.id,
        ownerId: body.pool[0] ?? ownerId,
        fileId: file.id,
        fileName: file.fileName,
        category,
        options,
        headers,
        apiVendorId,
        leadType: body.lead_type ?? null,
      });
      await jobs.send(IMPORT_JOB, { attemptId: id }, { singletonKey: `import:${id}` });
      const attempt = await imports.attempt(id);
      if (!attempt) throw notFound('Import');
      await announce(attempt);
      return { data: toImportAttempt(attempt) };
    },

    async list(
      caller: ContactsCaller,
      query: { page: number; limit: number; filter_by?: 'status' | 'file_name' | 'category' | undefined; filter_value?: string | undefined; tab: 'mine' | 'all' },
    ): Promise<{ data: ImportAttempt[]; meta: PagingMeta }> {
      const reach = contactReach(caller, query.tab === 'mine' ? 'mine' : 'all_agents');
      const { rows, total } = await imports.listAttempts(reach, { page: query.page, limit: query.limit, filterBy: query.filter_by, filterValue: query.filter_value });
      const interrupted = await jobs.interrupted(IMPORT_JOB, 'attemptId', rows.map((row) => row.id));
      return {
        data: rows.map((row) => toImportAttempt(row, interrupted.has(String(row.id)))),
        meta: { current_page: query.page, limit: query.limit, total_count: total, total_pages: Math.ceil(total / query.limit) },
      };
    },

    /** Removes the attempt, its problem rows and (when no other attempt uses it) its file; contacts it made stay. */
    async remove(caller: ContactsCaller, id: number): Promise<void> {
      const attempt = await imports.reachableAttempt(contactReach(caller), id);
      if (!attempt) throw notFound('Import');
      const fileId = await imports.deleteAttempt(id);
      if (fileId !== null) {
        const key = await imports.deleteFileIfUnused(fileId);
        if (key) await storage.delete(key);
      }
    },

    async retry(caller: ContactsCaller, id: number): Promise<{ data: ImportAttempt }> {
      const attempt = await imports.reachableAttempt(contactReach(caller), id);
      if (!attempt) throw notFound('Import');
      if (attempt.status !== 'failed') throw unprocessable({ base: 'Only a failed import can be retried' });
      await imports.setStatus(id, 'queued');
      await jobs.send(IMPORT_JOB, { attemptId: id }, { singletonKey: `import:${id}` });
      const again = await imports.attempt(id);
      if (!again) throw notFound('Import');
      await announce(again);
      return { data: toImportAttempt(again) };
    },

    /** The attempt's rows with problems (refused, skipped, imported with warnings), for the error file. */
    async problemRows(caller: ContactsCaller, id: number) {
      const attempt = await imports.reachableAttempt(contactReach(caller), id);
      if (!attempt) throw notFound('Import');
      return {
        attempt,
        async *rows() {
          for (let after = 0; ; ) {
            const page = await imports.problems(id, after, 2000);
            if (!page.length) return;
            yield page;
            after = page.at(-1)?.rowNumber ?? after;
          }
        },
      };
    },

    announce,

    async listSettings(caller: ContactsCaller): Promise<{ data: ImportSetting[] }> {
      return { data: (await imports.listSettings(caller.user.id)).map(toImportSetting) };
    },
    async saveSetting(caller: ContactsCaller, body: { name: string; headers: string[]; fields: (ImportField | null)[] }): Promise<{ data: ImportSetting }> {
      return { data: toImportSetting(await imports.saveSetting(caller.user.id, body)) };
    },
    async deleteSetting(caller: ContactsCaller, id: number): Promise<void> {
      if (!(await imports.deleteSetting(caller.user.id, id))) throw notFound('Import setting');
    },
  };
}

function toImportSetting(s: { id: number; name: string; headers: string[]; fields: (string | null)[]; createdAt: Date }): ImportSetting {
  return { id: s.id, name: s.name, headers: s.headers, fields: s.fields as (ImportField | null)[], created_at: s.createdAt.toISOString() };
}

export type ImportService = ReturnType<typeof createImportService>;

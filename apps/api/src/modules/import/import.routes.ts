import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  attachmentsImportBody,
  endpoints,
  errorFileReportColumns,
  IMPORT_ERROR_FILE_CONTACT_COLUMN,
  IMPORT_ERROR_FILE_REPORT_COLUMNS,
  IMPORT_FILE_MAX_BYTES,
  importBody,
  importOptions,
  validateImportBody,
  type ContactCategory,
} from '@crm/contract';
import type { AppContext } from '../../context';
import { fileHeaders } from '../../lib/file-response';
import { unprocessable, type FieldErrors } from '../../lib/http-errors';
import { requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';
import { refusingBadText } from '../../plugins/validation';
import { Readable } from 'node:stream';
import { csvLine, safeCell } from '../export/export-writers';
import { IMPORT_FILE_MESSAGES } from './import-file';
import type { ImportFileRow } from './import.repository';
import { toImportFile } from './import.service';

type Form = { fields: Record<string, string>; file: ImportFileRow | undefined };

/** The error file's Outcome column, by the kind of problem row. */
const PROBLEM_OUTCOMES: Record<string, string> = { warning: 'imported with warnings', updated: 'updated with warnings', skipped: 'skipped', invalid: 'refused' };

/**
 * Reads an import form: text fields as they come, and the file part ("file") stored as it arrives
 * (checked on the way by the import service). A form the parser cannot read is a 422.
 */
async function readForm(request: FastifyRequest, ctx: AppContext): Promise<Form> {
  const form: Form = { fields: {}, file: undefined };
  if (!request.isMultipart()) throw unprocessable({ file: IMPORT_FILE_MESSAGES.missing });
  const caller = requireIdentity(request);
  try {
    for await (const part of readableParts(request)) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
      } else if (part.fieldname === 'file' && !form.file) {
        form.file = await ctx.imports.storeFile(caller, { fileName: part.filename, stream: part.file, truncated: () => part.file.truncated });
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    if (form.file) await ctx.imports.dropFile(form.file);
    throw error;
  }
  return form;
}

/**
 * The parts of a multipart request as the parser reads them; whatever the parser cannot read (no
 * boundary, a boundary the body does not use, a body cut off, a limit passed) is a 422.
 */
async function* readableParts(request: FastifyRequest) {
  const unreadable = () => unprocessable({ file: IMPORT_FILE_MESSAGES.unreadable });
  let parts;
  try {
    parts = request.parts({ limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 1 } })[Symbol.asyncIterator]();
  } catch {
    throw unreadable();
  }
  for (;;) {
    let next;
    try {
      next = await parts.next();
    } catch {
      throw unreadable();
    }
    if (next.done) return;
    yield next.value;
  }
}

/** The form's fields by the endpoint's schema: per-field 422 (and the file just stored is dropped). */
async function parseForm<S extends z.ZodType>(ctx: AppContext, schema: S, form: Form): Promise<z.infer<S>> {
  const parsed = refusingBadText(schema).safeParse(form.fields);
  if (parsed.success) return parsed.data;
  if (form.file) await ctx.imports.dropFile(form.file);
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path.map(String).join('.') || 'base'] ??= issue.message;
  throw unprocessable(errors);
}

export function registerImportRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, endpoints.uploadImportAttachment, async (request) => {
    const form = await readForm(request, ctx);
    if (!form.file) throw unprocessable({ file: IMPORT_FILE_MESSAGES.missing });
    return { data: toImportFile(form.file) };
  });

  route(app, ctx, endpoints.validateImport, async (request) => {
    const form = await readForm(request, ctx);
    return ctx.imports.validate(requireIdentity(request), await parseForm(ctx, validateImportBody, form), form.file);
  });

  route(app, ctx, endpoints.startImport, async (request) => {
    const form = await readForm(request, ctx);
    const body = await parseForm(ctx, importBody, form);
    return ctx.imports.start(requireIdentity(request), body.category, body, form.file);
  });

  const uploader = (category: ContactCategory) => async (request: FastifyRequest) => {
    const form = await readForm(request, ctx);
    return ctx.imports.start(requireIdentity(request), category, await parseForm(ctx, importOptions, form), form.file);
  };
  route(app, ctx, endpoints.leadsUploader, uploader('lead'));
  route(app, ctx, endpoints.clientsUploader, uploader('client'));
  route(app, ctx, endpoints.attachmentsLeadsUploader, async (request) => {
    const form = await readForm(request, ctx);
    const body = await parseForm(ctx, attachmentsImportBody, form);
    return ctx.imports.start(requireIdentity(request), 'lead', body, undefined);
  });

  route(app, ctx, endpoints.listImportAttempts, (request) => ctx.imports.list(requireIdentity(request), request.query));
  route(app, ctx, endpoints.deleteImportAttempt, (request) => ctx.imports.remove(requireIdentity(request), request.params.id));
  route(app, ctx, endpoints.retryImportAttempt, (request) => ctx.imports.retry(requireIdentity(request), request.params.id));

  route(app, ctx, endpoints.importAttemptErrors, async (request, reply) => {
    const { attempt, rows } = await ctx.imports.problemRows(requireIdentity(request), request.params.id);
    // The file's own columns: an error file imported again leaves out its report columns and the
    // contact ids it was given (this file's Contact ID column says them again, checked by this import).
    const fields = (attempt.options as { fields?: (string | null)[] }).fields ?? [];
    const report = errorFileReportColumns(attempt.headers);
    const own = attempt.headers.flatMap((_, i) => (report.has(i) || fields[i] === 'contact_id' ? [] : [i]));
    // one CSV to fix and import again: what happened to each row and why, the contact it made or updated, then the row as the file had it
    async function* file() {
      yield `\uFEFF${csvLine([...IMPORT_ERROR_FILE_REPORT_COLUMNS, IMPORT_ERROR_FILE_CONTACT_COLUMN, ...own.map((i) => attempt.headers[i] ?? '')].map(safeCell))}`;
      for await (const page of rows()) {
        yield page
          .map((p) => {
            const columns = [...new Set(p.problems.map((x) => x.column).filter(Boolean))].join('; ');
            // a warning's reason names its column already; a scrub's or an older import's does not
            const reasons = p.problems.map((x) => (!x.column || x.reason.startsWith(x.column) ? x.reason : `${x.column}: ${x.reason}`)).join('; ');
            const contact = p.contactId === null ? '' : String(p.contactId);
            return csvLine([String(p.rowNumber), PROBLEM_OUTCOMES[p.kind] ?? p.kind, columns, reasons, contact, ...own.map((i) => p.values[i] ?? '')].map(safeCell));
          })
          .join('');
      }
    }
    const base = attempt.fileName.replace(/\.[^.]+$/, '');
    return reply.headers(fileHeaders({ fileName: `${base}-errors.csv`, contentType: 'text/csv; charset=utf-8' })).send(Readable.from(file()));
  });

  route(app, ctx, endpoints.listImportSettings, (request) => ctx.imports.listSettings(requireIdentity(request)));
  route(app, ctx, endpoints.createImportSetting, (request) => ctx.imports.saveSetting(requireIdentity(request), request.body));
  route(app, ctx, endpoints.deleteImportSetting, (request) => ctx.imports.deleteSetting(requireIdentity(request), request.params.id));
}

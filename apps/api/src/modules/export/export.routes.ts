import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints, ROW_ESTIMATE_HEADER, type ExportFormat } from '@crm/contract';
import type { AppContext } from '../../context';
import { requireIdentity } from '../../plugins/auth';
import { route } from '../../plugins/routes';
import { fileHeaders } from '../../lib/file-response';
import { callerTimeZone, type SelectionInput } from '../contacts/contacts.service';
import { csvFile, xlsxStream } from './export-writers';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * PATCH /v1/export.csv and .xlsx: the selection's contacts streamed as a file named
 * contacts-<date>.<format> (the date in the caller's time zone). Bad input and contacts outside
 * the reach are refused (422, 404) before anything is sent; then the headers (with the row
 * estimate) and the file's start leave at once, and the rows follow as the database writes them.
 */
export function registerExportRoutes(app: FastifyInstance, ctx: AppContext): void {
  async function send(format: ExportFormat, request: FastifyRequest, selection: SelectionInput, reply: FastifyReply) {
    const caller = requireIdentity(request);
    const onError = (error: unknown) => request.log.error({ err: error }, 'export failed');
    const { estimate, file } =
      format === 'csv'
        ? await ctx.contacts.exportCsv(caller, selection).then(({ estimate, rows }) => ({ estimate, file: csvFile(rows) }))
        : await ctx.contacts.exportRows(caller, selection).then(({ estimate, batches }) => ({ estimate, file: xlsxStream(batches, onError) }));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: callerTimeZone(caller) }).format(new Date());
    return reply
      .headers({ ...fileHeaders({ fileName: `contacts-${today}.${format}`, contentType: CONTENT_TYPES[format] }), [ROW_ESTIMATE_HEADER]: String(estimate) })
      .send(file);
  }
  route(app, ctx, endpoints.exportContactsCsv, (request, reply) => send('csv', request, request.body, reply));
  route(app, ctx, endpoints.exportContactsXlsx, (request, reply) => send('xlsx', request, request.body, reply));
}

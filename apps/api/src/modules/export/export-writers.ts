import { PassThrough, Readable } from 'node:stream';
import { EXPORT_COLUMNS } from '@crm/contract';
import type { ExportRow } from '../contacts/contacts.repository';

/**
 * Text a spreadsheet would take for a formula gets a leading apostrophe. The export's values come
 * that way from its query (contacts.repository spreadsheetSafe); this is the same rule for files
 * written from values in Node (an import's error file).
 */
export function safeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A row of an export as cells: empty for null (the values are formatted by the query). */
const cells = (row: ExportRow) => EXPORT_COLUMNS.map(([key]) => row[key] ?? '');

/**
 * One CSV line (RFC 4180): a cell with a comma, quote or line break is quoted, its quotes doubled.
 * Lines end with \n, as PostgreSQL's COPY writes them (the export's rows).
 */
export function csvLine(values: readonly (string | number)[]): string {
  return values.map((v) => (typeof v === 'string' && /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : String(v))).join(',') + '\n';
}

/**
 * The CSV export: a UTF-8 byte order mark (so that spreadsheets read accents) and the header at
 * once, then the rows as PostgreSQL writes them, as they come. A failure after the start ends the
 * answer cut short (the browser's download fails rather than saving part of a file); destroying
 * the result (the browser went away) destroys the rows' stream and ends its queries.
 */
export function csvFile(rows: Readable): Readable {
  const out = Readable.from(
    (async function* () {
      yield `\uFEFF${csvLine(EXPORT_COLUMNS.map(([, header]) => header))}`;
      yield* rows;
    })(),
  );
  out.once('close', () => rows.destroy());
  return out;
}

/** The rows as an XLSX workbook (one sheet), written as they come by ExcelJS's streaming writer. */
export function xlsxStream(batches: AsyncIterable<ExportRow[]>, onError: (error: unknown) => void): Readable {
  const out = new PassThrough();
  void (async () => {
    // loaded when a workbook is asked for (27 MB of the process's memory otherwise)
    const { default: Excel } = await import('exceljs');
    const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
    const sheet = workbook.addWorksheet('Contacts');
    sheet.columns = EXPORT_COLUMNS.map(([key, header]) => ({ key, header, width: 18 }));
    for await (const batch of batches) {
      // the browser went away: leaving the loop ends the batches' query and frees its connection
      if (out.destroyed) return;
      for (const row of batch) sheet.addRow(cells(row)).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    onError(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

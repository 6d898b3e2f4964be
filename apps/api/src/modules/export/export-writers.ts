import { PassThrough, Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { EXPORT_COLUMNS, type ExportColumn } from '@crm/contract';
import type { ExportRow } from '../contacts/contacts-export.repository';

/**
 * Text a spreadsheet would take for a formula gets a leading apostrophe. The export's values come
 * that way from its query (contacts-export.repository spreadsheetSafe); this is the same rule for files
 * written from values in Node (an import's error file).
 */
export function safeCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

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

/** How the XLSX writes a column: a number, a calendar day, a moment (in the caller's zone, minutes), or text (the rest). */
const XLSX_KINDS: Partial<Record<ExportColumn, 'number' | 'date' | 'datetime'>> = {
  id: 'number',
  date_of_birth: 'date',
  part_a_date: 'date',
  part_b_date: 'date',
  created_at: 'datetime',
  updated_at: 'datetime',
};
/** Formats of date cells: as the screens write dates (MM/DD/YYYY), moments with their time. */
const XLSX_FORMATS = { date: 'mm/dd/yyyy', datetime: 'mm/dd/yyyy hh:mm' } as const;

/**
 * "YYYY-MM-DD" or "YYYY-MM-DD HH:MI" (as the export's query writes them, already in the caller's
 * zone) as the Date whose UTC fields are those: a spreadsheet's dates have no zone, and ExcelJS
 * writes a Date's UTC fields.
 */
function spreadsheetDate(text: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}))?$/.exec(text);
  if (!m) return null;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0)));
}

/**
 * A value as an XLSX cell: numbers and dates typed; text as an inline string (rich text of one run:
 * ExcelJS writes it as `t="inlineStr"`), which a spreadsheet shows as it is and never evaluates, so
 * it needs no apostrophe (the formula guard is the CSV's); empty for null.
 */
function xlsxCell(column: ExportColumn, value: string | number | null): ExcelJS.CellValue {
  if (value === null || value === '') return null;
  const kind = XLSX_KINDS[column];
  if (kind === 'number') return Number(value);
  if (kind === 'date' || kind === 'datetime') return spreadsheetDate(String(value)) ?? { richText: [{ text: String(value) }] };
  return { richText: [{ text: String(value) }] };
}

/**
 * The rows as an XLSX workbook (one sheet, its header row frozen), written as they come by
 * ExcelJS's streaming writer: numbers as numbers, dates as date cells with a date format, text as
 * inline strings (no shared-strings table held in memory for a million rows).
 */
export function xlsxStream(batches: AsyncIterable<ExportRow[]>, onError: (error: unknown) => void): Readable {
  const out = new PassThrough();
  void (async () => {
    // loaded when a workbook is asked for (27 MB of the process's memory otherwise)
    const { default: Excel } = await import('exceljs');
    const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
    const sheet = workbook.addWorksheet('Contacts', { views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }] });
    sheet.columns = EXPORT_COLUMNS.map(([key]) => {
      const kind = XLSX_KINDS[key];
      return { key, width: kind === 'datetime' ? 18 : kind === 'date' ? 12 : kind === 'number' ? 10 : 18 };
    });
    // one style object a column, shared by its cells: ExcelJS registers a style object once (a
    // WeakMap), where a style per cell (numFmt set cell by cell) cost it a lookup for every cell
    const styles = EXPORT_COLUMNS.map(([key]) => {
      const kind = XLSX_KINDS[key];
      return kind === 'date' || kind === 'datetime' ? { numFmt: XLSX_FORMATS[kind] } : {};
    });
    const bold = { font: { bold: true } };
    const header = sheet.addRow(EXPORT_COLUMNS.map(([, title]) => ({ richText: [{ text: title }] })));
    header.eachCell((cell) => {
      cell.style = bold;
    });
    header.commit();
    for await (const batch of batches) {
      // the browser went away: leaving the loop ends the batches' query and frees its connection
      if (out.destroyed) return;
      for (const row of batch) {
        const line = sheet.addRow(EXPORT_COLUMNS.map(([key]) => xlsxCell(key, row[key])));
        line.eachCell((cell, column) => {
          cell.style = styles[column - 1] as Partial<ExcelJS.Style>;
        });
        line.commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    onError(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

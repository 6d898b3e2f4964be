import { isUtf8 } from 'node:buffer';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import { IMPORT_FILE_MAX_BYTES, type ImportFormat } from '@crm/contract';
import { unprocessable } from '../../lib/http-errors';
import { textProblem, withoutRefusedText } from '../../lib/refused-text';

export const IMPORT_FILE_MESSAGES = {
  missing: 'Choose a CSV or Excel (.xlsx) file',
  type: 'The file must be a CSV (.csv, .txt) or an Excel workbook (.xlsx)',
  notXlsx: 'The file does not look like an Excel workbook (.xlsx)',
  empty: 'The file is empty',
  tooLarge: `The file is larger than ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB`,
  unreadable: 'The file could not be read. Save it as CSV (UTF-8) or .xlsx and try again.',
  noHeader: 'The file has no header row',
} as const;

const refuse = (message: string) => unprocessable({ file: message });

/** The format a file name says: .csv and .txt are CSV, .xlsx a workbook; anything else is refused. */
export function importFormatOf(fileName: string): ImportFormat {
  const extension = fileName.toLowerCase().split('.').pop();
  if (extension === 'csv' || extension === 'txt') return 'csv';
  if (extension === 'xlsx') return 'xlsx';
  throw refuse(IMPORT_FILE_MESSAGES.type);
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** Carry over this many bytes at most between chunks: a UTF-8 character has 4 bytes at most. */
const UTF8_TAIL = 3;

/** How many bytes at the end of `chunk` start a UTF-8 character that the next chunk finishes. */
function unfinishedUtf8(chunk: Buffer): number {
  for (let back = 1; back <= Math.min(UTF8_TAIL, chunk.length); back++) {
    const byte = chunk[chunk.length - back] as number;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > back ? back : 0;
  }
  return 0;
}

/**
 * A pass-through for an upload on its way to storage that learns how to read it: an .xlsx must
 * be a zip; a CSV's text is UTF-16 with its byte-order mark, UTF-8 when every byte sequence is
 * valid UTF-8 (a BOM or not), else Windows-1252 (what Excel on Windows writes "CSV" in). Refuses an
 * empty file and one the multipart parser cut off at the size limit; counts the bytes.
 */
export function createImportInspector(format: ImportFormat, truncated: () => boolean) {
  let bytes = 0;
  let head: Buffer | null = Buffer.alloc(0);
  let utf8 = true;
  let tail = Buffer.alloc(0);
  const inspector = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      bytes += chunk.length;
      if (head !== null && head.length < 4) {
        head = Buffer.concat([head, chunk]).subarray(0, 4);
        if (head.length >= 4 && format === 'xlsx' && !head.equals(ZIP_MAGIC)) return callback(refuse(IMPORT_FILE_MESSAGES.notXlsx));
      }
      if (format === 'csv' && utf8) {
        const text = tail.length ? Buffer.concat([tail, chunk]) : chunk;
        const keep = unfinishedUtf8(text);
        utf8 = isUtf8(text.subarray(0, text.length - keep));
        tail = Buffer.from(text.subarray(text.length - keep));
      }
      callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      if (truncated()) return callback(refuse(IMPORT_FILE_MESSAGES.tooLarge));
      if (bytes === 0) return callback(refuse(IMPORT_FILE_MESSAGES.empty));
      if (format === 'xlsx' && !head?.subarray(0, 4).equals(ZIP_MAGIC)) return callback(refuse(IMPORT_FILE_MESSAGES.notXlsx));
      if (tail.length) utf8 = false;
      callback();
    },
  });
  return Object.assign(inspector, {
    bytes: () => bytes,
    /** Known once the stream has ended. */
    encoding: (): string => {
      if (format === 'xlsx') return 'utf-8';
      const first = head ?? Buffer.alloc(0);
      if (first[0] === 0xff && first[1] === 0xfe) return 'utf-16le';
      if (first[0] === 0xfe && first[1] === 0xff) return 'utf-16be';
      return utf8 ? 'utf-8' : 'windows-1252';
    },
  });
}

/**
 * One row of a file: its number as a spreadsheet shows the file (the header is row 1), its cells as
 * text, and how far into the file it ends. In a CSV a blank line is a row (Excel, LibreOffice and
 * Google Sheets show it as an empty one) and a quoted cell that spans lines stays in its one row, so
 * the number is the one the user sees beside the row when they open the file to fix it.
 */
/** `cleaned`: the columns whose cell lost characters no text may hold (lib/refused-text.ts), when there are any. */
export type FileRow = { row: number; values: string[]; bytes: number; cleaned?: number[] };

/** A row's cells without the characters no text may hold, and which columns lost some. */
function cleanRow(row: number, cells: string[], bytes: number): FileRow {
  let cleaned: number[] | undefined;
  const values = cells.map((cell, index) => {
    if (textProblem(cell) === undefined) return cell;
    (cleaned ??= []).push(index);
    return withoutRefusedText(cell);
  });
  return cleaned ? { row, values, bytes, cleaned } : { row, values, bytes };
}

/** Text decoding as a stream step (the byte-order mark is dropped). */
function decoder(encoding: string): Transform {
  const text = new TextDecoder(encoding);
  return new Transform({
    // strings out as they are (not turned back into UTF-8 bytes)
    readableObjectMode: true,
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, text.decode(chunk, { stream: true }));
    },
    flush(callback) {
      callback(null, text.decode());
    },
  });
}

/** Counts the bytes that pass (how far the reader is into the file). */
function byteCounter(): Transform & { bytes: () => number } {
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  return Object.assign(counter, { bytes: () => bytes });
}

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('hyperlink' in value) return String(value.hyperlink);
    return '';
  }
  return String(value);
};

/** `info`: each record comes with the parser's counts, whose records + empty lines is the row's spreadsheet number. */
const CSV_OPTIONS = { relax_column_count: true, relax_quotes: true, skip_empty_lines: true, bom: true, trim: true, info: true } as const;
type ParsedRecord = { record: string[]; info: { records: number; empty_lines: number } };
const isBlank = (values: readonly string[]) => values.every((v) => v === '');

/** The separator of a CSV: whichever of comma, semicolon and tab its first line has most of (outside quotes). */
export function sniffDelimiter(text: string): string {
  const counts = new Map([[',', 0], [';', 0], ['\t', 0]]);
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && counts.has(c)) counts.set(c, (counts.get(c) ?? 0) + 1);
  }
  return [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best), [',', 0])[0];
}

/**
 * The rows of a stored import file, header first, as text cells. CSV (csv-parse): comma, semicolon
 * or tab separated (sniffDelimiter), quotes per RFC 4180 and forgiving of stray ones,
 * rows of any length; a workbook: its first sheet, dates as YYYY-MM-DD. Blank rows (and rows of
 * empty cells) are left out, but keep their number (FileRow).
 */
export async function* readImportRows(source: Readable, format: ImportFormat, encoding: string): AsyncGenerator<FileRow> {
  const counter = byteCounter();
  source.on('error', (error) => counter.destroy(error));
  source.pipe(counter);
  if (format === 'csv') {
    const text = counter.pipe(decoder(encoding));
    let parser: ReturnType<typeof parse> | null = null;
    const row = ({ info }: ParsedRecord) => info.records + info.empty_lines;
    try {
      for await (const chunk of text as AsyncIterable<string>) {
        parser ??= parse({ ...CSV_OPTIONS, delimiter: sniffDelimiter(chunk) });
        parser.write(chunk);
        for (let read = parser.read() as ParsedRecord | null; read !== null; read = parser.read() as ParsedRecord | null) {
          if (!isBlank(read.record)) yield cleanRow(row(read), read.record, counter.bytes());
        }
      }
      if (!parser) return;
      parser.end();
      for await (const read of parser as AsyncIterable<ParsedRecord>) if (!isBlank(read.record)) yield cleanRow(row(read), read.record, counter.bytes());
    } catch (error) {
      if (error instanceof Error && 'code' in error && String(error.code).startsWith('CSV_')) throw new Error(`${IMPORT_FILE_MESSAGES.unreadable} (${error.message})`);
      throw error;
    }
    return;
  }
  // loaded when a workbook comes (27 MB of the process's memory otherwise)
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookReader(counter, { sharedStrings: 'cache', hyperlinks: 'ignore', styles: 'cache', worksheets: 'emit' });
  for await (const sheet of workbook) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const cells = Array.isArray(row.values) ? row.values.slice(1) : [];
      const values = Array.from(cells, (value) => cellText(value as ExcelJS.CellValue).trim());
      if (isBlank(values)) continue;
      yield cleanRow(row.number, values, counter.bytes());
    }
    break; // the first sheet only
  }
}

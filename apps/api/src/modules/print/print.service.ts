import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import {
  CATEGORY_LABELS,
  GENDER_LABELS,
  POLICY_TYPE_LABELS,
  PRINT_MAX_CONTACTS,
  PRINT_TOO_MANY,
  type ContactCategory,
  type Gender,
  type PolicyType,
  type PrintJob,
  type PrintLayout,
} from '@crm/contract';
import { formatPhone } from '@crm/util';
import type { JobDefinition, JobRuns } from '../../jobs/queue';
import { notFound, unprocessable } from '../../lib/http-errors';
import { storageKey, type StorageProvider } from '../../vendors/storage/storage.provider';
import type { ContactRecord } from '../contacts/contact-record.repository';
import type { ContactsCaller, ContactsService, SelectionInput } from '../contacts/contacts.service';
import type { PrintJobRow, PrintRepository } from './print.repository';

export const PRINT_JOB = 'contacts-batch-print';


type Deps = {
  prints: PrintRepository;
  storage: StorageProvider;
  contacts: Pick<ContactsService, 'selectedItems'>;
  /** Full records of these contacts, in this order. */
  load: (ids: number[]) => Promise<ContactRecord[]>;
  jobs: JobRuns;
};

function toPrintJob(row: PrintJobRow, interrupted = false): PrintJob {
  return {
    jid: row.id,
    layout: row.layout as PrintLayout,
    status: row.status as PrintJob['status'],
    interrupted,
    count: row.contactIds.length,
    failure: row.failure,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

const addressLines = (c: ContactRecord) =>
  [c.address1, c.address2, [c.city, [c.state, c.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter((line): line is string => Boolean(line));

/** Letter paper in points; labels as Avery 5160: 3 across, 10 down, 2.625 × 1 inch, margins 0.5 in top, 0.1875 in left, 0.125 in between columns. */
const LABEL = { columns: 3, rows: 10, width: 189, height: 72, top: 36, left: 13.5, gap: 9 } as const;

/** What a contact sheet says, codes written as the screens show them: the subtitle (id, owner, category, status) and the labelled rows. */
export function sheetContent(c: ContactRecord): { subtitle: string; rows: [string, string][] } {
  const category = CATEGORY_LABELS[c.category as ContactCategory] ?? c.category;
  return {
    subtitle: `Contact #${c.id} · owner ${c.owner.name} · ${category}${c.status ? ` · ${c.status.title}` : ''}`,
    rows: [
      ['Phones', c.phones.map((p) => formatPhone(p.number)).join(', ')],
      ['E-mails', c.emails.map((e) => e.email).join(', ')],
      ['Address', addressLines(c).join('\n')],
      ['Date of birth', c.dateOfBirth ?? ''],
      ['Gender', c.gender ? GENDER_LABELS[c.gender as Gender] : ''],
      ['Medicare number', c.medicareNumber ?? ''],
      ['Part A / Part B', [c.partADate, c.partBDate].filter(Boolean).join(' / ')],
      ['Source', c.source?.title ?? ''],
      ['Tags', c.tags.map((t) => t.name).join(', ')],
      ['Policy types', c.policyTypes.map((type) => POLICY_TYPE_LABELS[type as PolicyType] ?? type).join(', ')],
      ['Note', c.note ?? ''],
    ],
  };
}

/** One page per contact: name, then sheetContent. */
function writeSheets(doc: PDFKit.PDFDocument, contacts: ContactRecord[]): void {
  contacts.forEach((c, i) => {
    if (i > 0) doc.addPage();
    const { subtitle, rows } = sheetContent(c);
    doc.fontSize(20).font('Helvetica-Bold').text(`${c.firstName} ${c.lastName}`.trim());
    doc.moveDown(0.3).fontSize(10).font('Helvetica').fillColor('#555555').text(subtitle);
    doc.fillColor('#000000').moveDown();
    for (const [label, value] of rows) {
      if (!value) continue;
      const y = doc.y;
      doc.fontSize(11).font('Helvetica-Bold').text(label, 72, y, { width: 120 });
      doc.font('Helvetica').text(value, 200, y, { width: 340 });
      doc.moveDown(0.5);
    }
  });
}

/** Mailing labels: name and address, 30 a page; a contact without an address gets its name only. */
function writeLabels(doc: PDFKit.PDFDocument, contacts: ContactRecord[]): void {
  const perPage = LABEL.columns * LABEL.rows;
  contacts.forEach((c, i) => {
    if (i > 0 && i % perPage === 0) doc.addPage();
    const slot = i % perPage;
    const x = LABEL.left + (slot % LABEL.columns) * (LABEL.width + LABEL.gap) + 9;
    const y = LABEL.top + Math.floor(slot / LABEL.columns) * LABEL.height + 9;
    doc.fontSize(10).font('Helvetica').text([`${c.firstName} ${c.lastName}`.trim(), ...addressLines(c)].join('\n'), x, y, { width: LABEL.width - 18, height: LABEL.height - 18, ellipsis: true });
  });
}

/** The PDF of these contacts as a stream (pdfkit with its built-in Helvetica: Latin text). */
export async function printPdf(layout: PrintLayout, contacts: ContactRecord[]): Promise<Readable> {
  // loaded when a print is made (23 MB of the process's memory otherwise)
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'LETTER', margin: layout === 'labels' ? 0 : 72, info: { Title: layout === 'labels' ? 'Mailing labels' : 'Contact sheets' } });
  const out = new PassThrough();
  doc.pipe(out);
  if (layout === 'labels') writeLabels(doc, contacts);
  else writeSheets(doc, contacts);
  doc.end();
  return out;
}

/**
 * Batch print (spec part 2 §7, §9): at most 500 contacts of the caller's reach, fixed when asked
 * for, become a PDF of contact sheets or mailing labels in a job; the caller polls the job by its
 * jid and downloads the file when it is done.
 */
export function createPrintService({ prints, storage, contacts, load, jobs }: Deps) {
  async function own(caller: ContactsCaller, jid: string): Promise<PrintJobRow> {
    const row = await prints.find(jid, caller.user.id);
    if (!row) throw notFound('Print job');
    return row;
  }

  const job: JobDefinition<{ jid: string }> = {
    name: PRINT_JOB,
    keyed: true,
    retryLimit: 2,
    retryDelaySeconds: 2,
    expireInSeconds: 10 * 60,
    async onFailed({ jid }, reason) {
      await prints.update(jid, { status: 'failed', failure: reason, finishedAt: new Date() });
    },
    async run({ jid }) {
      const row = await prints.find(jid);
      if (!row || row.status === 'done') return;
      await prints.update(jid, { status: 'processing' });
      const key = storageKey('prints');
      await storage.put(key, await printPdf(row.layout as PrintLayout, await load(row.contactIds)));
      await prints.update(jid, { status: 'done', storageKey: key, finishedAt: new Date() });
      if (row.storageKey) await storage.delete(row.storageKey);
    },
  };

  return {
    job,
    async start(caller: ContactsCaller, body: SelectionInput & { layout: PrintLayout }): Promise<{ data: PrintJob }> {
      const { ids } = await contacts.selectedItems(caller, { ...body, limit: PRINT_MAX_CONTACTS + 1 });
      if (ids.length > PRINT_MAX_CONTACTS) throw unprocessable({ ids: PRINT_TOO_MANY });
      if (!ids.length) throw unprocessable({ ids: 'No contacts to print' });
      const row = await prints.create({ id: randomUUID(), companyId: caller.user.companyId, userId: caller.user.id, layout: body.layout, contactIds: ids });
      await jobs.send(PRINT_JOB, { jid: row.id }, { singletonKey: `print:${row.id}` });
      return { data: toPrintJob(row) };
    },
    async status(caller: ContactsCaller, jid: string): Promise<{ data: PrintJob }> {
      const row = await own(caller, jid);
      return { data: toPrintJob(row, (await jobs.interrupted(PRINT_JOB, 'jid', [row.id])).has(row.id)) };
    },
    async file(caller: ContactsCaller, jid: string): Promise<{ name: string; body: Readable }> {
      const row = await own(caller, jid);
      const body = row.status === 'done' && row.storageKey ? await storage.get(row.storageKey) : null;
      if (!body) throw notFound('Print file');
      const date = row.createdAt.toISOString().slice(0, 10);
      return { name: `${row.layout === 'labels' ? 'mailing-labels' : 'contact-sheets'}-${date}.pdf`, body };
    },
  };
}

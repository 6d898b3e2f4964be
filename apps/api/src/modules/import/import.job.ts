import { BRANDS, type BrandId } from '@crm/brand-config';
import type { ContactCategory, ImportFormat } from '@crm/contract';
import type { JobDefinition } from '../../jobs/queue';
import type { StorageProvider } from '../../vendors/storage/storage.provider';
import { IMPORT_FILE_MESSAGES, readImportRows } from './import-file';
import { columnName, createRowMapper, IMPORT_ROW_REASONS, notYourContact, scrubSkip, type MappedRow } from './import-rows';
import type { ImportAttemptRecord, ImportBatch, ImportRepository, ScrubMatch } from './import.repository';
import { IMPORT_JOB, type StoredImportOptions } from './import.service';

/** Rows written per transaction (and per checkpoint). */
export const IMPORT_BATCH_ROWS = 2_000;
/** Batches written at once (each by its own connection). */
const IMPORT_WRITERS = 2;
/** Least time between two progress messages of one attempt. */
const ANNOUNCE_EVERY_MS = 300;

type Deps = {
  imports: ImportRepository;
  storage: StorageProvider;
  announce: (attempt: ImportAttemptRecord) => Promise<void>;
  /** The brand of a company: its keystroke filter applies to imported names. */
  companyBrand: (companyId: number) => Promise<BrandId>;
};

type ReadRow = { row: number; values: string[]; index: number; mapped: MappedRow };
/** The phones and e-mails a batch keeps, each with the first file row that has it. */
type KeptValues = { phones: Map<string, number>; emails: Map<string, number> };

export { SCRUB_REASONS } from './import-rows';

/**
 * The import job: reads the attempt's file from where its last checkpoint left it (processed_rows
 * data rows in), maps and checks each row, scrubs them, and writes batches of IMPORT_BATCH_ROWS
 * with the checkpoint in the same transaction; a run that crashed goes on from there, and rows
 * keyed by (attempt, row) are never inserted twice. A row is refused when nothing identifies a
 * person or it repeats an earlier row of the file (the same contact again; the rows before a
 * checkpoint are read again for this); its other bad values are left out with warnings. A row whose
 * Contact ID column names a contact the importer may edit (their reach, the company, not in the
 * trash) updates that contact instead of making one (an error file fixed and imported again); a row
 * naming any other is a new contact with a warning. A file
 * that cannot be read fails the attempt at once (trying again would not help); anything else is
 * retried by the queue.
 */
export function createImportJob({ imports, storage, announce, companyBrand }: Deps): JobDefinition<{ attemptId: number }> {
  async function fail(attemptId: number, reason: string): Promise<void> {
    if (!(await imports.setStatus(attemptId, 'failed', reason))) return;
    const attempt = await imports.attempt(attemptId);
    if (attempt) await announce(attempt);
  }

  return {
    name: IMPORT_JOB,
    keyed: true,
    retryLimit: 3,
    retryDelaySeconds: 5,
    expireInSeconds: 60 * 60,
    onFailed: ({ attemptId }, reason) => fail(attemptId, reason),

    async run({ attemptId }) {
      const attempt = await imports.attempt(attemptId);
      if (!attempt || attempt.status === 'completed') return;
      const file = await imports.fileById(attempt.fileId);
      const source = file && (await storage.get(file.storageKey));
      if (!file || !source) return fail(attemptId, IMPORT_FILE_MESSAGES.unreadable);
      await imports.setStatus(attemptId, 'processing');
      await announce({ ...attempt, status: 'processing' });

      const options = attempt.options as unknown as StoredImportOptions;
      const { reach, scrub_against: scrub, pool } = options;
      const [lookups, brand] = await Promise.all([imports.titleLookups(attempt.companyId), companyBrand(attempt.companyId)]);
      const mapRow = createRowMapper(attempt.headers, options.fields, { ...lookups, brand: BRANDS[brand] }, attempt.category as ContactCategory);
      /** The file's phone and e-mail columns by their headers, to name them in a scrub's reason. */
      const phoneColumn = columnName(attempt.headers, options.fields, 'phone', 'Phone');
      const emailColumn = columnName(attempt.headers, options.fields, 'email', 'E-mail');
      /** The first row of each contact the file makes, by its key: a later row with the key repeats it. */
      const made = new Map<string, number>();
      /** The contact each row that updated one named (a repeat of the row names it in the error file too). */
      const updatedBy = new Map<number, number>();
      const mapUnrepeated = (row: number, values: string[], cleaned: number[] | undefined): MappedRow => {
        const mapped = mapRow(values, cleaned);
        if (!mapped.ok) return mapped;
        const earlier = made.get(mapped.key);
        if (earlier === undefined) return (made.set(mapped.key, row), mapped);
        return { ok: false, problems: [{ column: '', value: '', reason: IMPORT_ROW_REASONS.repeats(earlier), severity: 'refusal' }], repeats: earlier };
      };
      let lastAnnounced = 0;
      let processed = attempt.processedRows;
      let batch: ReadRow[] = [];

      /**
       * Up to IMPORT_WRITERS batches are written at once, each in a transaction of its own, so
       * that the database's cores share the writing (inserting into contacts and its indexes is
       * most of an import's time). Each batch is scrubbed after the one before it was; its
       * transaction writes its rows, then waits for the one before it to commit before it adds
       * the tags of matched contacts and its checkpoint and commits: checkpoints land in file
       * order, and a crash leaves every batch wholly written or not at all. A batch scrubbed while
       * earlier ones are not yet committed learns their kept values from `unsettled`.
       */
      const unsettled = new Set<KeptValues>();
      let lastScrubbed: Promise<unknown> = Promise.resolve();
      let lastCommitted: Promise<boolean> = Promise.resolve(true);
      const writing: Promise<boolean>[] = [];
      async function flush(readBytes: number): Promise<boolean> {
        if (writing.length >= IMPORT_WRITERS && !(await writing.shift())) return false;
        const rows = batch;
        batch = [];
        const scrubbed = lastScrubbed.then(() => prepare(rows, processed, readBytes));
        lastScrubbed = scrubbed.catch(() => undefined);
        const before = lastCommitted;
        const committed = scrubbed.then(async ({ ready, kept }) => {
          try {
            return await imports.writeBatch(ready, before);
          } finally {
            unsettled.delete(kept);
          }
        });
        lastCommitted = committed;
        const announced = committed.then(async (written) => {
          if (written && Date.now() - lastAnnounced >= ANNOUNCE_EVERY_MS) {
            lastAnnounced = Date.now();
            const now = await imports.attempt(attemptId);
            if (now) await announce(now);
          }
          return written;
        });
        // a failed write is awaited (and thrown) by a later flush or at the end
        announced.catch(() => undefined);
        writing.push(announced);
        return true;
      }
      /** Every batch still being written has landed; false when the attempt went meanwhile. */
      async function landed(): Promise<boolean> {
        const results = await Promise.allSettled(writing.splice(0));
        const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (failed) throw failed.reason;
        return results.every((r) => r.status === 'fulfilled' && r.value);
      }

      /** Scrubs a batch and shapes it for writeBatch; with the values it keeps (in `unsettled` until it lands). */
      async function prepare(rows: ReadRow[], processedRows: number, readBytes: number): Promise<{ ready: ImportBatch; kept: KeptValues }> {
        const earlierBatches = [...unsettled];
        const problems: ImportBatch['problems'] = [];
        const repeats: ImportBatch['repeats'] = [];
        const good = rows.flatMap((r) => {
          if (r.mapped.ok) return [{ ...r, contact: r.mapped.contact, warnings: r.mapped.warnings }];
          problems.push({ attemptId, rowNumber: r.row, kind: 'invalid', problems: r.mapped.problems, values: r.values });
          if (r.mapped.repeats !== undefined) repeats.push({ row: r.row, of: r.mapped.repeats });
          return [];
        });
        const lookup = async (kind: 'phone' | 'email', on: boolean) => {
          const values = on ? [...new Set(good.flatMap((r) => (kind === 'phone' ? r.contact.phones : r.contact.emails)))] : [];
          const byValue = new Map<string, ScrubMatch[]>();
          for (const m of await imports.scrubMatches(kind, reach, values, attemptId)) byValue.set(m.value, [...(byValue.get(m.value) ?? []), m]);
          return byValue;
        };
        const [phoneMatches, emailMatches, editable] = await Promise.all([
          lookup('phone', scrub.phone || scrub.do_not_contact),
          lookup('email', scrub.email || scrub.do_not_contact),
          imports.editableContacts(reach, good.flatMap((r) => (r.contact.contactId === null ? [] : [r.contact.contactId]))),
        ]);
        const kept: KeptValues = { phones: new Map(), emails: new Map() };
        const retag = new Set<number>();
        const keep: ImportBatch['contacts'] = [];
        const updates: ImportBatch['updates'] = [];
        for (const g of good) {
          // a row naming a contact the importer may edit updates it; naming any other, it makes a new one
          const named = g.contact.contactId;
          const target = named !== null && editable.has(named) ? named : null;
          const r =
            named === null || target !== null
              ? g
              : { ...g, warnings: [...g.warnings, notYourContact(attempt!.headers, options.fields, named)] };
          const { phones, emails } = r.contact;
          /** The file row that kept one of these values before: in this batch, in a batch not landed yet, or in a landed one. */
          const earlierRow = (kind: 'phone' | 'email', v: string) => {
            const pick = (k: KeptValues) => (kind === 'phone' ? k.phones : k.emails);
            return [kept, ...earlierBatches].map((k) => pick(k).get(v)).find((n) => n !== undefined) ??
              (kind === 'phone' ? phoneMatches : emailMatches).get(v)?.find((m) => m.sameImportRow !== null)?.sameImportRow ?? undefined;
          };
          const skipped = scrubSkip(scrub, { phones, emails, target }, { phone: phoneMatches, email: emailMatches }, earlierRow, { phone: phoneColumn, email: emailColumn });
          if (skipped) {
            problems.push({ attemptId, rowNumber: r.row, kind: 'skipped', problems: [{ column: skipped.column, value: '', reason: skipped.reason, severity: 'refusal' }, ...r.warnings], values: r.values });
            for (const m of skipped.matched) if (m.reachable) retag.add(m.contactId);
          }
          else {
            const warned = r.warnings.length > 0;
            if (target !== null) {
              updates.push({ ...r.contact, row: r.row, contactId: target, warned });
              updatedBy.set(r.row, target);
              if (warned) problems.push({ attemptId, rowNumber: r.row, kind: 'updated', problems: r.warnings, values: r.values, contactId: target });
            } else {
              keep.push({ ...r.contact, row: r.row, ownerId: pool.length ? (pool[r.index % pool.length] as number) : attempt!.ownerId, warned });
              if (warned) problems.push({ attemptId, rowNumber: r.row, kind: 'warning', problems: r.warnings, values: r.values });
            }
            for (const p of phones) if (!kept.phones.has(p)) kept.phones.set(p, r.row);
            for (const e of emails) if (!kept.emails.has(e)) kept.emails.set(e, r.row);
          }
        }
        const ready: ImportBatch = {
          attemptId,
          companyId: attempt!.companyId,
          category: attempt!.category,
          authorId: attempt!.userId,
          tagIds: options.tags,
          contacts: keep,
          updates,
          problems,
          repeats: repeats.map((x) => ({ ...x, contactId: updatedBy.get(x.of) ?? null })),
          retag: { contactIds: [...retag], tagIds: scrub.updated_lead_tags },
          skipped: problems.filter((p) => p.kind === 'skipped').length,
          processedRows,
          readBytes,
        };
        // the batches scrubbed next see these until this one lands
        unsettled.add(kept);
        return { ready, kept };
      }

      let index = -2; // the header is -1, the first data row 0
      let bytes = attempt.readBytes;
      try {
        for await (const r of readImportRows(source, file.format as ImportFormat, file.encoding)) {
          if (++index < 0) continue;
          bytes = r.bytes;
          const mapped = mapUnrepeated(r.row, r.values, r.cleaned);
          if (index < attempt.processedRows) continue;
          batch.push({ row: r.row, values: r.values, index, mapped });
          processed = index + 1;
          if (batch.length >= IMPORT_BATCH_ROWS && !(await flush(bytes))) return;
        }
      } catch (error) {
        // the batches in flight land first: their checkpoints must not come after the failure
        await landed().catch(() => false);
        if (error instanceof Error && error.message.startsWith(IMPORT_FILE_MESSAGES.unreadable)) return fail(attemptId, error.message);
        throw error;
      } finally {
        source.destroy();
      }
      if (!(await flush(file.byteSize)) || !(await landed())) return;
      if (await imports.setStatus(attemptId, 'completed')) {
        const done = await imports.attempt(attemptId);
        if (done) await announce(done);
      }
    },
  };
}

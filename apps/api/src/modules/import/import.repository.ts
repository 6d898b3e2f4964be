import { and, asc, count, desc, eq, ilike, inArray, sql, TransactionRollbackError, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '../../db/database';
import {
  apiVendors,
  contactCities,
  contactEmails,
  contactNotes,
  contactPhones,
  contacts,
  contactTags,
  importAttempts,
  importFiles,
  importProblems,
  importSettings,
  sources,
  statuses,
  tags,
  users,
} from '../../db/schema';
import type { Reach } from '../contacts/contact-reach';
import { reachCondition, SEARCH_TEXT_SQL, searchTextSql, userInReach } from '../contacts/contacts-scope.repository';
import type { ImportedContact, TitleList } from './import-rows';
import { longWork } from '../../db/sql-helpers';

export type ImportFileRow = typeof importFiles.$inferSelect;
export type ImportAttemptRow = typeof importAttempts.$inferSelect;
export type ImportAttemptRecord = ImportAttemptRow & {
  user: { id: number; firstName: string; lastName: string };
  owner: { id: number; firstName: string; lastName: string };
  apiVendor: { id: number; vendorName: string } | null;
  /** The size of the attempt's file (its progress is the part of it read). */
  fileBytes: number;
};
export type ImportProblemRow = typeof importProblems.$inferSelect;

/** What the import job writes for one batch of rows (all in one transaction, with the checkpoint). */
export type ImportBatch = {
  attemptId: number;
  companyId: number;
  /** The import's category, for contacts whose row gives none. */
  category: string;
  /** Who imports: the author of the contacts' notes. */
  authorId: number;
  tagIds: number[];
  /** `warned`: the row's warnings are among `problems` (the attempt counts the contacts imported with warnings). */
  contacts: (Omit<ImportedContact, 'contactId'> & { row: number; ownerId: number; warned: boolean })[];
  /** Rows that update a contact the importer may edit (`contactId`): its empty fields filled, new phones, e-mails and notes added. */
  updates: (Omit<ImportedContact, 'contactId'> & { row: number; contactId: number; warned: boolean })[];
  problems: (typeof importProblems.$inferInsert)[];
  /**
   * Refused rows that repeat an earlier row (`of`), with the contact that row updated when it
   * updated one; else the contact it made is looked up. The error file names it, so that the
   * repeat, fixed or not, updates that contact when imported again instead of making a second one.
   */
  repeats: { row: number; of: number; contactId?: number | null }[];
  /** Contacts matched by scrubbing that get the updated-lead tags (already narrowed to the importer's reach). */
  retag: { contactIds: number[]; tagIds: number[] };
  skipped: number;
  /** The checkpoint: data rows read in all, and bytes of the file read. */
  processedRows: number;
  readBytes: number;
};

/** The company's live contacts that carry one of these phones or e-mails: which value, which contact, and whether the importer reaches it. */
export type ScrubMatch = { value: string; contactId: number; reachable: boolean; doNotContact: boolean; sameImportRow: number | null };

/**
 * The do-not-contact list: the company's live contacts marked Do Not Call, by their status or a
 * tag of that name (compared without case and spaces).
 */
const doNotContact = sql`(exists (select 1 from ${statuses} s where s.id = ${contacts.statusId} and lower(replace(s.title::text, ' ', '')) = 'donotcall')
  or exists (select 1 from ${contactTags} ct join ${tags} t on t.id = ct.tag_id where ct.contact_id = ${contacts.id} and lower(replace(t.name::text, ' ', '')) = 'donotcall'))`;

const owner = alias(users, 'import_owner');


/**
 * The batch's updates of contacts named by their rows (the importer's reach was checked when the
 * batch was prepared; a contact trashed since is left alone): each field empty on the contact is
 * filled with the row's value (a value the contact has is never overwritten), phones, e-mails and
 * notes it does not have yet are added, and the import's tags; search text and updated_at follow.
 * Two rows naming one contact in a batch: the first fills its fields, both add to its lists. Gives
 * the ids updated.
 */
async function updateContacts(tx: Tx, batch: ImportBatch): Promise<Set<number>> {
  const rows = batch.updates;
  if (!rows.length) return new Set();
  const column = <T>(pick: (c: (typeof rows)[number]) => T) => sql.param(rows.map(pick));
  const v = (pick: (c: ImportedContact['values']) => string | number | null) => column((c) => pick(c.values));
  const text = (name: string) => sql.raw(`${name} = coalesce(nullif(c.${name}, ''), r.${name}, c.${name})`);
  const value = (name: string) => sql.raw(`${name} = coalesce(c.${name}, r.${name})`);
  const result = await tx.execute<{ id: number }>(sql`
    update ${contacts} c set
      ${text('first_name')}, ${text('last_name')}, ${value('status_id')}, ${value('source_id')},
      ${text('address1')}, ${text('address2')}, ${text('city')}, ${text('state')}, ${text('zip')}, ${value('date_of_birth')},
      ${text('gender')}, ${text('language')}, ${text('medicare_number')}, ${value('part_a_date')}, ${value('part_b_date')}, updated_at = now()
    from (
      select distinct on (r.id) r.* from unnest(${column((c) => c.contactId)}::int[], ${column((c) => c.row)}::int[],
        ${v((c) => c.statusId ?? null)}::int[], ${v((c) => c.sourceId ?? null)}::int[],
        ${v((c) => c.firstName || null)}::text[], ${v((c) => c.lastName || null)}::text[], ${v((c) => c.address1 ?? null)}::text[],
        ${v((c) => c.address2 ?? null)}::text[], ${v((c) => c.city ?? null)}::text[], ${v((c) => c.state ?? null)}::text[],
        ${v((c) => c.zip ?? null)}::text[], ${v((c) => c.dateOfBirth ?? null)}::date[], ${v((c) => c.gender ?? null)}::text[],
        ${v((c) => c.language ?? null)}::text[], ${v((c) => c.medicareNumber ?? null)}::text[],
        ${v((c) => c.partADate ?? null)}::date[], ${v((c) => c.partBDate ?? null)}::date[])
        as r(id, import_row, status_id, source_id, first_name, last_name, address1, address2, city, state, zip, date_of_birth, gender,
          language, medicare_number, part_a_date, part_b_date)
      order by r.id, r.import_row
    ) r
    where c.id = r.id and c.company_id = ${batch.companyId} and c.deleted_at is null
    returning c.id`);
  const ids = result.rows.map((r) => Number(r.id));
  if (!ids.length) return new Set();
  const done = new Set(ids);
  const mine = rows.filter((r) => done.has(r.contactId));
  const list = (pick: (c: (typeof mine)[number]) => string[]) => {
    const out = { ids: [] as number[], values: [] as string[], order: [] as number[] };
    for (const c of mine) pick(c).forEach((x) => (out.ids.push(c.contactId), out.values.push(x), out.order.push(c.row * 100 + out.order.length)));
    return out;
  };
  // new phones and e-mails go after the contact's own, in the file's order, each value once
  const append = async (table: typeof contactPhones | typeof contactEmails, column: 'number' | 'email', type: 'text' | 'citext', values: ReturnType<typeof list>) => {
    if (!values.ids.length) return;
    const [col, cast] = [sql.raw(column), sql.raw(`${type}[]`)];
    await tx.execute(sql`insert into ${table} (contact_id, ${col}, position)
      select x.c, x.v, coalesce((select max(t.position) from ${table} t where t.contact_id = x.c), -1) + row_number() over (partition by x.c order by x.o)
      from (select distinct on (u.c, u.v) u.c, u.v, u.o from unnest(${sql.param(values.ids)}::int[], ${sql.param(values.values)}::${cast}, ${sql.param(values.order)}::int[]) as u(c, v, o)
        order by u.c, u.v, u.o) x
      where not exists (select 1 from ${table} t where t.contact_id = x.c and t.${col} = x.v)`);
  };
  const [phones, emails] = [list((c) => c.phones), list((c) => c.emails)];
  await append(contactPhones, 'number', 'text', phones);
  await append(contactEmails, 'email', 'citext', emails);
  // a note the contact has already (the same file imported before) is not added again
  const notes = list((c) => c.notes);
  if (notes.ids.length)
    await tx.execute(sql`insert into ${contactNotes} (contact_id, author_id, body)
      select distinct x.c, ${batch.authorId}::int, x.b from unnest(${sql.param(notes.ids)}::int[], ${sql.param(notes.values)}::text[]) as x(c, b)
      where not exists (select 1 from ${contactNotes} n where n.contact_id = x.c and n.body = x.b)`);
  if (batch.tagIds.length)
    await tx.execute(sql`insert into ${contactTags} (contact_id, tag_id)
      select c, t from unnest(${sql.param(ids)}::int[]) c cross join unnest(${sql.param(batch.tagIds)}::int[]) t
      on conflict do nothing`);
  if (phones.ids.length || emails.ids.length) await tx.update(contacts).set({ searchText: SEARCH_TEXT_SQL }).where(inArray(contacts.id, ids));
  return done;
}

export function createImportRepository(db: Database) {
  const attemptSelect = {
    attempt: importAttempts,
    user: { id: users.id, firstName: users.firstName, lastName: users.lastName },
    owner: { id: owner.id, firstName: owner.firstName, lastName: owner.lastName },
    vendorName: apiVendors.vendorName,
    fileBytes: importFiles.byteSize,
  };
  const attemptQuery = () =>
    db
      .select(attemptSelect)
      .from(importAttempts)
      .innerJoin(users, eq(users.id, importAttempts.userId))
      .innerJoin(owner, eq(owner.id, importAttempts.ownerId))
      .innerJoin(importFiles, eq(importFiles.id, importAttempts.fileId))
      .leftJoin(apiVendors, eq(apiVendors.id, importAttempts.apiVendorId));
  type Selected = { attempt: ImportAttemptRow; user: ImportAttemptRecord['user']; owner: ImportAttemptRecord['owner']; vendorName: string | null; fileBytes: number };
  const record = (r: Selected): ImportAttemptRecord => ({
    ...r.attempt,
    user: r.user,
    owner: r.owner,
    fileBytes: r.fileBytes,
    apiVendor: r.attempt.apiVendorId !== null && r.vendorName !== null ? { id: r.attempt.apiVendorId, vendorName: r.vendorName } : null,
  });

  /** Attempts the caller reaches: their own, their downline's (by who started them), or the company's. */
  const attemptReach = (reach: Reach): SQL => sql`${eq(importAttempts.companyId, reach.companyId)} and ${userInReach(reach, importAttempts.userId)}`;

  return {
    async createFile(values: typeof importFiles.$inferInsert): Promise<ImportFileRow> {
      const [row] = await db.insert(importFiles).values(values).returning();
      if (!row) throw new Error('import file not stored');
      return row;
    },
    async findFile(userId: number, id: number): Promise<ImportFileRow | undefined> {
      const [row] = await db.select().from(importFiles).where(and(eq(importFiles.id, id), eq(importFiles.userId, userId)));
      return row;
    },
    async fileById(id: number): Promise<ImportFileRow | undefined> {
      const [row] = await db.select().from(importFiles).where(eq(importFiles.id, id));
      return row;
    },
    /** The file's row goes when no attempt names it; gives its storage key when it went. */
    async deleteFileIfUnused(id: number): Promise<string | null> {
      const [row] = await db
        .delete(importFiles)
        .where(and(eq(importFiles.id, id), sql`not exists (select 1 from ${importAttempts} a where a.file_id = ${importFiles.id})`))
        .returning({ key: importFiles.storageKey });
      return row?.key ?? null;
    },

    /** The company's statuses and sources by lower-case title, with their titles in display order. */
    async titleLookups(companyId: number): Promise<{ statuses: TitleList; sources: TitleList }> {
      const [s, o] = await Promise.all([
        db.select({ id: statuses.id, title: statuses.title }).from(statuses).where(eq(statuses.companyId, companyId)).orderBy(asc(statuses.position), asc(statuses.id)),
        db.select({ id: sources.id, title: sources.title }).from(sources).where(eq(sources.companyId, companyId)).orderBy(asc(sources.position), asc(sources.id)),
      ]);
      const list = (rows: { id: number; title: string }[]): TitleList => ({ ids: new Map(rows.map((r) => [r.title.toLowerCase(), r.id])), titles: rows.map((r) => r.title) });
      return { statuses: list(s), sources: list(o) };
    },
    /** Which of these tag ids are the company's. */
    async companyTagIds(companyId: number, ids: number[]): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = await db.select({ id: tags.id }).from(tags).where(and(eq(tags.companyId, companyId), inArray(tags.id, ids)));
      return new Set(rows.map((r) => r.id));
    },
    async vendor(companyId: number, id: number): Promise<{ id: number } | undefined> {
      const [row] = await db.select({ id: apiVendors.id }).from(apiVendors).where(and(eq(apiVendors.companyId, companyId), eq(apiVendors.id, id)));
      return row;
    },
    /** The company's lead vendor of this name, made when there is none. */
    async vendorByName(companyId: number, vendorName: string): Promise<number> {
      const [made] = await db.insert(apiVendors).values({ companyId, vendorName, vendorType: 'leads' }).onConflictDoNothing().returning({ id: apiVendors.id });
      if (made) return made.id;
      const [found] = await db
        .select({ id: apiVendors.id })
        .from(apiVendors)
        .where(and(eq(apiVendors.companyId, companyId), eq(apiVendors.vendorName, vendorName)));
      if (!found) throw new Error('vendor not found after conflict');
      return found.id;
    },

    async createAttempt(values: typeof importAttempts.$inferInsert): Promise<number> {
      const [row] = await db.insert(importAttempts).values(values).returning({ id: importAttempts.id });
      if (!row) throw new Error('import attempt not stored');
      return row.id;
    },
    async attempt(id: number): Promise<ImportAttemptRecord | undefined> {
      const [row] = await attemptQuery().where(eq(importAttempts.id, id));
      return row && record(row);
    },
    async reachableAttempt(reach: Reach, id: number): Promise<ImportAttemptRecord | undefined> {
      const [row] = await attemptQuery().where(and(eq(importAttempts.id, id), attemptReach(reach)));
      return row && record(row);
    },
    async listAttempts(
      reach: Reach,
      query: { page: number; limit: number; filterBy?: 'status' | 'file_name' | 'category' | undefined; filterValue?: string | undefined },
    ): Promise<{ rows: ImportAttemptRecord[]; total: number }> {
      const value = query.filterValue?.trim();
      const filter =
        !query.filterBy || !value
          ? undefined
          : query.filterBy === 'file_name'
            ? ilike(importAttempts.fileName, `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
            : eq(query.filterBy === 'status' ? importAttempts.status : importAttempts.category, value.toLowerCase());
      const where = and(attemptReach(reach), filter);
      const [rows, [total]] = await Promise.all([
        attemptQuery()
          .where(where)
          .orderBy(desc(importAttempts.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ n: count() }).from(importAttempts).where(where),
      ]);
      return { rows: rows.map(record), total: total?.n ?? 0 };
    },
    /** Removes the attempt and its problems; gives its file id. */
    async deleteAttempt(id: number): Promise<number | null> {
      const [row] = await db.delete(importAttempts).where(eq(importAttempts.id, id)).returning({ fileId: importAttempts.fileId });
      return row?.fileId ?? null;
    },
    /** Sets the status (and the failure, and the finish time for an ended one); false when the attempt is gone. */
    async setStatus(id: number, status: 'queued' | 'processing' | 'completed' | 'failed', failure: string | null = null): Promise<boolean> {
      const ended = status === 'completed' || status === 'failed';
      const rows = await db
        .update(importAttempts)
        .set({ status, failure, updatedAt: new Date(), finishedAt: ended ? new Date() : null })
        .where(eq(importAttempts.id, id))
        .returning({ id: importAttempts.id });
      return rows.length > 0;
    },
    async setHeaders(id: number, headers: string[]): Promise<void> {
      await db.update(importAttempts).set({ headers }).where(eq(importAttempts.id, id));
    },

    /**
     * The company's live contacts with any of these phones (dialing form) or e-mails: whether
     * each is in the importer's reach, on the do-not-contact list, and the file row it came from
     * when this same import made it (an earlier batch, or before a resumed run's checkpoint).
     */
    async scrubMatches(kind: 'phone' | 'email', reach: Reach, values: string[], attemptId: number): Promise<ScrubMatch[]> {
      if (!values.length) return [];
      const child =
        kind === 'phone'
          ? sql`${contactPhones} x on x.contact_id = ${contacts.id} and x.number = any(${sql.param(values)}::text[])`
          : sql`${contactEmails} x on x.contact_id = ${contacts.id} and lower(x.email::text) = any(${sql.param(values)}::text[])`;
      const value = kind === 'phone' ? sql`x.number` : sql`lower(x.email::text)`;
      const result = await db.execute<{ value: string; contact_id: number; reachable: boolean; dnc: boolean; same_row: number | null }>(sql`
        select ${value} as value, ${contacts.id} as contact_id, (${reachCondition(reach)}) as reachable, ${doNotContact} as dnc,
          case when ${contacts.importAttemptId} = ${attemptId} then ${contacts.importRow} end as same_row
        from ${contacts} join ${child}
        where ${contacts.companyId} = ${reach.companyId} and ${contacts.deletedAt} is null`);
      return result.rows.map((r) => ({
        value: r.value,
        contactId: Number(r.contact_id),
        reachable: Boolean(r.reachable),
        doNotContact: Boolean(r.dnc),
        sameImportRow: r.same_row === null ? null : Number(r.same_row),
      }));
    },

    /** Which of these contact ids name a live contact of the reach's company that the reach covers (one the importer may edit). */
    async editableContacts(reach: Reach, ids: number[]): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(inArray(contacts.id, [...new Set(ids)]), eq(contacts.companyId, reach.companyId), sql`${contacts.deletedAt} is null`, reachCondition(reach)));
      return new Set(rows.map((r) => r.id));
    },

    /**
     * Writes one batch and its checkpoint in one transaction, so that a crash leaves either all of
     * it or none. Contacts are keyed by (attempt, row): a batch written again (a run resumed from an
     * older checkpoint) inserts only the rows that are not there. The rows go in first; then it
     * waits for `after` (the batch before it, written at the same time by another connection) to
     * commit, and only then tags matched contacts (rows another batch may tag too) and moves the
     * checkpoint: checkpoints land in file order. Gives false, having written nothing, when the
     * attempt is gone or the batch before it found it gone.
     */
    async writeBatch(batch: ImportBatch, after: Promise<boolean> = Promise.resolve(true)): Promise<boolean> {
      // The batch's cities are recorded first, on their own: the contacts' insert trigger records them
      // (contact_cities) too, and two batches in flight inserting one new city would otherwise wait on
      // each other (the later one holds it while it waits for the earlier one to commit).
      const cities = [...new Set([...batch.contacts, ...batch.updates].flatMap((c) => (c.values.city ? [c.values.city] : [])))];
      if (cities.length)
        await db.execute(sql`insert into ${contactCities} (company_id, city) select ${batch.companyId}, c from unnest(${sql.param(cities)}::text[]) c
          on conflict do nothing`);
      const written = db.transaction(async (tx) => {
        await tx.execute(longWork);
        const rows = batch.contacts;
        let inserted: { id: number; row: number }[] = [];
        let warned = 0;
        if (rows.length) {
          const column = <T>(pick: (c: (typeof rows)[number]) => T) => sql.param(rows.map(pick));
          const v = (pick: (c: ImportedContact['values']) => string | number | null) => column((c) => pick(c.values));
          const result = await tx.execute<{ id: number; import_row: number }>(sql`
            insert into ${contacts} (company_id, owner_id, category, status_id, source_id, first_name, last_name, address1, address2,
              city, state, zip, date_of_birth, gender, language, timezone, medicare_number, part_a_date, part_b_date,
              search_text, import_attempt_id, import_row)
            select ${batch.companyId}, r.owner_id, r.category, r.status_id, r.source_id, r.first_name, r.last_name, r.address1, r.address2,
              r.city, r.state, r.zip, r.date_of_birth, r.gender, r.language, r.timezone, r.medicare_number, r.part_a_date, r.part_b_date,
              ${searchTextSql(sql`r.first_name`, sql`r.last_name`, sql`nullif(r.emails, '')`, sql`nullif(r.phones, '')`)}, ${batch.attemptId}, r.import_row
            from unnest(${column((c) => c.ownerId)}::int[], ${column((c) => c.category ?? batch.category)}::text[], ${v((c) => c.statusId ?? null)}::int[], ${v((c) => c.sourceId ?? null)}::int[],
              ${v((c) => c.firstName)}::text[], ${v((c) => c.lastName ?? '')}::text[], ${v((c) => c.address1 ?? null)}::text[],
              ${v((c) => c.address2 ?? null)}::text[], ${v((c) => c.city ?? null)}::text[], ${v((c) => c.state ?? null)}::text[],
              ${v((c) => c.zip ?? null)}::text[], ${v((c) => c.dateOfBirth ?? null)}::date[], ${v((c) => c.gender ?? null)}::text[],
              ${v((c) => c.language ?? null)}::text[], ${v((c) => c.timezone ?? 'est')}::text[], ${v((c) => c.medicareNumber ?? null)}::text[],
              ${v((c) => c.partADate ?? null)}::date[], ${v((c) => c.partBDate ?? null)}::date[],
              ${column((c) => c.emails.join(' '))}::text[], ${column((c) => c.phones.join(' '))}::text[], ${column((c) => c.row)}::int[])
              as r(owner_id, category, status_id, source_id, first_name, last_name, address1, address2, city, state, zip, date_of_birth, gender,
                language, timezone, medicare_number, part_a_date, part_b_date, emails, phones, import_row)
            on conflict (import_attempt_id, import_row) where import_attempt_id is not null do nothing
            returning id, import_row`);
          inserted = result.rows.map((r) => ({ id: Number(r.id), row: Number(r.import_row) }));
        }
        if (inserted.length) {
          const byRow = new Map(rows.map((c) => [c.row, c]));
          const phones = { ids: [] as number[], numbers: [] as string[], positions: [] as number[] };
          const emails = { ids: [] as number[], emails: [] as string[], positions: [] as number[] };
          const notes = { ids: [] as number[], bodies: [] as string[] };
          for (const { id, row } of inserted) {
            const c = byRow.get(row);
            c?.phones.forEach((number, position) => (phones.ids.push(id), phones.numbers.push(number), phones.positions.push(position)));
            c?.emails.forEach((email, position) => (emails.ids.push(id), emails.emails.push(email), emails.positions.push(position)));
            c?.notes.forEach((body) => (notes.ids.push(id), notes.bodies.push(body)));
            if (c?.warned) warned += 1;
          }
          if (phones.ids.length)
            await tx.execute(sql`insert into ${contactPhones} (contact_id, number, position)
              select * from unnest(${sql.param(phones.ids)}::int[], ${sql.param(phones.numbers)}::text[], ${sql.param(phones.positions)}::int[])`);
          if (emails.ids.length)
            await tx.execute(sql`insert into ${contactEmails} (contact_id, email, position)
              select * from unnest(${sql.param(emails.ids)}::int[], ${sql.param(emails.emails)}::citext[], ${sql.param(emails.positions)}::int[])`);
          // a notes column's text is a note of the Notes tab, by the importing user, dated now
          if (notes.ids.length)
            await tx.execute(sql`insert into ${contactNotes} (contact_id, author_id, body)
              select c, ${batch.authorId}::int, b from unnest(${sql.param(notes.ids)}::int[], ${sql.param(notes.bodies)}::text[]) as x(c, b)`);
          if (batch.tagIds.length)
            await tx.execute(sql`insert into ${contactTags} (contact_id, tag_id)
              select c, t from unnest(${sql.param(inserted.map((r) => r.id))}::int[]) c cross join unnest(${sql.param(batch.tagIds)}::int[]) t
              on conflict do nothing`);
        }
        const updated = await updateContacts(tx, batch);
        warned += batch.updates.filter((u) => u.warned && updated.has(u.contactId)).length;
        // the batch before lands first; what follows touches rows other batches may touch too (and reads the contacts they made)
        if (!(await after)) tx.rollback();
        // a warned row's problems name the contact it made, a repeat's the contact of the row it repeats (the error file's Contact ID)
        const madeByRow = new Map(inserted.map((r) => [r.row, r.id]));
        const repeated = batch.repeats.filter((x) => x.contactId == null).map((x) => x.of);
        if (repeated.length) {
          const earlier = await tx
            .select({ id: contacts.id, row: contacts.importRow })
            .from(contacts)
            .where(and(eq(contacts.importAttemptId, batch.attemptId), inArray(contacts.importRow, [...new Set(repeated)])));
          for (const c of earlier) if (c.row !== null) madeByRow.set(c.row, c.id);
        }
        const repeatOf = new Map(batch.repeats.map((x) => [x.row, x.contactId ?? madeByRow.get(x.of) ?? null]));
        const problems = batch.problems.map((p) =>
          p.contactId != null ? p
          : p.kind === 'warning' ? { ...p, contactId: madeByRow.get(p.rowNumber) ?? null }
          : p.kind === 'invalid' && repeatOf.has(p.rowNumber) ? { ...p, contactId: repeatOf.get(p.rowNumber) ?? null }
          : p,
        );
        if (problems.length) await tx.insert(importProblems).values(problems).onConflictDoNothing();
        if (batch.retag.contactIds.length && batch.retag.tagIds.length)
          await tx.execute(sql`insert into ${contactTags} (contact_id, tag_id)
            select c, t from unnest(${sql.param(batch.retag.contactIds)}::int[]) c cross join unnest(${sql.param(batch.retag.tagIds)}::int[]) t
            on conflict do nothing`);
        const invalid = batch.problems.filter((p) => p.kind === 'invalid').length;
        const counted = await tx
          .update(importAttempts)
          .set({
            processedRows: batch.processedRows,
            readBytes: batch.readBytes,
            importedCount: sql`${importAttempts.importedCount} + ${inserted.length}`,
            skippedCount: sql`${importAttempts.skippedCount} + ${batch.skipped}`,
            errorCount: sql`${importAttempts.errorCount} + ${invalid}`,
            updatedCount: sql`${importAttempts.updatedCount} + ${batch.updates.filter((u) => updated.has(u.contactId)).length}`,
            warningCount: sql`${importAttempts.warningCount} + ${warned}`,
            status: 'processing',
            updatedAt: new Date(),
          })
          .where(eq(importAttempts.id, batch.attemptId))
          .returning({ id: importAttempts.id });
        if (!counted.length) tx.rollback();
        return true;
      });
      return written.catch((error: unknown) => {
        if (error instanceof TransactionRollbackError) return false;
        throw error;
      });
    },

    /** The problem rows of an attempt in file order, a page at a time (for the error file). */
    async problems(attemptId: number, afterRow: number, limit: number): Promise<ImportProblemRow[]> {
      return db
        .select()
        .from(importProblems)
        .where(and(eq(importProblems.attemptId, attemptId), sql`${importProblems.rowNumber} > ${afterRow}`))
        .orderBy(asc(importProblems.rowNumber))
        .limit(limit);
    },

    async listSettings(userId: number) {
      return db.select().from(importSettings).where(eq(importSettings.userId, userId)).orderBy(asc(importSettings.name));
    },
    async saveSetting(userId: number, values: { name: string; headers: string[]; fields: (string | null)[] }) {
      const [row] = await db
        .insert(importSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: [importSettings.userId, importSettings.name], set: { headers: values.headers, fields: values.fields, name: values.name } })
        .returning();
      if (!row) throw new Error('import setting not stored');
      return row;
    },
    async deleteSetting(userId: number, id: number): Promise<boolean> {
      const rows = await db.delete(importSettings).where(and(eq(importSettings.userId, userId), eq(importSettings.id, id))).returning({ id: importSettings.id });
      return rows.length > 0;
    },
  };
}

export type ImportRepository = ReturnType<typeof createImportRepository>;

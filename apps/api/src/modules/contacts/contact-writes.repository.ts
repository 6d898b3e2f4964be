import { and, asc, eq, inArray, isNotNull, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { anyId } from '../../db/sql-helpers';
import { contactEmails, contactNotes, contactPhones, contacts, contactTags, policies, tags } from '../../db/schema';
import type { Reach } from './contact-reach';
import { undoMerges } from './contact-merge-moves.repository';
import { reachCondition, scopeCondition, SEARCH_TEXT_SQL, searchTextSql, type ScopeQuery } from './contacts-scope.repository';

/**
 * Changes to contacts: create (one, or many at once for imports and demo data), update with the
 * phone and e-mail lists, the "new" marker, trash and restore (a selection or a scope), the tags of
 * a contact or a selection, and the search text every writer of names, phones and e-mails refreshes.
 */

export type NewContact = typeof contacts.$inferInsert;
/** The columns a service may set; ids, company, search text and timestamps are the repository's business. */
export type ContactValues = Omit<NewContact, 'id' | 'companyId' | 'searchText' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

export type PhoneValue = { id?: number | undefined; number: string; phoneType: number };
export type EmailValue = { id?: number | undefined; email: string };

/** A policy as insertMany writes it (carrier and type are checked by the caller). */
export type BulkPolicy = Omit<typeof policies.$inferInsert, 'id' | 'contactId' | 'createdAt' | 'updatedAt'>;
/** A note of the notes tab as insertMany writes it. */
export type BulkNote = { authorId: number | null; body: string; createdAt: Date };

/**
 * A contact for insertMany, with its own timestamps when it has a history (imports, demo data),
 * and optionally its tags (the company's), policies and notes.
 */
export type BulkContact = {
  values: ContactValues & Pick<NewContact, 'createdAt' | 'updatedAt'>;
  phones: PhoneValue[];
  emails: EmailValue[];
  tagIds?: number[];
  policies?: BulkPolicy[];
  notes?: BulkNote[];
};

const INSERT_BATCH = 1000;

export function createContactWritesRepository(db: Database) {
  async function refreshSearchText(executor: Database | Tx, ids: number[]): Promise<void> {
    if (!ids.length) return;
    await executor.update(contacts).set({ searchText: SEARCH_TEXT_SQL }).where(anyId(contacts.id, ids));
  }

  /** Makes a contact's phones exactly `phones`, in order: listed ids of this contact are kept, others removed. */
  async function replacePhones(tx: Tx, contactId: number, phones: PhoneValue[]): Promise<void> {
    const existing = new Set(
      (await tx.select({ id: contactPhones.id }).from(contactPhones).where(eq(contactPhones.contactId, contactId))).map((r) => r.id),
    );
    const keep = phones.flatMap((p) => (p.id !== undefined && existing.has(p.id) ? [p.id] : []));
    await tx
      .delete(contactPhones)
      .where(and(eq(contactPhones.contactId, contactId), keep.length ? notInArray(contactPhones.id, keep) : undefined));
    const kept = new Set<number>();
    for (const [position, phone] of phones.entries()) {
      if (phone.id !== undefined && existing.has(phone.id) && !kept.has(phone.id)) {
        kept.add(phone.id);
        await tx
          .update(contactPhones)
          .set({ number: phone.number, phoneType: phone.phoneType, position })
          .where(eq(contactPhones.id, phone.id));
      } else {
        await tx.insert(contactPhones).values({ contactId, number: phone.number, phoneType: phone.phoneType, position });
      }
    }
  }

  /** Makes a contact's e-mails exactly `emails`; a kept e-mail whose address changes is no longer verified. */
  async function replaceEmails(tx: Tx, contactId: number, emails: EmailValue[]): Promise<void> {
    const existing = new Map(
      (await tx.select({ id: contactEmails.id, email: contactEmails.email }).from(contactEmails).where(eq(contactEmails.contactId, contactId))).map(
        (r) => [r.id, r.email.toLowerCase()],
      ),
    );
    const keep = emails.flatMap((e) => (e.id !== undefined && existing.has(e.id) ? [e.id] : []));
    await tx
      .delete(contactEmails)
      .where(and(eq(contactEmails.contactId, contactId), keep.length ? notInArray(contactEmails.id, keep) : undefined));
    const kept = new Set<number>();
    for (const [position, entry] of emails.entries()) {
      const before = entry.id !== undefined ? existing.get(entry.id) : undefined;
      if (entry.id !== undefined && before !== undefined && !kept.has(entry.id)) {
        kept.add(entry.id);
        const changed = before !== entry.email.toLowerCase();
        await tx
          .update(contactEmails)
          .set({ email: entry.email, position, ...(changed && { verified: false, verification: 'unchecked', verifiedAt: null }) })
          .where(eq(contactEmails.id, entry.id));
      } else {
        await tx.insert(contactEmails).values({ contactId, email: entry.email, position });
      }
    }
  }

  return {
    /** Recomputes search_text of these contacts (for writers of phones and e-mails outside this file, such as merge). */
    refreshSearchText,

    /**
     * One contact with its phones and e-mails, in one statement (its CTEs insert the children from the
     * contact's new id): atomic without a transaction's BEGIN and COMMIT, so one round trip.
     */
    async insert(companyId: number, values: ContactValues, phones: PhoneValue[], emails: EmailValue[]): Promise<number> {
      // the search text as SEARCH_TEXT_SQL makes it from the rows inserted with it: written with the
      // row, an update after them wrote every index of the contact twice (the trigram one too)
      const listed = (items: string[]) => (items.length ? items.join(' ') : null);
      const searchText = searchTextSql(
        sql`${values.firstName}::text`,
        sql`${values.lastName ?? ''}::text`,
        sql`${listed(emails.map((e) => e.email))}::text`,
        sql`${listed(phones.map((p) => p.number))}::text`,
      );
      const contact = db.insert(contacts).values({ ...values, companyId, searchText }).returning({ id: contacts.id }).getSQL();
      // a child's position is its place in the list given
      const phoneRows = phones.length
        ? sql`, phones as (insert into ${contactPhones} (contact_id, number, phone_type, position)
            select c.id, x.number, x.phone_type, x.n - 1 from c,
              unnest(${sql.param(phones.map((p) => p.number))}::text[], ${sql.param(phones.map((p) => p.phoneType))}::smallint[]) with ordinality x(number, phone_type, n))`
        : sql``;
      const emailRows = emails.length
        ? sql`, emails as (insert into ${contactEmails} (contact_id, email, position)
            select c.id, x.email, x.n - 1 from c, unnest(${sql.param(emails.map((e) => e.email))}::text[]) with ordinality x(email, n))`
        : sql``;
      const [row] = (await db.execute<{ id: number }>(sql`with c as (${contact})${phoneRows}${emailRows} select id from c`)).rows;
      if (!row) throw new Error('Insert returned nothing');
      return Number(row.id);
    },

    /**
     * Many contacts at once (seeding, imports): a few statements per batch of INSERT_BATCH (PostgreSQL
     * takes at most 65535 parameters a statement), search text refreshed for all. Returns the ids in order.
     */
    async insertMany(companyId: number, items: BulkContact[]): Promise<number[]> {
      const ids: number[] = [];
      for (let start = 0; start < items.length; start += INSERT_BATCH) {
        const batch = items.slice(start, start + INSERT_BATCH);
        ids.push(
          ...(await db.transaction(async (tx) => {
            // RETURNING gives the rows in VALUES order for a plain INSERT.
            const rows = await tx
              .insert(contacts)
              .values(batch.map((item) => ({ ...item.values, companyId })))
              .returning({ id: contacts.id });
            const batchIds = rows.map((r) => r.id);
            const phones = batch.flatMap((item, i) =>
              item.phones.map((p, position) => ({ contactId: batchIds[i] as number, number: p.number, phoneType: p.phoneType, position })),
            );
            const emails = batch.flatMap((item, i) => item.emails.map((e, position) => ({ contactId: batchIds[i] as number, email: e.email, position })));
            if (phones.length) await tx.insert(contactPhones).values(phones);
            if (emails.length) await tx.insert(contactEmails).values(emails);
            const contactOf = (i: number) => batchIds[i] as number;
            const tagLinks = batch.flatMap((item, i) => (item.tagIds ?? []).map((tagId) => ({ contactId: contactOf(i), tagId })));
            const policyRows = batch.flatMap((item, i) => (item.policies ?? []).map((policy) => ({ ...policy, contactId: contactOf(i) })));
            const noteRows = batch.flatMap((item, i) =>
              (item.notes ?? []).map((note) => ({ ...note, contactId: contactOf(i), updatedAt: note.createdAt })),
            );
            if (tagLinks.length) await tx.insert(contactTags).values(tagLinks).onConflictDoNothing();
            if (policyRows.length) await tx.insert(policies).values(policyRows);
            if (noteRows.length) await tx.insert(contactNotes).values(noteRows);
            await refreshSearchText(tx, batchIds);
            return batchIds;
          })),
        );
      }
      return ids;
    },

    /** Changes a contact; `phones` / `emails`, when given, replace the lists. */
    async update(id: number, values: Partial<ContactValues>, phones?: PhoneValue[], emails?: EmailValue[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(contacts)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(contacts.id, id));
        if (phones) await replacePhones(tx, id, phones);
        if (emails) await replaceEmails(tx, id, emails);
        await refreshSearchText(tx, [id]);
      });
    },

    /** Viewing removes the "new" marker; it is not an edit, so updated_at stays, and a contact without it is not written again. */
    async clearNew(id: number): Promise<void> {
      await db.update(contacts).set({ isNew: false }).where(and(eq(contacts.id, id), eq(contacts.isNew, true)));
    },

    /**
     * Moves reachable contacts into the trash (`trashed` true) or back. `target` is a list of ids
     * (within the reach) or the scope (matched among live contacts when trashing, among trashed
     * ones when restoring). Restoring a merged contact undoes its merge in the same transaction
     * (contact-merge.repository undoMerges). Returns how many contacts changed.
     */
    async setTrashed(reach: Reach, target: { ids: number[] } | ScopeQuery, trashed: boolean): Promise<number> {
      const where =
        'ids' in target
          ? and(reachCondition(reach), anyId(contacts.id, target.ids), trashed ? isNull(contacts.deletedAt) : isNotNull(contacts.deletedAt))
          : scopeCondition(reach, { ...target, scope: { ...target.scope, trashed: !trashed } });
      const now = new Date();
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(contacts)
          .set({ deletedAt: trashed ? now : null, updatedAt: now })
          .where(where)
          .returning({ id: contacts.id });
        if (!trashed) {
          const restored = rows.map((r) => r.id);
          const survivors = await undoMerges(tx, restored);
          if (survivors.length) await refreshSearchText(tx, [...restored, ...survivors]);
        }
        return rows.length;
      });
    },

    /** Which of these tag ids are tags of the company. */
    async companyTagIds(companyId: number, ids: number[]): Promise<number[]> {
      if (!ids.length) return [];
      const rows = await db
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.companyId, companyId), anyId(tags.id, ids)));
      return rows.map((r) => r.id);
    },

    /**
     * The company's tags with these names, created (with their colours) where missing; by name.
     * Running it again changes nothing.
     */
    async ensureTags(companyId: number, wanted: { name: string; color: string }[]): Promise<{ id: number; name: string; color: string }[]> {
      if (wanted.length) {
        await db
          .insert(tags)
          .values(wanted.map((t) => ({ companyId, name: t.name, color: t.color })))
          .onConflictDoNothing();
      }
      return db
        .select({ id: tags.id, name: tags.name, color: tags.color })
        .from(tags)
        .where(and(eq(tags.companyId, companyId), inArray(sql`lower(${tags.name})`, wanted.map((t) => t.name.toLowerCase()))))
        .orderBy(asc(tags.name));
    },

    /**
     * Adds `add` to and removes `remove` from every contact of a selection (ids the caller reaches,
     * or the reachable contacts a scope matches), in one statement however large the selection: the
     * selection is a CTE that an INSERT ... SELECT ... ON CONFLICT DO NOTHING and a DELETE read.
     * Returns how many contacts the selection has.
     */
    async updateTags(reach: Reach, target: { ids: number[] } | ScopeQuery, add: number[], remove: number[]): Promise<number> {
      const where = 'ids' in target ? (and(reachCondition(reach), anyId(contacts.id, target.ids)) as SQL) : scopeCondition(reach, target);
      const result = await db.execute<{ n: number }>(sql`with selection as materialized (
          select ${contacts.id} as id from ${contacts} where ${where}
        ), added as (
          insert into ${contactTags} (contact_id, tag_id)
          select s.id, t.id from selection s cross join unnest(${sql.param(add)}::int[]) as t(id)
          on conflict do nothing
        ), removed as (
          delete from ${contactTags} where ${anyId(sql`tag_id`, remove)} and contact_id in (select id from selection)
        )
        select count(*)::int as n from selection`);
      return Number(result.rows[0]?.n ?? 0);
    },

    /** Makes a contact's tags exactly these (tags it keeps keep their dates). */
    async setTags(contactId: number, tagIds: number[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(contactTags)
          .where(and(eq(contactTags.contactId, contactId), tagIds.length ? sql`not ${anyId(contactTags.tagId, tagIds)}` : undefined));
        if (tagIds.length) await tx.insert(contactTags).values(tagIds.map((tagId) => ({ contactId, tagId }))).onConflictDoNothing();
      });
    },
  };
}

export type ContactWritesRepository = ReturnType<typeof createContactWritesRepository>;

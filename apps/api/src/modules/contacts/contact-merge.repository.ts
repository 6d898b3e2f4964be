import { and, asc, eq, inArray, isNull, ne, notInArray } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import {
  contactDocuments,
  contactEmails,
  contactMerges,
  contactPhones,
  contacts,
  contactTags,
  users,
} from '../../db/schema';
import type { ContactValues, ContactWritesRepository } from './contact-writes.repository';
import { CHILD_TABLES, moveChildren, type MergeMoved } from './contact-merge-moves.repository';

/**
 * Phones or e-mails of the merged contact that the survivor does not have yet (numbers exactly,
 * addresses ignoring case): those move, and take positions after the survivor's own.
 */
async function moveDistinct(
  tx: Tx,
  kind: 'phones' | 'emails',
  mergedId: number,
  survivorId: number,
): Promise<number[]> {
  const rows =
    kind === 'phones'
      ? await tx
          .select({
            id: contactPhones.id,
            contactId: contactPhones.contactId,
            value: contactPhones.number,
            position: contactPhones.position,
          })
          .from(contactPhones)
          .where(inArray(contactPhones.contactId, [survivorId, mergedId]))
          .orderBy(asc(contactPhones.position), asc(contactPhones.id))
      : await tx
          .select({
            id: contactEmails.id,
            contactId: contactEmails.contactId,
            value: contactEmails.email,
            position: contactEmails.position,
          })
          .from(contactEmails)
          .where(inArray(contactEmails.contactId, [survivorId, mergedId]))
          .orderBy(asc(contactEmails.position), asc(contactEmails.id));
  const own = rows.filter((r) => r.contactId === survivorId);
  const seen = new Set(own.map((r) => r.value.toLowerCase()));
  let position = Math.max(-1, ...own.map((r) => r.position)) + 1;
  const moving: number[] = [];
  for (const row of rows) {
    if (row.contactId !== mergedId || seen.has(row.value.toLowerCase())) continue;
    seen.add(row.value.toLowerCase());
    moving.push(row.id);
    const table = CHILD_TABLES[kind];
    await tx
      .update(table)
      .set({ contactId: survivorId, position: position++ })
      .where(eq(table.id, row.id));
  }
  return moving;
}

/** Tags of the merged contact put on the survivor too (the merged contact keeps its own); answers the ones the survivor gained. */
async function addTags(tx: Tx, mergedId: number, survivorId: number): Promise<number[]> {
  const tagRows = await tx
    .select({ tagId: contactTags.tagId })
    .from(contactTags)
    .where(eq(contactTags.contactId, mergedId));
  if (!tagRows.length) return [];
  const added = await tx
    .insert(contactTags)
    .values(tagRows.map((r) => ({ contactId: survivorId, tagId: r.tagId })))
    .onConflictDoNothing()
    .returning({ tagId: contactTags.tagId });
  return added.map((r) => r.tagId).sort((a, b) => a - b);
}

/** Data capture and Rx details move only where the survivor has none of that kind. */
async function moveDocuments(tx: Tx, mergedId: number, survivorId: number): Promise<string[]> {
  const kinds = await tx
    .select({ kind: contactDocuments.kind })
    .from(contactDocuments)
    .where(eq(contactDocuments.contactId, survivorId));
  const rows = await tx
    .update(contactDocuments)
    .set({ contactId: survivorId })
    .where(
      and(
        eq(contactDocuments.contactId, mergedId),
        kinds.length
          ? notInArray(
              contactDocuments.kind,
              kinds.map((k) => k.kind),
            )
          : undefined,
      ),
    )
    .returning({ kind: contactDocuments.kind });
  return rows.map((r) => r.kind).sort();
}


export function createContactMergeRepository(
  db: Database,
  contactsRepository: Pick<ContactWritesRepository, 'refreshSearchText'>,
) {
  return {
    /** Whether a user may still own contacts (an active account). */
    async isActiveUser(userId: number): Promise<boolean> {
      const [row] = await db
        .select({ active: users.active })
        .from(users)
        .where(eq(users.id, userId));
      return row?.active === true;
    },

    /**
     * Merges contacts into the survivor in one transaction: the survivor takes `values`; each merged
     * contact's children move (see MergeMoved), it goes to the trash with merged_into_id set, and a
     * contact_merges row records what moved. Answers false (nothing done) when any of the contacts
     * is no longer live.
     */
    async merge(
      survivorId: number,
      mergedIds: number[],
      values: Partial<ContactValues>,
      mergedById: number,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const all = [survivorId, ...mergedIds];
        const live = await tx
          .select({ id: contacts.id })
          .from(contacts)
          .where(and(inArray(contacts.id, all), isNull(contacts.deletedAt)))
          .for('update');
        if (live.length !== all.length) return false;
        const now = new Date();
        await tx
          .update(contacts)
          .set({ ...values, updatedAt: now })
          .where(eq(contacts.id, survivorId));
        for (const mergedId of mergedIds) {
          const moved: MergeMoved = {
            phones: await moveDistinct(tx, 'phones', mergedId, survivorId),
            emails: await moveDistinct(tx, 'emails', mergedId, survivorId),
            notes: [],
            files: [],
            policies: [],
            securities: [],
            activities: [],
            tags_added: await addTags(tx, mergedId, survivorId),
            documents: await moveDocuments(tx, mergedId, survivorId),
            linked: [],
          };
          for (const kind of ['notes', 'files', 'policies', 'securities', 'activities'] as const) {
            moved[kind] = await moveChildren(tx, kind, mergedId, survivorId);
          }
          const relinked = await tx
            .update(contacts)
            .set({ linkedContactId: survivorId, updatedAt: now })
            .where(
              and(
                eq(contacts.linkedContactId, mergedId),
                ne(contacts.id, survivorId),
                notInArray(contacts.id, mergedIds),
              ),
            )
            .returning({ id: contacts.id });
          moved.linked = relinked.map((r) => r.id).sort((a, b) => a - b);
          await tx
            .update(contacts)
            .set({ deletedAt: now, mergedIntoId: survivorId, updatedAt: now })
            .where(eq(contacts.id, mergedId));
          await tx.insert(contactMerges).values({ survivorId, mergedId, mergedById, moved });
        }
        // The survivor never stays linked to a contact merged into it.
        await tx
          .update(contacts)
          .set({ linkedContactId: null })
          .where(and(eq(contacts.id, survivorId), inArray(contacts.linkedContactId, mergedIds)));
        await contactsRepository.refreshSearchText(tx, all);
        return true;
      });
    },
  };
}

export type ContactMergeRepository = ReturnType<typeof createContactMergeRepository>;

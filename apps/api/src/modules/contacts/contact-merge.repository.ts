import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { anyId } from '../../db/sql-helpers';
import {
  contactActivities,
  contactDocuments,
  contactEmails,
  contactFiles,
  contactMerges,
  contactNotes,
  contactPhones,
  contacts,
  contactTags,
  policies,
  securities,
  users,
} from '../../db/schema';
import type { ContactsRepository, ContactValues } from './contacts.repository';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Children that belong to one contact by contact_id and move whole in a merge (by id). */
const CHILD_TABLES = {
  phones: contactPhones,
  emails: contactEmails,
  notes: contactNotes,
  files: contactFiles,
  policies,
  securities,
  activities: contactActivities,
} as const;
type ChildKind = keyof typeof CHILD_TABLES;
const CHILD_KINDS = Object.keys(CHILD_TABLES) as ChildKind[];

/**
 * What one merge moved from the merged contact to the survivor, kept in contact_merges.moved so a
 * restore can move it back: child ids per kind, the tag ids the survivor gained, the document kinds
 * that moved, and the other contacts that were relinked to the survivor.
 */
export type MergeMoved = Record<ChildKind, number[]> & {
  tags_added: number[];
  documents: string[];
  linked: number[];
};

const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** Moves children of one kind from one contact to another: the given ids still on `from`, or all of them. Answers the ids moved. */
async function moveChildren(
  tx: Tx,
  kind: ChildKind,
  from: number,
  to: number,
  ids?: number[],
): Promise<number[]> {
  if (ids && !ids.length) return [];
  const table = CHILD_TABLES[kind];
  const rows = await tx
    .update(table)
    .set({ contactId: to })
    .where(and(eq(table.contactId, from), ids ? inArray(table.id, ids) : undefined))
    .returning({ id: table.id });
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

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

/**
 * Undoes the merges of contacts being restored from the trash, inside the restore's transaction:
 * every child recorded as moved that is still on the survivor goes back, the tags the merge added
 * to the survivor (only those) come off, relinked contacts point at the restored contact again, and
 * the merge is marked restored. Answers the survivors touched (their search text changes).
 */
export async function undoMerges(tx: Tx, restoredIds: number[]): Promise<number[]> {
  if (!restoredIds.length) return [];
  const merges = await tx
    .select()
    .from(contactMerges)
    .where(and(anyId(contactMerges.mergedId, restoredIds), isNull(contactMerges.restoredAt)))
    .orderBy(desc(contactMerges.id));
  const now = new Date();
  for (const merge of merges) {
    const { survivorId, mergedId, moved } = merge;
    for (const kind of CHILD_KINDS)
      await moveChildren(tx, kind, survivorId, mergedId, numbers(moved[kind]));
    const tagIds = numbers(moved.tags_added);
    if (tagIds.length)
      await tx
        .delete(contactTags)
        .where(and(eq(contactTags.contactId, survivorId), inArray(contactTags.tagId, tagIds)));
    const kinds = strings(moved.documents);
    if (kinds.length) {
      await tx
        .update(contactDocuments)
        .set({ contactId: mergedId })
        .where(
          and(eq(contactDocuments.contactId, survivorId), inArray(contactDocuments.kind, kinds)),
        );
    }
    const linked = numbers(moved.linked);
    if (linked.length) {
      await tx
        .update(contacts)
        .set({ linkedContactId: mergedId, updatedAt: now })
        .where(and(inArray(contacts.id, linked), eq(contacts.linkedContactId, survivorId)));
    }
    await tx.update(contactMerges).set({ restoredAt: now }).where(eq(contactMerges.id, merge.id));
  }
  await tx
    .update(contacts)
    .set({ mergedIntoId: null })
    .where(and(anyId(contacts.id, restoredIds), isNotNull(contacts.mergedIntoId)));
  return [...new Set(merges.map((m) => m.survivorId))];
}

export function createContactMergeRepository(
  db: Database,
  contactsRepository: Pick<ContactsRepository, 'refreshSearchText'>,
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

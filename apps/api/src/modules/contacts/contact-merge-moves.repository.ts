import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/database';
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
} from '../../db/schema';

/**
 * What merges move and how they are undone, shared by the merge (contact-merge.repository) and the
 * trash's restore (contact-writes.repository), which depend on it and not on each other.
 */

/** Children that belong to one contact by contact_id and move whole in a merge (by id). */
export const CHILD_TABLES = {
  phones: contactPhones,
  emails: contactEmails,
  notes: contactNotes,
  files: contactFiles,
  policies,
  securities,
  activities: contactActivities,
} as const;
export type ChildKind = keyof typeof CHILD_TABLES;
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
export async function moveChildren(
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

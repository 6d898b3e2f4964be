import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contactDocuments, users } from '../../db/schema';
import type { AuthorColumns } from '../users/author';

/** The documents a contact keeps whole, one row each (contact_documents.kind). */
export type DocumentKind = 'data_capture' | 'rx_details';

export type DocumentRecord = { body: Record<string, unknown>; updatedAt: Date; updatedBy: AuthorColumns };

export function createContactDocumentsRepository(db: Database) {
  return {
    async find(contactId: number, kind: DocumentKind): Promise<DocumentRecord | undefined> {
      const [row] = await db
        .select({
          body: contactDocuments.body,
          updatedAt: contactDocuments.updatedAt,
          editorId: contactDocuments.updatedById,
          editorFirst: users.firstName,
          editorLast: users.lastName,
        })
        .from(contactDocuments)
        .leftJoin(users, eq(users.id, contactDocuments.updatedById))
        .where(and(eq(contactDocuments.contactId, contactId), eq(contactDocuments.kind, kind)));
      if (!row) return undefined;
      return { body: row.body, updatedAt: row.updatedAt, updatedBy: { id: row.editorId, firstName: row.editorFirst, lastName: row.editorLast } };
    },

    /** Replaces the document (creates it the first time). */
    async save(contactId: number, kind: DocumentKind, body: Record<string, unknown>, userId: number): Promise<void> {
      await db
        .insert(contactDocuments)
        .values({ contactId, kind, body, updatedById: userId })
        .onConflictDoUpdate({
          target: [contactDocuments.contactId, contactDocuments.kind],
          set: { body: sql`excluded.body`, updatedById: sql`excluded.updated_by_id`, updatedAt: sql`now()` },
        });
    },
  };
}

export type ContactDocumentsRepository = ReturnType<typeof createContactDocumentsRepository>;

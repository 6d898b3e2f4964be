import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contactNotes, users } from '../../db/schema';
import type { AuthorColumns } from '../users/author';

export type NoteRecord = {
  id: number;
  contactId: number;
  body: string;
  author: AuthorColumns;
  createdAt: Date;
  updatedAt: Date;
};

/** `100%_sure` → `100\%\_sure`: the word is matched literally inside ILIKE's wildcards. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every word of q occurs in the note, ignoring case. */
function wordsCondition(words: string[]): SQL | undefined {
  if (!words.length) return undefined;
  return and(...words.map((w) => sql`${contactNotes.body} ilike ${`%${likeEscape(w)}%`}`));
}

const selection = {
  id: contactNotes.id,
  contactId: contactNotes.contactId,
  body: contactNotes.body,
  createdAt: contactNotes.createdAt,
  updatedAt: contactNotes.updatedAt,
  authorId: contactNotes.authorId,
  authorFirst: users.firstName,
  authorLast: users.lastName,
};

function toRecord({ authorId, authorFirst, authorLast, ...note }: {
  id: number;
  contactId: number;
  body: string;
  createdAt: Date;
  updatedAt: Date;
  authorId: number | null;
  authorFirst: string | null;
  authorLast: string | null;
}): NoteRecord {
  return { ...note, author: { id: authorId, firstName: authorFirst, lastName: authorLast } };
}

export function createContactNotesRepository(db: Database) {
  async function find(contactId: number, id: number): Promise<NoteRecord | undefined> {
    const [row] = await db
      .select(selection)
      .from(contactNotes)
      .leftJoin(users, eq(users.id, contactNotes.authorId))
      .where(and(eq(contactNotes.contactId, contactId), eq(contactNotes.id, id)));
    return row && toRecord(row);
  }

  return {
    find,

    /** A page of a contact's notes, newest first, and how many match. */
    async list(contactId: number, words: string[], page: number, limit: number): Promise<{ rows: NoteRecord[]; total: number }> {
      const where = and(eq(contactNotes.contactId, contactId), wordsCondition(words));
      const [rows, [counted]] = await Promise.all([
        db
          .select(selection)
          .from(contactNotes)
          .leftJoin(users, eq(users.id, contactNotes.authorId))
          .where(where)
          .orderBy(desc(contactNotes.createdAt), desc(contactNotes.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(contactNotes).where(where),
      ]);
      return { rows: rows.map(toRecord), total: counted?.n ?? 0 };
    },

    async insert(contactId: number, authorId: number, body: string): Promise<NoteRecord> {
      const [row] = await db.insert(contactNotes).values({ contactId, authorId, body }).returning({ id: contactNotes.id });
      if (!row) throw new Error('Insert returned nothing');
      return (await find(contactId, row.id)) as NoteRecord;
    },

    async update(contactId: number, id: number, body: string): Promise<NoteRecord | undefined> {
      await db
        .update(contactNotes)
        .set({ body, updatedAt: new Date() })
        .where(and(eq(contactNotes.contactId, contactId), eq(contactNotes.id, id)));
      return find(contactId, id);
    },

    async delete(contactId: number, id: number): Promise<void> {
      await db.delete(contactNotes).where(and(eq(contactNotes.contactId, contactId), eq(contactNotes.id, id)));
    },
  };
}

export type ContactNotesRepository = ReturnType<typeof createContactNotesRepository>;

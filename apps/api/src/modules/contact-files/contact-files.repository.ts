import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contactFiles, users } from '../../db/schema';
import type { AuthorColumns } from '../users/author';

export type FileRecord = {
  id: number;
  contactId: number;
  fileName: string;
  contentType: string;
  byteSize: number;
  storageKey: string;
  uploadedBy: AuthorColumns;
  createdAt: Date;
};

export type NewFile = Omit<FileRecord, 'id' | 'uploadedBy' | 'createdAt'> & { uploadedById: number };

const selection = {
  id: contactFiles.id,
  contactId: contactFiles.contactId,
  fileName: contactFiles.fileName,
  contentType: contactFiles.contentType,
  byteSize: contactFiles.byteSize,
  storageKey: contactFiles.storageKey,
  createdAt: contactFiles.createdAt,
  uploaderId: contactFiles.uploadedById,
  uploaderFirst: users.firstName,
  uploaderLast: users.lastName,
};

/** A row of `selection`: the file's columns and its uploader's, flat. */
type FileRow = Omit<FileRecord, 'uploadedBy'> & {
  uploaderId: number | null;
  uploaderFirst: string | null;
  uploaderLast: string | null;
};

function toRecord({ uploaderId, uploaderFirst, uploaderLast, ...file }: FileRow): FileRecord {
  return { ...file, uploadedBy: { id: uploaderId, firstName: uploaderFirst, lastName: uploaderLast } };
}

/** Rows of contact_files; the bytes are the storage provider's business. */
export function createContactFilesRepository(db: Database) {
  const query = () => db.select(selection).from(contactFiles).leftJoin(users, eq(users.id, contactFiles.uploadedById));

  async function find(contactId: number, id: number): Promise<FileRecord | undefined> {
    const [row] = await query().where(and(eq(contactFiles.contactId, contactId), eq(contactFiles.id, id)));
    return row && toRecord(row);
  }

  return {
    find,

    /** A contact's files, newest first. */
    async list(contactId: number): Promise<FileRecord[]> {
      const rows = await query()
        .where(eq(contactFiles.contactId, contactId))
        .orderBy(desc(contactFiles.createdAt), desc(contactFiles.id));
      return rows.map(toRecord);
    },

    async insert(file: NewFile): Promise<FileRecord> {
      const [row] = await db.insert(contactFiles).values(file).returning({ id: contactFiles.id });
      if (!row) throw new Error('Insert returned nothing');
      return (await find(file.contactId, row.id)) as FileRecord;
    },

    /** Removes the row and answers its storage key (undefined when there was none). */
    async delete(contactId: number, id: number): Promise<string | undefined> {
      const [row] = await db
        .delete(contactFiles)
        .where(and(eq(contactFiles.contactId, contactId), eq(contactFiles.id, id)))
        .returning({ storageKey: contactFiles.storageKey });
      return row?.storageKey;
    },
  };
}

export type ContactFilesRepository = ReturnType<typeof createContactFilesRepository>;

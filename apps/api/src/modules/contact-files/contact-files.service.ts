import type { Readable } from 'node:stream';
import type { ContactFile } from '@crm/contract';
import { HttpError, notFound, unprocessable } from '../../lib/http-errors';
import { throughInspector } from '../../lib/upload-stream';
import { storageKey, type StorageProvider } from '../../vendors/storage/storage.provider';
import type { ContactsCaller, ContactsService } from '../contacts/contacts.service';
import { toAuthor } from '../users/author';
import { acceptedType, cleanFileName, createUploadInspector, FILE_MESSAGES } from './contact-file-rules';
import type { ContactFilesRepository, FileRecord } from './contact-files.repository';

/** One uploaded file as the multipart parser hands it over: the name and type the client declared, the bytes as they arrive. */
export type IncomingFile = {
  fileName: string;
  contentType: string;
  stream: Readable;
  /** True once the parser has cut the file off at its size limit. */
  truncated: () => boolean;
};

type Deps = {
  files: ContactFilesRepository;
  storage: StorageProvider;
  contacts: Pick<ContactsService, 'requireReachable'>;
};

export function toContactFile(f: FileRecord): ContactFile {
  return {
    id: f.id,
    file_name: f.fileName,
    content_type: f.contentType,
    byte_size: f.byteSize,
    uploaded_by: toAuthor(f.uploadedBy),
    created_at: f.createdAt.toISOString(),
  };
}

/**
 * Files of a contact (spec part 2 §7 "Notes, files, tags"). An upload is checked by name and
 * declared type before anything is stored, and by size and first bytes while it streams into the
 * storage provider (contact-file-rules.ts); a refused or failed upload leaves no bytes and no row.
 */
export function createContactFilesService({ files, storage, contacts }: Deps) {
  /**
   * Streams the file into storage through the inspector. A refusal comes back as its 422, a broken
   * upload as 422 too; what is left of a refused file is read and dropped so the request completes.
   */
  async function store(key: string, incoming: IncomingFile, extension: string): Promise<number> {
    const { stream } = incoming;
    const inspector = createUploadInspector(extension, incoming.truncated);
    // A small file can be refused before the storage provider listens (it may prepare a folder
    // first); the error is kept on the stream and the provider's put rejects with it then (throughInspector).
    let sourceFailed = false;
    try {
      await storage.put(key, throughInspector(stream, inspector, () => (sourceFailed = true)));
      return inspector.bytes();
    } catch (error) {
      stream.resume();
      if (error instanceof HttpError) throw error;
      if (sourceFailed) throw unprocessable({ file: FILE_MESSAGES.unreadable });
      throw error;
    }
  }

  return {
    async list(caller: ContactsCaller, contactId: number): Promise<{ data: ContactFile[] }> {
      const contact = await contacts.requireReachable(caller, contactId, { withTrashed: true });
      return { data: (await files.list(contact.id)).map(toContactFile) };
    },

    /** `receive` reads the upload from the request once the contact is known to be in reach. */
    async upload(caller: ContactsCaller, contactId: number, receive: () => Promise<IncomingFile | undefined>): Promise<{ data: ContactFile }> {
      const contact = await contacts.requireReachable(caller, contactId);
      const incoming = await receive();
      const fileName = incoming ? cleanFileName(incoming.fileName) : '';
      if (!incoming || !fileName) {
        incoming?.stream.resume();
        throw unprocessable({ file: FILE_MESSAGES.missing });
      }
      let type: ReturnType<typeof acceptedType>;
      try {
        type = acceptedType(fileName, incoming.contentType);
      } catch (error) {
        incoming.stream.resume();
        throw error;
      }
      const key = storageKey('contact-files');
      const byteSize = await store(key, incoming, type.extension);
      try {
        const row = await files.insert({ contactId: contact.id, uploadedById: caller.user.id, fileName, contentType: type.contentType, byteSize, storageKey: key });
        return { data: toContactFile(row) };
      } catch (error) {
        await storage.delete(key);
        throw error;
      }
    },

    /** The file's row and its bytes, for the download answer. */
    async download(caller: ContactsCaller, contactId: number, fileId: number): Promise<{ file: FileRecord; body: Readable }> {
      const contact = await contacts.requireReachable(caller, contactId, { withTrashed: true });
      const file = await files.find(contact.id, fileId);
      const body = file && (await storage.get(file.storageKey));
      if (!file || !body) throw notFound('File');
      return { file, body };
    },

    /** Removes the row, then the stored bytes. */
    async remove(caller: ContactsCaller, contactId: number, fileId: number): Promise<void> {
      const contact = await contacts.requireReachable(caller, contactId);
      const key = await files.delete(contact.id, fileId);
      if (key === undefined) throw notFound('File');
      await storage.delete(key);
    },
  };
}

export type ContactFilesService = ReturnType<typeof createContactFilesService>;

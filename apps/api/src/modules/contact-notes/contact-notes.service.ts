import type { ContactNote, PagingMeta } from '@crm/contract';
import { forbidden, notFound } from '../../lib/http-errors';
import { contactReach, type Reach } from '../contacts/contact-reach';
import type { ContactsCaller, ContactsService } from '../contacts/contacts.service';
import { toAuthor } from '../users/author';
import type { ContactNotesRepository, NoteRecord } from './contact-notes.repository';

type Deps = {
  notes: ContactNotesRepository;
  contacts: Pick<ContactsService, 'requireReachable'>;
  /** Whether the reach covers a user as an owner: the caller, anyone below them, or the whole company (contacts repository). */
  ownerReachable: (reach: Reach, userId: number) => Promise<boolean>;
};

export function toContactNote(n: NoteRecord): ContactNote {
  return { id: n.id, body: n.body, author: toAuthor(n.author), created_at: n.createdAt.toISOString(), updated_at: n.updatedAt.toISOString() };
}

/**
 * The notes tab of a contact (spec part 2 §7 "Notes, files, tags"). Anyone who reaches the contact
 * reads and adds notes; changing or deleting one is for its author and for those whose reach covers
 * the author as it covers an owner (administrators of the company, managers above the author).
 */
export function createContactNotesService({ notes, contacts, ownerReachable }: Deps) {
  /** The note of this contact that the caller may change, else 404 (no such note here) or 403. */
  async function changeable(caller: ContactsCaller, contactId: number, noteId: number): Promise<NoteRecord> {
    const contact = await contacts.requireReachable(caller, contactId);
    const note = await notes.find(contact.id, noteId);
    if (!note) throw notFound('Note');
    const reach = contactReach(caller);
    const authorId = note.author.id;
    const allowed = authorId === null ? reach.kind === 'company' : await ownerReachable(reach, authorId);
    if (!allowed) throw forbidden();
    return note;
  }

  return {
    async list(
      caller: ContactsCaller,
      contactId: number,
      query: { q?: string | undefined; page: number; limit: number },
    ): Promise<{ data: ContactNote[]; meta: PagingMeta }> {
      const contact = await contacts.requireReachable(caller, contactId, { withTrashed: true });
      const words = (query.q ?? '').split(/\s+/).filter(Boolean);
      const { rows, total } = await notes.list(contact.id, words, query.page, query.limit);
      return {
        data: rows.map(toContactNote),
        meta: { current_page: query.page, limit: query.limit, total_count: total, total_pages: Math.ceil(total / query.limit) },
      };
    },

    async create(caller: ContactsCaller, contactId: number, body: string): Promise<{ data: ContactNote }> {
      const contact = await contacts.requireReachable(caller, contactId);
      return { data: toContactNote(await notes.insert(contact.id, caller.user.id, body)) };
    },

    async update(caller: ContactsCaller, contactId: number, noteId: number, body: string): Promise<{ data: ContactNote }> {
      const note = await changeable(caller, contactId, noteId);
      const updated = await notes.update(note.contactId, note.id, body);
      if (!updated) throw notFound('Note');
      return { data: toContactNote(updated) };
    },

    async remove(caller: ContactsCaller, contactId: number, noteId: number): Promise<void> {
      const note = await changeable(caller, contactId, noteId);
      await notes.delete(note.contactId, note.id);
    },
  };
}

export type ContactNotesService = ReturnType<typeof createContactNotesService>;

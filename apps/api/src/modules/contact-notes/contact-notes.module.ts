import type { Core } from '../../core';
import type { ContactsModule } from '../contacts/contacts.module';
import { createContactNotesRepository } from './contact-notes.repository';
import { createContactNotesService } from './contact-notes.service';

/** The notes tab of a contact. */
export function createContactNotesModule(
  { db }: Core,
  { contacts, contactsRepository }: ContactsModule,
) {
  return {
    contactNotes: createContactNotesService({
      notes: createContactNotesRepository(db),
      contacts,
      ownerReachable: contactsRepository.ownerReachable,
    }),
  };
}

import type { Core } from '../../core';
import type { ContactsModule } from '../contacts/contacts.module';
import { createContactDocumentsRepository } from './contact-documents.repository';
import { createContactDocumentsService } from './contact-documents.service';

/** Documents kept whole per contact (data capture, Rx details). */
export function createContactDocumentsModule({ db }: Core, { contacts }: ContactsModule) {
  return {
    contactDocuments: createContactDocumentsService({
      documents: createContactDocumentsRepository(db),
      contacts,
    }),
  };
}

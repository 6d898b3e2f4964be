import type { Core } from '../../core';
import type { ContactsModule } from '../contacts/contacts.module';
import { createContactFilesRepository } from './contact-files.repository';
import { createContactFilesService } from './contact-files.service';

/** Files attached to a contact (bytes in the storage provider). */
export function createContactFilesModule({ db, storage }: Core, { contacts }: ContactsModule) {
  return {
    contactFiles: createContactFilesService({
      files: createContactFilesRepository(db),
      storage,
      contacts,
    }),
  };
}

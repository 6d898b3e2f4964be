import type { Core } from '../../core';
import type { ContactsModule } from '../contacts/contacts.module';
import { createPrintRepository } from './print.repository';
import { createPrintService } from './print.service';

/** Batch print of contact sheets and mailing labels, built by a job. */
export function createPrintModule(
  { db, storage, jobs }: Core,
  { contacts, contactsRepository }: ContactsModule,
) {
  const print = createPrintService({
    prints: createPrintRepository(db),
    storage,
    contacts,
    load: (ids) => contactsRepository.load(ids),
    jobs,
  });
  jobs.define(print.job);
  return { print };
}

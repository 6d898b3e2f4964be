import type { Core } from '../../core';
import type { ContactsModule } from '../contacts/contacts.module';
import { createImportJob } from './import.job';
import { createImportRepository } from './import.repository';
import { createImportService } from './import.service';

/** Imports of lead and client files: the service, and its job defined on the queue. */
export function createImportModule(
  { db, storage, broadcaster, jobs, usersRepository }: Core,
  { contactsRepository }: ContactsModule,
) {
  const repository = createImportRepository(db);
  const imports = createImportService({
    imports: repository,
    storage,
    broadcaster,
    jobs,
    ownerReachable: contactsRepository.ownerReachable,
    companyBrand: usersRepository.companyBrand,
  });
  jobs.define(
    createImportJob({
      imports: repository,
      storage,
      announce: imports.announce,
      companyBrand: usersRepository.companyBrand,
    }),
  );
  return { imports };
}

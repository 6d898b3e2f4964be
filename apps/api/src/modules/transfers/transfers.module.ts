import type { Core } from '../../core';
import type { ContactsModule } from '../contacts/contacts.module';
import { createTransfersRepository } from './transfers.repository';
import { createTransferJob, createTransfersService } from './transfers.service';

/** Transfers, group changes and mailer assignment; the transfer job is defined on the queue. */
export function createTransfersModule(
  { db, jobs }: Core,
  { contacts, contactsRepository }: ContactsModule,
) {
  const repository = createTransfersRepository(db);
  jobs.define(createTransferJob(repository));
  return {
    transfers: createTransfersService({
      transfers: repository,
      contacts,
      ownerReachable: contactsRepository.ownerReachable,
      jobs,
    }),
  };
}

import type { Core } from '../../core';
import type { LookupsRepository } from '../lookups/lookups.repository';
import { createContactActionsRepository } from './contact-actions.repository';
import { createContactActionsService } from './contact-actions.service';
import { createContactMergeRepository } from './contact-merge.repository';
import { createContactMergeService } from './contact-merge.service';
import { createContactsRepository } from './contacts.repository';
import { createContactsService } from './contacts.service';

/**
 * Contacts: the list, search and records (contacts), their repository for the modules that work
 * on contacts (contactsRepository), the record actions (verify, activity, ...) and merges.
 */
export function createContactsModule(
  core: Core,
  { lookupsRepository }: { lookupsRepository: LookupsRepository },
) {
  const { db, emailVerifier } = core;
  const contactsRepository = createContactsRepository(db);
  const contacts = createContactsService({
    contacts: contactsRepository,
    lookups: lookupsRepository,
  });
  return {
    contactsRepository,
    contacts,
    contactActions: createContactActionsService({
      contacts,
      contactsRepository,
      actions: createContactActionsRepository(db),
      verifier: emailVerifier,
    }),
    contactMerge: createContactMergeService({
      contacts,
      contactsRepository,
      merges: createContactMergeRepository(db, contactsRepository),
    }),
  };
}

/** What the modules that work on a contact's records need of the contacts module. */
export type ContactsModule = ReturnType<typeof createContactsModule>;

import type { Database } from '../../db/database';
import { createContactRecordRepository } from './contact-record.repository';
import { createContactWritesRepository } from './contact-writes.repository';
import { createContactsExportRepository } from './contacts-export.repository';
import { createContactsListRepository } from './contacts-list.repository';
import { createScopeLookAhead } from './contacts-scope.repository';

/**
 * The contacts module's repository, one object built from its parts (each in its own file): one
 * contact's record and answer (contact-record), the list and its search (contacts-list), the
 * writes (contact-writes) and the exports (contacts-export), on the shared scope
 * (contacts-scope: reach, filters, search) and list order (contacts-page). Types and SQL helpers
 * are imported from the part that holds them; this file only puts the parts together.
 */
export function createContactsRepository(db: Database) {
  const record = createContactRecordRepository(db);
  const lookAhead = createScopeLookAhead(db);
  return {
    ...record,
    ...createContactsListRepository(db, lookAhead, record),
    ...createContactWritesRepository(db),
    ...createContactsExportRepository(db, lookAhead),
  };
}

export type ContactsRepository = ReturnType<typeof createContactsRepository>;

import type { Core } from '../../core';
import type { ContactsModule } from '../contacts/contacts.module';
import { createSecuritiesRepository } from './securities.repository';
import { createSecuritiesService } from './securities.service';

/** Securities (financial holdings) of a contact. */
export function createSecuritiesModule({ db }: Core, { contacts }: ContactsModule) {
  return {
    securities: createSecuritiesService({ securities: createSecuritiesRepository(db), contacts }),
  };
}

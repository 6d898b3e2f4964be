import type { Core } from '../../core';
import type { ContactsModule } from '../contacts/contacts.module';
import { createPoliciesRepository } from './policies.repository';
import { createPoliciesService } from './policies.service';

/** Insurance policies of a contact. */
export function createPoliciesModule({ db }: Core, { contacts }: ContactsModule) {
  return { policies: createPoliciesService({ policies: createPoliciesRepository(db), contacts }) };
}

import type { Core } from '../../core';
import type { ContactsModule } from '../contacts/contacts.module';
import { createConsentRepository } from './consent.repository';
import { createConsentService } from './consent.service';

/** Consent and contact windows: the one gate every text and call asks (ctx.consent.check), and the record of opt-outs and opt-ins. */
export function createConsentModule({ db, audit }: Core, { contacts }: ContactsModule) {
  return { consent: createConsentService({ repo: createConsentRepository(db), audit, contacts }) };
}

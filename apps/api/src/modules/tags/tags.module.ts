import type { Core } from '../../core';
import type { ContactsModule } from '../contacts/contacts.module';
import { createTagsRepository } from './tags.repository';
import { createTagsService } from './tags.service';

/** The company's tags and the tags on contacts. */
export function createTagsModule({ db }: Core, { contacts }: ContactsModule) {
  return { tags: createTagsService({ tags: createTagsRepository(db), contacts }) };
}

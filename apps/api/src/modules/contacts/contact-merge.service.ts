import {
  MERGE_FIELDS,
  type Contact,
  type MergeField,
  type mergeContacts,
  type ParsedBodyOf,
} from '@crm/contract';
import { notFound, unprocessable } from '../../lib/http-errors';
import type { JsonText } from '../../lib/json-text';
import type { ContactMergeRepository } from './contact-merge.repository';
import { contactReach } from './contact-reach';
import type { ContactRecord } from './contact-record.repository';
import type { ContactValues } from './contact-writes.repository';
import type { ContactsRepository } from './contacts.repository';
import type { ContactsCaller, ContactsService } from './contacts.service';

type MergeInput = ParsedBodyOf<typeof mergeContacts>;

/** The column behind each field a merge chooses (the same name on the record and in the values). */
const MERGE_COLUMNS = {
  first_name: 'firstName',
  last_name: 'lastName',
  category: 'category',
  status_id: 'statusId',
  agentflow_status_id: 'agentflowStatusId',
  source_id: 'sourceId',
  owner_id: 'ownerId',
  address1: 'address1',
  address2: 'address2',
  city: 'city',
  state: 'state',
  zip: 'zip',
  date_of_birth: 'dateOfBirth',
  gender: 'gender',
  language: 'language',
  timezone: 'timezone',
  medicare_number: 'medicareNumber',
  part_a_date: 'partADate',
  part_b_date: 'partBDate',
  note: 'note',
} as const satisfies Record<MergeField, keyof ContactValues & keyof ContactRecord>;

type Deps = {
  contacts: ContactsService;
  contactsRepository: ContactsRepository;
  merges: ContactMergeRepository;
};

/**
 * Contact merge (spec part 2 §3 "duplicates and merge", behind the contact_merge flag): the survivor
 * takes the chosen value of each field; phones and e-mails it lacks, notes, files, policies,
 * securities, activities, tags, documents it lacks and links move to it; the merged contacts go to
 * the trash, and restoring one of them undoes its merge (contact-writes.repository setTrashed).
 */
export function createContactMergeService({ contacts, contactsRepository, merges }: Deps) {
  return {
    async merge(caller: ContactsCaller, body: MergeInput): Promise<JsonText<{ data: Contact }>> {
      const mergedIds = [...new Set(body.merged_ids)];
      // Every contact must be live and within reach: 404 otherwise, as for a missing one.
      const records = new Map<number, ContactRecord>();
      for (const id of [body.survivor_id, ...mergedIds])
        records.set(id, await contacts.findReachable(caller, id));
      const survivor = records.get(body.survivor_id) as ContactRecord;

      const values: Partial<ContactValues> = {};
      for (const field of MERGE_FIELDS) {
        const source = records.get(body.fields[field] ?? survivor.id);
        if (!source || source.id === survivor.id) continue;
        const column = MERGE_COLUMNS[field];
        Object.assign(values, { [column]: source[column] });
      }
      // An owner taken from a merged contact must still be one the caller may give contacts to.
      const ownerId = values.ownerId;
      if (ownerId !== undefined && ownerId !== survivor.ownerId) {
        const valid =
          (await contactsRepository.ownerReachable(contactReach(caller), ownerId)) &&
          (await merges.isActiveUser(ownerId));
        if (!valid) throw unprocessable({ owner_id: 'Choose an owner' });
      }

      if (!(await merges.merge(survivor.id, mergedIds, values, caller.user.id)))
        throw notFound('Contact');
      return contacts.present(survivor.id);
    },
  };
}

export type ContactMergeService = ReturnType<typeof createContactMergeService>;

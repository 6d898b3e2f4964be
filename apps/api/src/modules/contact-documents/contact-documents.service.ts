import {
  DEFAULT_DATA_CAPTURE_QUESTIONS,
  type ParsedBodyOf,
  type ResponseOf,
  type showDataCapture,
  type showRxDetails,
  type updateRxDetails,
} from '@crm/contract';
import type { ContactsCaller, ContactsService } from '../contacts/contacts.service';
import { toAuthor } from '../users/author';
import type { ContactDocumentsRepository, DocumentKind } from './contact-documents.repository';

type DataCapture = ResponseOf<typeof showDataCapture>['data'];
type RxDetails = ResponseOf<typeof showRxDetails>['data'];
type Stamp = 'updated_at' | 'updated_by';

/** Each kind's content as the API names it (the stamp aside), and what a contact without one shows. */
type Contents = { data_capture: Omit<DataCapture, Stamp>; rx_details: Omit<RxDetails, Stamp> };
const EMPTY: { [K in DocumentKind]: () => Contents[K] } = {
  data_capture: () => ({ data_captures: DEFAULT_DATA_CAPTURE_QUESTIONS.map((question) => ({ question, answer: '' })) }),
  rx_details: () => ({ prescriptions: [], pharmacy: null }),
};

/** Rx details as saved: fields left out of the body are stored as null. */
export function rxContent({ prescriptions, pharmacy }: ParsedBodyOf<typeof updateRxDetails>): Contents['rx_details'] {
  return {
    prescriptions: prescriptions.map((p) => ({ ...p, strength: p.strength ?? null })),
    pharmacy: pharmacy && { ...pharmacy, address: pharmacy.address ?? null, phone: pharmacy.phone ?? null },
  };
}

type Deps = { documents: ContactDocumentsRepository; contacts: Pick<ContactsService, 'requireReachable'> };

/**
 * Documents a contact keeps whole (spec part 2 §7 "Contacts": data capture; Rx details for Medicare
 * plan matching): read as saved, or the kind's empty form, and replaced as a whole on save. The
 * stored body is the content as the contract checked it.
 */
export function createContactDocumentsService({ documents, contacts }: Deps) {
  async function show<K extends DocumentKind>(caller: ContactsCaller, contactId: number, kind: K): Promise<{ data: Contents[K] & Pick<DataCapture, Stamp> }> {
    const contact = await contacts.requireReachable(caller, contactId, { withTrashed: true });
    const saved = await documents.find(contact.id, kind);
    const content = saved ? (saved.body as Contents[K]) : EMPTY[kind]();
    return {
      data: { ...content, updated_at: saved ? saved.updatedAt.toISOString() : null, updated_by: saved ? toAuthor(saved.updatedBy) : null },
    };
  }

  async function replace<K extends DocumentKind>(caller: ContactsCaller, contactId: number, kind: K, content: Contents[K]) {
    const contact = await contacts.requireReachable(caller, contactId);
    await documents.save(contact.id, kind, content, caller.user.id);
    return show(caller, contact.id, kind);
  }

  return { show, replace };
}

export type ContactDocumentsService = ReturnType<typeof createContactDocumentsService>;

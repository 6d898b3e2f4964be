import type { createTag, ParsedBodyOf, searchTags, Tag } from '@crm/contract';
import { unprocessable } from '../../lib/http-errors';
import { contactReach } from '../contacts/contact-reach';
import { scopeQuery, type ContactsCaller, type ContactsService } from '../contacts/contacts.service';
import type { TagsRepository } from './tags.repository';

type SearchInput = ParsedBodyOf<typeof searchTags>;
type CreateInput = ParsedBodyOf<typeof createTag>;

type Deps = { tags: TagsRepository; contacts: Pick<ContactsService, 'requireReachableIds'> };

/** The company's tags (spec part 2 §7 "Notes, files, tags"): the picker's search and creating one. */
export function createTagsService({ tags, contacts }: Deps) {
  return {
    /**
     * Tags whose name contains q, by name. With contacts_scope, each carries contacts_count: the
     * live contacts in the caller's reach (narrowed by the scope's contact group) that match the
     * scope and carry the tag.
     */
    async search(caller: ContactsCaller, body: SearchInput): Promise<{ data: (Tag & { contacts_count?: number })[] }> {
      const found = await tags.search(caller.user.companyId, body?.q ?? '', body?.limit ?? 100);
      const scope = body?.contacts_scope;
      if (!scope) return { data: found };
      const query = scopeQuery(caller, { ...scope, trashed: false });
      const counts = await tags.countContacts(
        found.map((t) => t.id),
        contactReach(caller, query.scope.contact_group),
        query,
      );
      return { data: found.map((t) => ({ ...t, contacts_count: counts.get(t.id) ?? 0 })) };
    },

    /** A new company tag; tag_objects (every one reachable, else 404 and nothing is created) carry it at once. */
    async create(caller: ContactsCaller, body: CreateInput): Promise<{ data: Tag }> {
      const contactIds = await contacts.requireReachableIds(caller, body.tag_objects ?? []);
      const tag = await tags.insert(caller.user.companyId, { name: body.name, color: body.color.toLowerCase() }, contactIds);
      if (!tag) throw unprocessable({ name: 'A tag with this name already exists' });
      return { data: tag };
    },
  };
}

export type TagsService = ReturnType<typeof createTagsService>;

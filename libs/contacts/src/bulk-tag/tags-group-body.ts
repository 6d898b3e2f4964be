import type { BodyOf, ContactsScope, Endpoints } from '@crm/contract';
import { selectionBody, type Selection } from '../selection';

export type TagsGroupBody = BodyOf<Endpoints['updateTagsGroup']>;

/**
 * The body of PATCH /v1/contacts/update_tags_group: the selection (ids, or all plus the list's
 * scope without paging) with the tags to add and to remove.
 */
export function tagsGroupBody(selection: Selection, scope: ContactsScope, add: readonly number[], remove: readonly number[]): TagsGroupBody {
  return { ...selectionBody(selection, scope), tags: [...add], remove_tags: [...remove] };
}

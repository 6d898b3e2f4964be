import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idParams, timestamp } from './common.contract';
import { contactsScope, type ContactsScope, type ParsedContactsScope } from './contacts.contract';

/**
 * A saved contacts_scope as the server answers it: normalised and in the form GET /v1/contacts
 * takes, so the client sends it back as is. (The response is not re-validated through
 * contactsScope: its transforms only run one way.)
 */
export const savedContactsScope = z.record(z.string(), z.unknown()).describe('A contacts_scope (see GET /v1/contacts), normalised');

/** A quick filter: a named, saved contacts scope of the signed-in user (spec part 1 §7). */
export const quickFilter = z.object({
  id: z.number().int(),
  name: z.string(),
  contacts_scope: savedContactsScope,
  created_at: timestamp,
  updated_at: timestamp,
});
export type QuickFilter = z.infer<typeof quickFilter>;

const quickFilterName = z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(60, 'Name must be at most 60 characters');

export const quickFilterBody = z.object({ name: quickFilterName, contacts_scope: contactsScope });
export const quickFilterPatch = z.object({ name: quickFilterName.optional(), contacts_scope: contactsScope.optional() });

export const DUPLICATE_QUICK_FILTER = 'You already have a quick filter with this name';

/** A parsed scope back in the form contactsScope accepts (search conditions carry `value` again). */
export function toScopeInput(scope: ParsedContactsScope): ContactsScope {
  return {
    ...scope,
    search: scope.search.map((c) => ({ field: c.field, operator: c.operator, value: c.values.length === 1 ? c.values[0] : c.values })),
  } as ContactsScope;
}

const data = z.object({ data: quickFilter });

export const listQuickFilters = defineEndpoint({
  scope: 'quick_filters:read',
  method: 'GET',
  path: '/v1/quick_filters',
  summary: "The signed-in user's quick filters, by name",
  tag: 'quick_filters',
  access: 'user',
  gate: 'enforced',
  response: z.object({ data: z.array(quickFilter) }),
});

export const createQuickFilter = defineEndpoint({
  scope: 'quick_filters:write',
  method: 'POST',
  path: '/v1/quick_filters',
  summary: 'Save a contacts scope under a name (names are unique per user)',
  tag: 'quick_filters',
  access: 'user',
  gate: 'enforced',
  body: quickFilterBody,
  response: data,
});

export const updateQuickFilter = defineEndpoint({
  scope: 'quick_filters:write',
  method: 'PATCH',
  path: '/v1/quick_filters/{id}',
  summary: 'Rename a quick filter or replace its scope',
  tag: 'quick_filters',
  access: 'user',
  gate: 'enforced',
  params: idParams,
  body: quickFilterPatch,
  response: data,
});

export const deleteQuickFilter = defineEndpoint({
  scope: 'quick_filters:write',
  method: 'DELETE',
  path: '/v1/quick_filters/{id}',
  summary: 'Delete a quick filter',
  tag: 'quick_filters',
  access: 'user',
  gate: 'enforced',
  params: idParams,
  response: null,
});

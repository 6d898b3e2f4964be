import { DUPLICATE_QUICK_FILTER, toScopeInput, type ParsedContactsScope, type QuickFilter } from '@crm/contract';
import { notFound, unprocessable } from '../../lib/http-errors';
import { DuplicateQuickFilterName, type QuickFilterRow, type QuickFiltersRepository } from './quick-filters.repository';

export function toQuickFilter(row: QuickFilterRow): QuickFilter {
  return {
    id: row.id,
    name: row.name,
    contacts_scope: row.contactsScope,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The scope as stored: normalised by the contract, in the form GET /v1/contacts takes back. */
const storedScope = (scope: ParsedContactsScope) => toScopeInput(scope) as Record<string, unknown>;

async function uniqueName<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof DuplicateQuickFilterName) throw unprocessable({ name: DUPLICATE_QUICK_FILTER });
    throw error;
  }
}

/** Quick filters belong to one user; every lookup is by owner, so another user's filter is a 404. */
export function createQuickFiltersService(repo: QuickFiltersRepository) {
  return {
    list: async (userId: number) => (await repo.listForUser(userId)).map(toQuickFilter),

    async create(userId: number, body: { name: string; contacts_scope: ParsedContactsScope }) {
      const row = await uniqueName(repo.create({ userId, name: body.name, contactsScope: storedScope(body.contacts_scope) }));
      return toQuickFilter(row);
    },

    async update(userId: number, id: number, body: { name?: string | undefined; contacts_scope?: ParsedContactsScope | undefined }) {
      const row = await uniqueName(
        repo.update(userId, id, {
          ...(body.name !== undefined && { name: body.name }),
          ...(body.contacts_scope !== undefined && { contactsScope: storedScope(body.contacts_scope) }),
        }),
      );
      if (!row) throw notFound('Quick filter');
      return toQuickFilter(row);
    },

    async remove(userId: number, id: number) {
      if (!(await repo.delete(userId, id))) throw notFound('Quick filter');
    },
  };
}

export type QuickFiltersService = ReturnType<typeof createQuickFiltersService>;

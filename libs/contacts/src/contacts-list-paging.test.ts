import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ContactsMeta } from '@crm/contract';
import { callsOf, contactFixture, createFakeClient } from '@crm/testing';
import { contactsListQueryOptions, nextContactsPageParam } from './contacts-queries';

const meta = (over: Partial<ContactsMeta>): ContactsMeta => ({
  current_page: 1,
  limit: 500,
  total_count: 1500,
  total_pages: 3,
  total_count_capped: false,
  next_cursor: null,
  ...over,
});

describe('contact list paging', () => {
  it('asks for the next page with the previous answer’s next_cursor and the page number incremented', async () => {
    const cursors: Record<number, string | null> = { 1: 'after-500', 2: 'after-1000', 3: null };
    const client = createFakeClient({
      listContacts: (options) => {
        const scope = (options?.body as { contacts_scope: { page: number } }).contacts_scope;
        return {
          data: [contactFixture({ id: scope.page })],
          meta: meta({ current_page: scope.page, next_cursor: cursors[scope.page] ?? null }),
        };
      },
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const scope = { q: 'lee', category: 'all' as const };
    const result = await queryClient.fetchInfiniteQuery({ ...contactsListQueryOptions(client, scope), pages: 4 });

    expect(result.pages).toHaveLength(3);
    expect(callsOf(client, 'listContacts').map((call) => (call?.body as { contacts_scope: unknown }).contacts_scope)).toEqual([
      { q: 'lee', category: 'all', page: 1, limit: 100 },
      { q: 'lee', category: 'all', page: 2, limit: 100, cursor: 'after-500' },
      { q: 'lee', category: 'all', page: 3, limit: 100, cursor: 'after-1000' },
    ]);
  });

  it('stops on the last page, and falls back to page numbers when an answer carries no cursor', () => {
    const full = { data: new Array(500).fill(null), meta: meta({}) };
    expect(nextContactsPageParam({ ...full, meta: meta({ next_cursor: 'c' }) })).toEqual({ page: 2, cursor: 'c' });
    expect(nextContactsPageParam(full)).toEqual({ page: 2, cursor: null });
    expect(nextContactsPageParam({ ...full, meta: meta({ current_page: 3 }) })).toBeUndefined();
    // Beyond the count cap a full page means there may be more.
    const capped = meta({ current_page: 20, total_pages: 20, total_count: 10_000, total_count_capped: true });
    expect(nextContactsPageParam({ ...full, meta: capped })).toEqual({ page: 21, cursor: null });
    expect(nextContactsPageParam({ data: [1, 2], meta: capped })).toBeUndefined();
    expect(nextContactsPageParam({ ...full, meta: { ...capped, next_cursor: 'deep' } })).toEqual({ page: 21, cursor: 'deep' });
  });
});

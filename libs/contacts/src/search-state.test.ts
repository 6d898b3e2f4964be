import { beforeEach, describe, expect, it } from 'vitest';
import { storageKey } from '@crm/util';
import {
  activeFilterCount,
  DEFAULT_SEARCH_STATE,
  EMPTY_FILTERS,
  fromContactsScope,
  loadSearchState,
  saveSearchState,
  toContactsScope,
  type ContactSearchState,
} from './search-state';

const state: ContactSearchState = {
  q: 'smith',
  search: [
    { field: 'city', operator: 'contains', value: 'Austin' },
    { field: 'state', operator: 'in', value: 'TX' },
    { field: 'created_at', operator: 'between', value: '2024-01-01', valueTo: '2024-12-31' },
    { field: 'email', operator: 'blank', value: '' },
    { field: 'last_name', operator: 'eq', value: '  ' },
  ],
  filters: {
    owner_ids: [7, 9],
    all_downline: true,
    included_tags: [3],
    excluded_tags: [4, 5],
    included_policy_types: ['medicare_advantage'],
    excluded_policy_types: ['final_expense', 'term_life'],
    carriers: [11],
  },
  category: 'client',
  contact_group: 'mine',
  order_field: 'city',
  order: 'desc',
};

describe('contact search state cache', () => {
  beforeEach(() => localStorage.clear());

  it('is stored under the user id and system version prefixed key, and restored', () => {
    saveSearchState(7, state);
    expect(localStorage.getItem(storageKey(7, 'contacts_search'))).not.toBeNull();
    expect(loadSearchState(7)).toEqual(state);
  });

  it('keeps users apart', () => {
    saveSearchState(7, state);
    expect(loadSearchState(8)).toEqual(DEFAULT_SEARCH_STATE);
  });

  it('falls back to the default (last_name ascending) for nothing, garbage or unknown values', () => {
    expect(loadSearchState(7)).toEqual(DEFAULT_SEARCH_STATE);
    expect(DEFAULT_SEARCH_STATE).toMatchObject({ order_field: 'last_name', order: 'asc' });
    localStorage.setItem(storageKey(7, 'contacts_search'), '{not json');
    expect(loadSearchState(7)).toEqual(DEFAULT_SEARCH_STATE);
    localStorage.setItem(
      storageKey(7, 'contacts_search'),
      JSON.stringify({
        q: 'x',
        category: 'martian',
        order_field: 'password',
        search: [{ field: 'ssn', operator: 'eq', value: '1' }, { field: 'city', operator: 'in', value: 'x' }, { field: 'zip', operator: 'eq', value: '7' }],
      }),
    );
    expect(loadSearchState(7)).toEqual({ ...DEFAULT_SEARCH_STATE, q: 'x', search: [{ field: 'zip', operator: 'eq', value: '7' }] });
  });

  it('becomes the contacts_scope of the list, leaving rows without a value out', () => {
    expect(toContactsScope(state, { trashed: true })).toEqual({
      q: 'smith',
      search: [
        { field: 'city', operator: 'contains', value: 'Austin' },
        { field: 'state', operator: 'in', value: ['TX'] },
        { field: 'created_at', operator: 'between', value: ['2024-01-01', '2024-12-31'] },
        { field: 'email', operator: 'blank' },
      ],
      owner_ids: [7, 9],
      all_downline: true,
      included_tags: [3],
      excluded_tags: [4, 5],
      included_policy_types: ['medicare_advantage'],
      excluded_policy_types: ['final_expense', 'term_life'],
      carriers: [11],
      category: 'client',
      contact_group: 'mine',
      order_field: 'city',
      order: 'desc',
      trashed: true,
    });
    expect(toContactsScope(DEFAULT_SEARCH_STATE)).toEqual({
      category: 'all',
      contact_group: 'all_agents',
      order_field: 'last_name',
      order: 'asc',
    });
  });

  it('caches the filters (carriers, policy types and tags included and excluded, owners, all_downline) and drops bad entries', () => {
    localStorage.setItem(
      storageKey(7, 'contacts_search'),
      JSON.stringify({
        filters: {
          owner_ids: [7, '8', -1, 'x', 7],
          all_downline: true,
          included_tags: [1, 2.5],
          excluded_tags: 'nope',
          included_policy_types: ['annuity', 'spaceship'],
          excluded_policy_types: [],
          carriers: [4],
        },
      }),
    );
    expect(loadSearchState(7).filters).toEqual({
      owner_ids: [7, 8],
      all_downline: true,
      included_tags: [1],
      excluded_tags: [],
      included_policy_types: ['annuity'],
      excluded_policy_types: [],
      carriers: [4],
    });
    // Older caches without filters read as no filters.
    localStorage.setItem(storageKey(7, 'contacts_search'), JSON.stringify({ q: 'x' }));
    expect(loadSearchState(7).filters).toEqual(EMPTY_FILTERS);
  });

  it('leaves empty filter lists out of the scope, and all_downline without owners', () => {
    expect(toContactsScope({ ...DEFAULT_SEARCH_STATE, filters: { ...EMPTY_FILTERS, all_downline: true, carriers: [2] } })).toEqual({
      carriers: [2],
      category: 'all',
      contact_group: 'all_agents',
      order_field: 'last_name',
      order: 'asc',
    });
    expect(toContactsScope({ ...DEFAULT_SEARCH_STATE, filters: { ...EMPTY_FILTERS, owner_ids: [5] } })).not.toHaveProperty('all_downline');
    expect(activeFilterCount(state.filters)).toBe(6);
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
  });

  it('reads a saved scope (a quick filter) back as the whole search state, conditions as builder rows', () => {
    const saved = {
      q: 'smith',
      search: [
        { field: 'city', operator: 'contains', value: 'Austin' },
        { field: 'state', operator: 'in', value: 'TX' },
        { field: 'status_id', operator: 'in', value: ['3', '4'] },
        { field: 'created_at', operator: 'between', value: ['2024-01-01', '2024-12-31'] },
        { field: 'email', operator: 'blank' },
        { field: 'password', operator: 'eq', value: 'x' },
      ],
      category: 'client',
      contact_group: 'mine',
      all_downline: false,
      owner_ids: [7],
      included_tags: [3],
      excluded_tags: [],
      included_policy_types: ['preneed'],
      carriers: [11],
      order_field: 'city',
      order: 'desc',
      page: 1,
      limit: 25,
      select_n: false,
      trashed: false,
    };
    const restored = fromContactsScope(saved);
    expect(restored).toEqual({
      q: 'smith',
      search: [
        { field: 'city', operator: 'contains', value: 'Austin' },
        { field: 'state', operator: 'in', value: 'TX' },
        { field: 'status_id', operator: 'in', value: '3, 4' },
        { field: 'created_at', operator: 'between', value: '2024-01-01', valueTo: '2024-12-31' },
        { field: 'email', operator: 'blank', value: '' },
      ],
      filters: { ...EMPTY_FILTERS, owner_ids: [7], included_tags: [3], included_policy_types: ['preneed'], carriers: [11] },
      category: 'client',
      contact_group: 'mine',
      order_field: 'city',
      order: 'desc',
    });
    // And it gives the same scope again (without paging or the trash flag).
    expect(toContactsScope(restored)).toEqual({
      q: 'smith',
      search: [
        { field: 'city', operator: 'contains', value: 'Austin' },
        { field: 'state', operator: 'in', value: ['TX'] },
        { field: 'status_id', operator: 'in', value: ['3', '4'] },
        { field: 'created_at', operator: 'between', value: ['2024-01-01', '2024-12-31'] },
        { field: 'email', operator: 'blank' },
      ],
      owner_ids: [7],
      included_tags: [3],
      included_policy_types: ['preneed'],
      carriers: [11],
      category: 'client',
      contact_group: 'mine',
      order_field: 'city',
      order: 'desc',
    });
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { storageKey } from '@crm/util';
import {
  DEFAULT_SEARCH_STATE,
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
});

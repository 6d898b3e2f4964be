import { describe, expect, it } from 'vitest';
import { withoutEmptySearch } from './contacts-scope';

describe('withoutEmptySearch', () => {
  it('removes entries whose value is an empty string or an empty array', () => {
    const body = {
      contacts_scope: {
        search: [
          { value: '' },
          { value: [] },
          { value: 'x' },
          { value: ['y'] },
          { value: 0 },
          { value: null },
          { field: 'f' },
        ],
        paging: { page: 1 },
      },
      keep: true,
    };
    expect(withoutEmptySearch(body)).toEqual({
      contacts_scope: {
        search: [{ value: 'x' }, { value: ['y'] }, { value: 0 }, { value: null }, { field: 'f' }],
        paging: { page: 1 },
      },
      keep: true,
    });
  });
  it('does not mutate the caller object', () => {
    const search = [{ value: '' }, { value: 'x' }];
    const body = { contacts_scope: { search } };
    const result = withoutEmptySearch(body);
    expect(result).not.toBe(body);
    expect(body.contacts_scope.search).toBe(search);
    expect(search).toHaveLength(2);
  });
  it('returns the same object when there is nothing to remove', () => {
    const unchanged = { contacts_scope: { search: [{ value: 'x' }] } };
    expect(withoutEmptySearch(unchanged)).toBe(unchanged);
    const noScope = { name: 'x' };
    expect(withoutEmptySearch(noScope)).toBe(noScope);
    expect(withoutEmptySearch({ contacts_scope: { search: 'text' } })).toEqual({
      contacts_scope: { search: 'text' },
    });
    expect(withoutEmptySearch(null)).toBeNull();
    expect(withoutEmptySearch([1])).toEqual([1]);
  });
});

import { describe, expect, it } from 'vitest';
import { tagsGroupBody } from './bulk-tag/tags-group-body';
import {
  EMPTY_SELECTION,
  hasSelection,
  isPageSelected,
  isSelected,
  selectAllMatching,
  selectionBody,
  selectionCount,
  togglePage,
  toggleRow,
} from './selection';

const loaded = [1, 2, 3];
const scope = { q: 'ann', category: 'lead' as const, page: 3, limit: 500 };

describe('contact list selection', () => {
  it('ticks single rows and sends their ids', () => {
    let selection = toggleRow(EMPTY_SELECTION, 2, loaded);
    selection = toggleRow(selection, 3, loaded);
    expect(isSelected(selection, 2)).toBe(true);
    expect(isSelected(selection, 1)).toBe(false);
    expect(isPageSelected(selection, loaded)).toBe(false);
    expect(selectionCount(selection, 900)).toBe(2);
    expect(selectionBody(selection, scope)).toEqual({ ids: [2, 3] });
    selection = toggleRow(selection, 2, loaded);
    expect(selectionBody(selection, scope)).toEqual({ ids: [3] });
  });

  it('"select page" takes every loaded row, and clears when all are ticked', () => {
    const page = togglePage(EMPTY_SELECTION, loaded);
    expect(isPageSelected(page, loaded)).toBe(true);
    expect(selectionCount(page, 900)).toBe(3);
    expect(selectionBody(page, scope)).toEqual({ ids: [1, 2, 3] });
    expect(hasSelection(togglePage(page, loaded))).toBe(false);
  });

  it('"select all matching" counts the total and sends all plus the scope without paging', () => {
    const all = selectAllMatching();
    expect(isSelected(all, 999)).toBe(true);
    expect(isPageSelected(all, loaded)).toBe(true);
    expect(selectionCount(all, 900)).toBe(900);
    expect(selectionBody(all, scope)).toEqual({ all: true, contacts_scope: { q: 'ann', category: 'lead' } });
  });

  it('unticking a row of an all-matching selection keeps the other loaded rows', () => {
    const selection = toggleRow(selectAllMatching(), 2, loaded);
    expect(selectionBody(selection, scope)).toEqual({ ids: [1, 3] });
  });
});

describe('bulk tag body', () => {
  it('sends the ticked ids with the tags to add and to remove', () => {
    const selection = toggleRow(toggleRow(EMPTY_SELECTION, 2, loaded), 3, loaded);
    expect(tagsGroupBody(selection, scope, [10, 11], [12])).toEqual({ ids: [2, 3], tags: [10, 11], remove_tags: [12] });
  });

  it('sends all plus the scope without paging or cursor for "all matching"', () => {
    const withCursor = { ...scope, cursor: 'after-500', included_tags: [4] };
    expect(tagsGroupBody(selectAllMatching(), withCursor, [], [4])).toEqual({
      all: true,
      contacts_scope: { q: 'ann', category: 'lead', included_tags: [4] },
      tags: [],
      remove_tags: [4],
    });
  });
});

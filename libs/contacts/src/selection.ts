import type { ContactSelection, ContactsScope } from '@crm/contract';

/**
 * The list's selection: some contacts by id (rows ticked one by one, or every loaded row with
 * "select page"), or every contact the current search matches ("select all N matching"), which
 * bulk actions send as `all: true` plus the scope.
 */
export type Selection = { mode: 'ids'; ids: ReadonlySet<number> } | { mode: 'all' };

export const EMPTY_SELECTION: Selection = { mode: 'ids', ids: new Set() };

export function isSelected(selection: Selection, id: number): boolean {
  return selection.mode === 'all' || selection.ids.has(id);
}

/** Ticks or unticks one row. Unticking a row while all matching are selected keeps the other loaded rows. */
export function toggleRow(selection: Selection, id: number, loadedIds: readonly number[]): Selection {
  if (selection.mode === 'all') {
    return { mode: 'ids', ids: new Set(loadedIds.filter((loaded) => loaded !== id)) };
  }
  const ids = new Set(selection.ids);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { mode: 'ids', ids };
}

/** Every loaded row is selected (the "select page" state). */
export function isPageSelected(selection: Selection, loadedIds: readonly number[]): boolean {
  return (
    selection.mode === 'all' ||
    (loadedIds.length > 0 && loadedIds.every((id) => selection.ids.has(id)))
  );
}

/** "Select page": every loaded row; again (when all are selected) clears the selection. */
export function togglePage(selection: Selection, loadedIds: readonly number[]): Selection {
  if (isPageSelected(selection, loadedIds)) return EMPTY_SELECTION;
  return { mode: 'ids', ids: new Set(loadedIds) };
}

export function selectAllMatching(): Selection {
  return { mode: 'all' };
}

/** How many contacts the selection covers; `total` is the list's total count. */
export function selectionCount(selection: Selection, total: number): number {
  return selection.mode === 'all' ? total : selection.ids.size;
}

export function hasSelection(selection: Selection): boolean {
  return selection.mode === 'all' || selection.ids.size > 0;
}

/** The body of a bulk action (destroy_all, restore, selected_items) for the selection. */
export function selectionBody(selection: Selection, scope: ContactsScope): ContactSelection {
  if (selection.mode === 'all') {
    // Paging (page, limit, keyset cursor) does not narrow an "all matching" selection.
    const { page: _page, limit: _limit, cursor: _cursor, ...rest } = scope;
    return { all: true, contacts_scope: rest };
  }
  return { ids: [...selection.ids] };
}

/** The contact table's columns, as the column chooser names them. */
export const CONTACT_COLUMN_IDS = ['name', 'category', 'phone', 'email', 'city', 'state', 'tags', 'owner', 'created'] as const;
export type ContactColumnId = (typeof CONTACT_COLUMN_IDS)[number];

export type ContactColumnSpec = {
  label: string;
  /** Width in CSS pixels. */
  width: number;
  /** Lower comes first when room is short: the chosen columns of highest priority are shown. */
  priority: number;
};

export const CONTACT_COLUMN_SPECS: Record<ContactColumnId, ContactColumnSpec> = {
  name: { label: 'Name', width: 224, priority: 0 },
  phone: { label: 'Phone', width: 150, priority: 1 },
  email: { label: 'Email', width: 224, priority: 2 },
  category: { label: 'Category', width: 104, priority: 3 },
  owner: { label: 'Owner', width: 160, priority: 4 },
  created: { label: 'Created', width: 112, priority: 5 },
  tags: { label: 'Tags', width: 200, priority: 6 },
  state: { label: 'State', width: 72, priority: 7 },
  city: { label: 'City', width: 144, priority: 8 },
};

/** The selection checkbox's column. */
export const SELECT_COLUMN_WIDTH = 48;

/** The name is always shown: it opens the contact. */
export const REQUIRED_COLUMNS: readonly ContactColumnId[] = ['name'];

/** Shown until the user chooses: these fit a 1366 px screen (City and State are offered in the chooser). */
export const DEFAULT_CONTACT_COLUMNS: readonly ContactColumnId[] = ['name', 'category', 'phone', 'email', 'tags', 'owner', 'created'];

/**
 * The chosen columns that fit `available` pixels beside the selection column: taken in priority
 * order until one does not fit (the name always), then put back in the table's order.
 */
export function fitColumns(chosen: readonly ContactColumnId[], available: number): ContactColumnId[] {
  const byPriority = [...chosen].sort((a, b) => CONTACT_COLUMN_SPECS[a].priority - CONTACT_COLUMN_SPECS[b].priority);
  const shown = new Set<ContactColumnId>();
  let used = SELECT_COLUMN_WIDTH;
  for (const id of byPriority) {
    const width = CONTACT_COLUMN_SPECS[id].width;
    // A column that does not fit hides every column of lower priority too.
    if (!REQUIRED_COLUMNS.includes(id) && used + width > available) break;
    shown.add(id);
    used += width;
  }
  return CONTACT_COLUMN_IDS.filter((id) => shown.has(id));
}

/**
 * Where a user's column choice is kept: local storage, under the user's id. No user-preferences
 * endpoint exists in the spec or the contract. The key is not one of the cached search state's
 * (`storageKey`), which sign-out clears: a choice of columns outlives the session.
 */
export function contactColumnsKey(userId: number | null): string {
  return `preferences:${userId ?? 'guest'}:contact_columns`;
}

function isColumnId(value: unknown): value is ContactColumnId {
  return typeof value === 'string' && (CONTACT_COLUMN_IDS as readonly string[]).includes(value);
}

/** The user's chosen columns, in the table's order; the default when none (or nothing readable) is kept. */
export function loadContactColumns(userId: number | null, storage: Storage = localStorage): ContactColumnId[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(contactColumnsKey(userId)) ?? 'null');
    if (!Array.isArray(parsed)) return [...DEFAULT_CONTACT_COLUMNS];
    const ids = new Set([...REQUIRED_COLUMNS, ...parsed.filter(isColumnId)]);
    return CONTACT_COLUMN_IDS.filter((id) => ids.has(id));
  } catch {
    return [...DEFAULT_CONTACT_COLUMNS];
  }
}

export function saveContactColumns(userId: number | null, columns: readonly ContactColumnId[], storage: Storage = localStorage): void {
  try {
    storage.setItem(contactColumnsKey(userId), JSON.stringify(columns));
  } catch {
    // Storage full or blocked: the choice lasts until the page is left.
  }
}

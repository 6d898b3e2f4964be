import {
  CONTACT_CATEGORIES,
  CONTACT_GROUPS,
  CONTACT_ORDER_FIELDS,
  CONTACT_SEARCH_FIELDS,
  SEARCH_OPERATORS,
  type ContactGroup,
  type ContactOrderField,
  type ContactSearchEntry,
  type ContactSearchField,
  type ContactsScope,
  type SearchOperator,
} from '@crm/contract';
import { storageKey } from '@crm/util';

/** One row of the advanced search builder, as the user edits it (values are text). */
export type SearchRow = {
  field: ContactSearchField;
  operator: SearchOperator;
  /** The value; `between` uses `value` and `valueTo`. */
  value: string;
  valueTo?: string;
};

export type ContactCategoryFilter = 'all' | (typeof CONTACT_CATEGORIES)[number];

/** The list's search state, cached per user in localStorage (spec part 2 §3 "Locally cached search state"). */
export type ContactSearchState = {
  q: string;
  search: SearchRow[];
  category: ContactCategoryFilter;
  contact_group: ContactGroup;
  order_field: ContactOrderField;
  order: 'asc' | 'desc';
};

/** Default order: last_name ascending (spec part 2 §9). */
export const DEFAULT_SEARCH_STATE: ContactSearchState = {
  q: '',
  search: [],
  category: 'all',
  contact_group: 'all_agents',
  order_field: 'last_name',
  order: 'asc',
};

export const SEARCH_STATE_KEY = 'contacts_search';

export function searchStateKey(userId: number | null): string {
  return storageKey(userId, SEARCH_STATE_KEY);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function oneOf<T extends string>(values: readonly T[], value: unknown, fallback: T): T {
  return typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** The operators that apply to a field. */
export function operatorsFor(field: ContactSearchField): readonly SearchOperator[] {
  return SEARCH_OPERATORS[CONTACT_SEARCH_FIELDS[field]];
}

/** A new builder row: the field's first operator and no value. */
export function newSearchRow(field: ContactSearchField = 'first_name'): SearchRow {
  return { field, operator: operatorsFor(field)[0] as SearchOperator, value: '' };
}

function readRow(value: unknown): SearchRow | null {
  if (!isRecord(value)) return null;
  const field = value['field'];
  if (typeof field !== 'string' || !(field in CONTACT_SEARCH_FIELDS)) return null;
  const operators = operatorsFor(field as ContactSearchField);
  const operator = value['operator'];
  if (typeof operator !== 'string' || !(operators as readonly string[]).includes(operator)) return null;
  return {
    field: field as ContactSearchField,
    operator: operator as SearchOperator,
    value: typeof value['value'] === 'string' ? value['value'] : '',
    ...(typeof value['valueTo'] === 'string' ? { valueTo: value['valueTo'] } : {}),
  };
}

/** Reads a cached state; anything missing or unknown falls back to the default (old versions, hand edits). */
export function parseSearchState(raw: string | null): ContactSearchState {
  if (!raw) return { ...DEFAULT_SEARCH_STATE };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ...DEFAULT_SEARCH_STATE };
  }
  if (!isRecord(value)) return { ...DEFAULT_SEARCH_STATE };
  const d = DEFAULT_SEARCH_STATE;
  return {
    q: typeof value['q'] === 'string' ? value['q'] : d.q,
    search: Array.isArray(value['search'])
      ? value['search'].map(readRow).filter((row): row is SearchRow => row !== null)
      : [],
    category: oneOf(['all', ...CONTACT_CATEGORIES], value['category'], d.category),
    contact_group: oneOf(CONTACT_GROUPS, value['contact_group'], d.contact_group),
    order_field: oneOf(CONTACT_ORDER_FIELDS, value['order_field'], d.order_field),
    order: oneOf(['asc', 'desc'], value['order'], d.order),
  };
}

/** The cached search state of a user (the default when there is none). */
export function loadSearchState(userId: number | null, storage: Storage = localStorage): ContactSearchState {
  try {
    return parseSearchState(storage.getItem(searchStateKey(userId)));
  } catch {
    return { ...DEFAULT_SEARCH_STATE };
  }
}

export function saveSearchState(
  userId: number | null,
  state: ContactSearchState,
  storage: Storage = localStorage,
): void {
  try {
    storage.setItem(searchStateKey(userId), JSON.stringify(state));
  } catch {
    // Storage full or blocked: the state simply is not remembered.
  }
}

const NO_VALUE: readonly SearchOperator[] = ['blank', 'present'];

/** Whether a row needs a value at all. */
export function rowNeedsValue(row: SearchRow): boolean {
  return !NO_VALUE.includes(row.operator);
}

/** A builder row as a contacts_scope.search entry; null when it has no value yet (then it is left out). */
export function toSearchEntry(row: SearchRow): ContactSearchEntry | null {
  if (!rowNeedsValue(row)) return { field: row.field, operator: row.operator };
  const kind = CONTACT_SEARCH_FIELDS[row.field];
  const value = row.value.trim();
  if (row.operator === 'between') {
    const to = (row.valueTo ?? '').trim();
    return value && to ? { field: row.field, operator: row.operator, value: [value, to] } : null;
  }
  if (!value) return null;
  if (kind === 'choice') return { field: row.field, operator: row.operator, value: [value] };
  if (kind === 'id') {
    const ids = value.split(/[\s,]+/).filter(Boolean);
    return ids.length ? { field: row.field, operator: row.operator, value: ids } : null;
  }
  return { field: row.field, operator: row.operator, value };
}

/** The list's contacts_scope for a search state. */
export function toContactsScope(
  state: ContactSearchState,
  extra: Pick<ContactsScope, 'trashed' | 'page' | 'limit'> = {},
): ContactsScope {
  const search = state.search.map(toSearchEntry).filter((e): e is ContactSearchEntry => e !== null);
  const q = state.q.trim();
  return {
    ...(q ? { q } : {}),
    ...(search.length ? { search } : {}),
    category: state.category,
    contact_group: state.contact_group,
    order_field: state.order_field,
    order: state.order,
    ...extra,
  };
}

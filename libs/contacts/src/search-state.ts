import {
  CONTACT_CATEGORIES,
  CONTACT_GROUPS,
  CONTACT_ORDER_FIELDS,
  CONTACT_SEARCH_FIELDS,
  POLICY_TYPES,
  SEARCH_OPERATORS,
  type ContactGroup,
  type ContactOrderField,
  type ContactSearchEntry,
  type ContactSearchField,
  type ContactsScope,
  type PolicyType,
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

/**
 * The filter panel's choices, named as contacts_scope names them: owners (with their downline),
 * tags, policy types and carriers. Empty lists filter nothing.
 */
export type ContactFilters = {
  owner_ids: number[];
  /** With owner_ids: also every user below those owners. */
  all_downline: boolean;
  included_tags: number[];
  excluded_tags: number[];
  included_policy_types: PolicyType[];
  excluded_policy_types: PolicyType[];
  carriers: number[];
};

export const EMPTY_FILTERS: ContactFilters = {
  owner_ids: [],
  all_downline: false,
  included_tags: [],
  excluded_tags: [],
  included_policy_types: [],
  excluded_policy_types: [],
  carriers: [],
};

/**
 * The list's search state, cached per user in localStorage (spec part 2 §3 "Locally cached search
 * state": search, advanced search, carriers, included and excluded policy types and tags,
 * category, contact_group, all_downline, order_field).
 */
export type ContactSearchState = {
  q: string;
  search: SearchRow[];
  filters: ContactFilters;
  category: ContactCategoryFilter;
  contact_group: ContactGroup;
  order_field: ContactOrderField;
  order: 'asc' | 'desc';
};

/** Default order: last_name ascending (spec part 2 §9). */
export const DEFAULT_SEARCH_STATE: ContactSearchState = {
  q: '',
  search: [],
  filters: EMPTY_FILTERS,
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

/** Distinct positive integer ids (numbers or digit strings); anything else is dropped. */
function readIds(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  const ids = value
    .map((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : v))
    .filter((v): v is number => Number.isSafeInteger(v) && (v as number) > 0 && (v as number) <= 2_147_483_647);
  return [...new Set(ids)];
}

function readPolicyTypes(value: unknown): PolicyType[] {
  if (!Array.isArray(value)) return [];
  return [...new Set(value.filter((v): v is PolicyType => (POLICY_TYPES as readonly unknown[]).includes(v)))];
}

/** The filters of a record with contacts_scope's names (the cached state's `filters`, or a saved scope). */
function readFilters(value: Record<string, unknown>): ContactFilters {
  const owner_ids = readIds(value['owner_ids']);
  return {
    owner_ids,
    all_downline: owner_ids.length > 0 && (value['all_downline'] === true || value['all_downline'] === 'true'),
    included_tags: readIds(value['included_tags']),
    excluded_tags: readIds(value['excluded_tags']),
    included_policy_types: readPolicyTypes(value['included_policy_types']),
    excluded_policy_types: readPolicyTypes(value['excluded_policy_types']),
    carriers: readIds(value['carriers']),
  };
}

/** The state of a record; `rows` are its search rows already read. */
function readState(value: Record<string, unknown>, rows: SearchRow[], filters: ContactFilters): ContactSearchState {
  const d = DEFAULT_SEARCH_STATE;
  return {
    q: typeof value['q'] === 'string' ? value['q'] : d.q,
    search: rows,
    filters,
    category: oneOf(['all', ...CONTACT_CATEGORIES], value['category'], d.category),
    contact_group: oneOf(CONTACT_GROUPS, value['contact_group'], d.contact_group),
    order_field: oneOf(CONTACT_ORDER_FIELDS, value['order_field'], d.order_field),
    order: oneOf(['asc', 'desc'], value['order'], d.order),
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
  const rows = Array.isArray(value['search'])
    ? value['search'].map(readRow).filter((row): row is SearchRow => row !== null)
    : [];
  return readState(value, rows, isRecord(value['filters']) ? readFilters(value['filters']) : EMPTY_FILTERS);
}

/** A contacts_scope.search entry back as a builder row (values as the builder types them). */
function entryToRow(entry: unknown): SearchRow | null {
  if (!isRecord(entry)) return null;
  const raw = entry['value'];
  const values = raw === undefined || raw === null ? [] : (Array.isArray(raw) ? raw : [raw]).map((v) => String(v));
  const field = entry['field'];
  const kind = typeof field === 'string' && field in CONTACT_SEARCH_FIELDS ? CONTACT_SEARCH_FIELDS[field as ContactSearchField] : null;
  const between = entry['operator'] === 'between';
  return readRow({
    field,
    operator: entry['operator'],
    value: kind === 'id' ? values.join(', ') : (values[0] ?? ''),
    ...(between ? { valueTo: values[1] ?? '' } : {}),
  });
}

/**
 * The search state a saved contacts_scope (a quick filter) stands for: it replaces the whole
 * current state (search words, conditions, filters, category, group and order).
 */
export function fromContactsScope(scope: Record<string, unknown>): ContactSearchState {
  const rows = Array.isArray(scope['search'])
    ? scope['search'].map(entryToRow).filter((row): row is SearchRow => row !== null)
    : [];
  return readState(scope, rows, readFilters(scope));
}

/** How many filter groups of the panel are in use (for the panel button's count). */
export function activeFilterCount(filters: ContactFilters): number {
  return [
    filters.owner_ids,
    filters.included_tags,
    filters.excluded_tags,
    filters.included_policy_types,
    filters.excluded_policy_types,
    filters.carriers,
  ].filter((list) => list.length > 0).length;
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

/** The filters as contacts_scope entries; empty lists are left out. */
export function toScopeFilters(filters: ContactFilters): Partial<ContactsScope> {
  const lists = {
    owner_ids: filters.owner_ids,
    included_tags: filters.included_tags,
    excluded_tags: filters.excluded_tags,
    included_policy_types: filters.included_policy_types,
    excluded_policy_types: filters.excluded_policy_types,
    carriers: filters.carriers,
  };
  const scope: Partial<ContactsScope> = Object.fromEntries(
    Object.entries(lists).filter(([, list]) => list.length > 0).map(([key, list]) => [key, [...list]]),
  );
  if (filters.owner_ids.length > 0 && filters.all_downline) scope.all_downline = true;
  return scope;
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
    ...toScopeFilters(state.filters),
    category: state.category,
    contact_group: state.contact_group,
    order_field: state.order_field,
    order: state.order,
    ...extra,
  };
}

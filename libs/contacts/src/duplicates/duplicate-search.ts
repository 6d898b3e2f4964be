import { DUPLICATE_OPTIONS, DUPLICATES_PAGE_SIZE, type Contact, type ContactsScope, type DuplicateOption } from '@crm/contract';
import { storageKey } from '@crm/util';

/** Which fields two contacts must share to count as duplicates (contacts_scope.duplicates). */
export type DuplicateOptions = Record<DuplicateOption, boolean>;

export const DUPLICATE_OPTION_NAMES = DUPLICATE_OPTIONS;

/** First and last name: the usual sign of one person entered twice. */
export const DEFAULT_DUPLICATE_OPTIONS: DuplicateOptions = { first_name: true, last_name: true, address: false, phone: false, email: false };

/** Cached per user, like the list's search (spec part 2 §3 "first_name, last_name and address duplicate options"). */
export const DUPLICATE_OPTIONS_KEY = 'contacts_duplicate_options';

export function loadDuplicateOptions(userId: number | null, storage: Storage = localStorage): DuplicateOptions {
  try {
    const value: unknown = JSON.parse(storage.getItem(storageKey(userId, DUPLICATE_OPTIONS_KEY)) ?? 'null');
    if (typeof value !== 'object' || value === null) return { ...DEFAULT_DUPLICATE_OPTIONS };
    const record = value as Record<string, unknown>;
    const read = (name: keyof DuplicateOptions) => (typeof record[name] === 'boolean' ? (record[name] as boolean) : DEFAULT_DUPLICATE_OPTIONS[name]);
    return Object.fromEntries(DUPLICATE_OPTIONS.map((name) => [name, read(name)])) as DuplicateOptions;
  } catch {
    return { ...DEFAULT_DUPLICATE_OPTIONS };
  }
}

export function saveDuplicateOptions(userId: number | null, options: DuplicateOptions, storage: Storage = localStorage): void {
  try {
    storage.setItem(storageKey(userId, DUPLICATE_OPTIONS_KEY), JSON.stringify(options));
  } catch {
    // Storage full or blocked: the options simply are not remembered.
  }
}

export function hasDuplicateOption(options: DuplicateOptions): boolean {
  return DUPLICATE_OPTIONS.some((name) => options[name]);
}

/**
 * The duplicate scan's scope (spec part 2 §9): the chosen options, pages of DUPLICATES_PAGE_SIZE,
 * last_name ascending, over every contact the user reaches.
 */
export function duplicatesScope(options: DuplicateOptions, page: number): ContactsScope {
  return {
    duplicates: { ...options },
    contact_group: 'all_agents',
    order_field: 'last_name',
    order: 'asc',
    page,
    limit: DUPLICATES_PAGE_SIZE,
  };
}

export type DuplicateGroup = { key: string; contacts: Contact[] };

/** The answer's contacts as groups by duplicate_group, in the order they come. */
export function groupDuplicates(contacts: readonly Contact[]): DuplicateGroup[] {
  const groups = new Map<string, Contact[]>();
  for (const contact of contacts) {
    const key = contact.duplicate_group ?? `contact-${contact.id}`;
    const list = groups.get(key);
    if (list) list.push(contact);
    else groups.set(key, [contact]);
  }
  return [...groups].map(([key, list]) => ({ key, contacts: list }));
}

export { ContactListPage } from './ContactListPage';
export { ContactPage } from './ContactPage';
export { NewContactPage } from './NewContactPage';
export { ContactForm, contactFormValues } from './ContactForm';
export type { ContactFormProps, ContactFormValues } from './ContactForm';
export { ContactsTable, CONTACT_ROW_HEIGHT } from './ContactsTable';
export type { ContactsTableProps } from './ContactsTable';
export { AdvancedSearch } from './AdvancedSearch';
export type { AdvancedSearchProps } from './AdvancedSearch';
export { PhoneInput } from './PhoneInput';
export type { PhoneInputProps } from './PhoneInput';
export { FilteredInput } from './FilteredInput';
export type { FilteredInputProps } from './FilteredInput';
export {
  CONTACTS_LIST_PAGE_SIZE,
  contactKeys,
  contactQueryOptions,
  contactsListQueryOptions,
  sourcesQueryOptions,
  statusesQueryOptions,
} from './contacts-queries';
export {
  DEFAULT_SEARCH_STATE,
  SEARCH_STATE_KEY,
  loadSearchState,
  saveSearchState,
  searchStateKey,
  toContactsScope,
  toSearchEntry,
} from './search-state';
export type { ContactSearchState, SearchRow } from './search-state';
export type { Selection } from './selection';

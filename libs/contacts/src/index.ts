export { ContactListPage } from './ContactListPage';
export { ContactPage } from './ContactPage';
export { NewContactPage } from './NewContactPage';
export { DuplicatesPage } from './duplicates/DuplicatesPage';
export { MergeDialog } from './duplicates/MergeDialog';
export type { MergeDialogProps } from './duplicates/MergeDialog';
export { QuickFiltersMenu } from './quick-filters/QuickFiltersMenu';
export type { QuickFiltersMenuProps } from './quick-filters/QuickFiltersMenu';
export { BulkTagDialog } from './bulk-tag/BulkTagDialog';
export type { BulkTagDialogProps } from './bulk-tag/BulkTagDialog';
export { TagChip } from './filters/TagChip';
export type { TagChipProps } from './filters/TagChip';
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
  nextContactsPageParam,
  sourcesQueryOptions,
  statusesQueryOptions,
} from './contacts-queries';
export {
  DEFAULT_SEARCH_STATE,
  EMPTY_FILTERS,
  SEARCH_STATE_KEY,
  fromContactsScope,
  loadSearchState,
  saveSearchState,
  searchStateKey,
  toContactsScope,
  toSearchEntry,
} from './search-state';
export type { ContactFilters, ContactSearchState, SearchRow } from './search-state';
export type { Selection } from './selection';
export { ImportPage } from './import/ImportPage';
export { TransferAttemptsPage } from './transfers/TransferAttemptsPage';
export { TransferAttemptPage } from './transfers/TransferAttemptPage';
export { MailerAssignmentPage } from './mailers/MailerAssignmentPage';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useApiClient } from '@crm/api-client';
import { CONTACTS_COUNT_CAP, IANA_TIMEZONES, type ContactGroup, type ContactOrderField, type ContactsScope, type QuickFilter } from '@crm/contract';
import { apiErrorMessage, FormError, useRoleFlags, useSession } from '@crm/session';
import { Button, buttonClassName, cn, Dialog, DialogActions, EmptyState, Menu, Notice, Select, Spinner, focusRing, PageHeader, useElementWidth, usePhoneLayout, type MenuItem } from '@crm/ui';
import { DEBOUNCE_MS } from '@crm/util';
import { SearchForm } from './SearchForm';
import { useFlag } from '@crm/variant';
import { AdvancedSearch } from './AdvancedSearch';
import { BulkTagDialog } from './bulk-tag/BulkTagDialog';
import { JobNotification, type FollowedJob } from './jobs/JobNotification';
import { PrintDialog } from './jobs/PrintDialog';
import { TransferDialog } from './jobs/TransferDialog';
import { ExportButtons, useContactExport } from './ExportButtons';
import { CONTACT_COLUMN_IDS, CONTACT_COLUMN_SPECS, REQUIRED_COLUMNS, fitColumns, loadContactColumns, saveContactColumns, type ContactColumnId } from './contact-columns';
import type { OwnerOption } from './filters/OwnerFilter';
import { QuickFiltersMenu } from './quick-filters/QuickFiltersMenu';
import { contactKeys, contactsExactCountQueryOptions, contactsListQueryOptions } from './contacts-queries';
import { ContactsTable } from './ContactsTable';
import {
  activeFilterCount,
  fromContactsScope,
  loadSearchState,
  saveSearchState,
  toContactsScope,
  toSearchEntry,
  type ContactCategoryFilter,
  type ContactFilters,
  type ContactSearchState,
  type SearchRow,
} from './search-state';
import {
  EMPTY_SELECTION,
  hasSelection,
  isPageSelected,
  selectAllMatching,
  selectionBody,
  selectionCount,
  togglePage,
  toggleRow,
  type Selection,
} from './selection';

const CATEGORY_CHOICES: { value: ContactCategoryFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'lead', label: 'Leads' },
  { value: 'prospect', label: 'Prospects' },
  { value: 'client', label: 'Clients' },
];

/** The orders a phone offers in place of the table's sortable headers: `field:direction`. */
const PHONE_SORTS: { value: `${ContactOrderField}:${'asc' | 'desc'}`; label: string }[] = [
  { value: 'last_name:asc', label: 'Name, A to Z' },
  { value: 'last_name:desc', label: 'Name, Z to A' },
  { value: 'created_at:desc', label: 'Newest first' },
  { value: 'created_at:asc', label: 'Oldest first' },
  { value: 'city:asc', label: 'City' },
  { value: 'state:asc', label: 'State' },
];

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

type SwitchProps<T extends string> = {
  label: string;
  value: T;
  choices: { value: T; label: string }[];
  onChange: (value: T) => void;
};

/** A row of toggle buttons (aria-pressed) choosing one value. */
function Switch<T extends string>({ label, value, choices, onChange }: SwitchProps<T>) {
  return (
    <div role="group" aria-label={label} className="inline-flex overflow-hidden rounded border border-border">
      {choices.map((choice) => (
        <button
          key={choice.value}
          type="button"
          aria-pressed={value === choice.value}
          onClick={() => onChange(choice.value)}
          className={cn(
            'cursor-pointer px-3 py-1.5 text-sm font-medium',
            value === choice.value ? 'bg-primary text-primary-contrast' : 'bg-surface text-text hover:bg-text/5',
            focusRing,
          )}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}

/**
 * /contacts: the contact list with search (debounced), the filter panel (advanced search
 * conditions, owners with favourites, tags, policy types, carriers), quick filters, category and
 * group switches, sortable columns, a virtualised table loading pages of 100 as the user scrolls
 * (keyset cursor), selection of rows, of every loaded row or of all matching, bulk tagging, bulk
 * delete and a trash view (`?view=trash`) with restore. The search state is cached per user
 * (spec part 2 §3). The duplicates screen is linked from the toolbar.
 */
export function ContactListPage() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user } = useSession();
  const flags = useRoleFlags();
  const mailers = useFlag('mailer_assignment');
  const userId = user?.id ?? null;
  const zone = IANA_TIMEZONES[user?.timezone ?? 'est'];
  const [searchParams, setSearchParams] = useSearchParams();
  const trashed = searchParams.get('view') === 'trash';

  const [state, setState] = useState<ContactSearchState>(() => loadSearchState(userId));
  const [qDraft, setQDraft] = useState(state.q);
  const [advancedOpen, setAdvancedOpen] = useState(state.search.length + activeFilterCount(state.filters) > 0);
  // Replacing the whole state (a quick filter) starts the filter panel's draft again.
  const [panelKey, setPanelKey] = useState(0);
  const [tagging, setTagging] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [job, setJob] = useState<FollowedJob | null>(null);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  // The columns the user chose (kept per user), fitted to the room there is; phones get cards.
  const [chosenColumns, setChosenColumns] = useState<ContactColumnId[]>(() => loadContactColumns(userId));
  const rootRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(rootRef);
  const phone = usePhoneLayout();
  // The table's border takes 2 px of the page's width.
  const shownColumns = useMemo(() => fitColumns(chosenColumns, width === null ? Infinity : width - 2), [chosenColumns, width]);
  const handleColumnToggle = (id: ContactColumnId, on: boolean) => {
    const next = CONTACT_COLUMN_IDS.filter((column) => (column === id ? on : chosenColumns.includes(column)));
    setChosenColumns(next);
    saveContactColumns(userId, next);
  };

  // Only administrators have the `all` group; others see `all_agents` for the same reach.
  const groupChoices: { value: ContactGroup; label: string }[] = [
    { value: 'mine', label: 'My contacts' },
    { value: 'all_agents', label: 'All agents' },
    ...(flags.admin ? [{ value: 'all' as const, label: 'All' }] : []),
  ];
  const group: ContactGroup = !flags.admin && state.contact_group === 'all' ? 'all_agents' : state.contact_group;

  const change = useCallback((next: Partial<ContactSearchState>) => {
    setState((current) => ({ ...current, ...next }));
    setSelection(EMPTY_SELECTION);
  }, []);

  useEffect(() => saveSearchState(userId, state), [userId, state]);

  // The search box applies DEBOUNCE_MS after the last keystroke.
  useEffect(() => {
    if (qDraft === state.q) return;
    const timer = setTimeout(() => change({ q: qDraft }), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [qDraft, state.q, change]);

  const scope = useMemo(
    () => toContactsScope({ ...state, contact_group: group }, trashed ? { trashed: true } : {}),
    [state, group, trashed],
  );
  const list = useInfiniteQuery(contactsListQueryOptions(client, scope));
  const rows = useMemo(() => list.data?.pages.flatMap((page) => page.data) ?? [], [list.data]);
  const meta = list.data?.pages[0]?.meta;
  // Beyond CONTACTS_COUNT_CAP the list says "1,000+" until the user asks for the exact count.
  // (for this search only: another search starts at "1,000+" again)
  const [countedScope, setCountedScope] = useState<ContactsScope | null>(null);
  const exactCount = useQuery({ ...contactsExactCountQueryOptions(client, scope), enabled: countedScope === scope && (meta?.total_count_capped ?? false) });
  const capped = (meta?.total_count_capped ?? false) && exactCount.data === undefined;
  const total = exactCount.data ?? meta?.total_count ?? 0;
  const totalLabel = capped ? `${CONTACTS_COUNT_CAP.toLocaleString('en-US')}+` : total.toLocaleString('en-US');
  const loadedIds = useMemo(() => rows.map((row) => row.id), [rows]);
  const meName = user ? `${user.profile.first_name} ${user.profile.last_name}`.trim() || user.email : '';
  // The owner filter offers the signed-in user and the owners of the loaded rows (favourites come on top).
  const owners = useMemo(() => {
    const byId = new Map<number, OwnerOption>();
    if (user) byId.set(user.id, { id: user.id, name: meName });
    for (const row of rows) if (!byId.has(row.owner.id)) byId.set(row.owner.id, row.owner);
    return [...byId.values()];
  }, [rows, user, meName]);
  const selectedCount = selectionCount(selection, total);
  const selectedLabel = selection.mode === 'all' && capped ? `all ${totalLabel}` : selectedCount.toLocaleString('en-US');
  /** What the bulk dialogs say is selected: "3 contacts", "all 1,000+ contacts". */
  const selectionLabel = selection.mode === 'all' ? `all ${totalLabel} contacts` : plural(selectedCount, 'contact');
  const pageSelected = isPageSelected(selection, loadedIds);
  const { fetchNextPage } = list;
  const handleLoadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const bulk = useMutation({
    mutationFn: () =>
      trashed
        ? client.call('restoreContacts', { body: selectionBody(selection, scope) })
        : client.call('destroyContacts', { body: selectionBody(selection, scope) }),
    onSuccess: async ({ count }) => {
      setConfirming(false);
      setSelection(EMPTY_SELECTION);
      setActionError(null);
      setNotice(trashed ? `${plural(count, 'contact')} restored.` : `${plural(count, 'contact')} moved to the trash.`);
      await queryClient.invalidateQueries({ queryKey: contactKeys.all });
    },
    onError: (error) => setActionError(apiErrorMessage(error)),
  });

  const handleSort = (field: ContactOrderField) =>
    change(
      state.order_field === field
        ? { order: state.order === 'asc' ? 'desc' : 'asc' }
        : { order_field: field, order: 'asc' },
    );

  const handleApplyAdvanced = (search: SearchRow[], filters: ContactFilters) => change({ search, filters });

  const handleApplyQuickFilter = (filter: QuickFilter) => {
    const next = fromContactsScope(filter.contacts_scope);
    change(next);
    setQDraft(next.q);
    setPanelKey((key) => key + 1);
    setNotice(`Quick filter “${filter.name}” applied.`);
  };
  // Conditions still without a value are left out of the search, and of the count.
  const searchCount = state.search.filter((row) => toSearchEntry(row) !== null).length + activeFilterCount(state.filters);

  const setTrash = (on: boolean) => {
    setSelection(EMPTY_SELECTION);
    setNotice(null);
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (on) params.set('view', 'trash');
      else params.delete('view');
      return params;
    });
  };

  const filtered = state.q.trim() !== '' || searchCount > 0 || state.category !== 'all';
  const exporter = useContactExport({ selection, scope, onJob: setJob });

  const columnItems: MenuItem[] = CONTACT_COLUMN_IDS.map((id) => ({
    kind: 'checkbox',
    id,
    label: CONTACT_COLUMN_SPECS[id].label,
    checked: chosenColumns.includes(id),
    disabled: REQUIRED_COLUMNS.includes(id),
    onCheckedChange: (on: boolean) => handleColumnToggle(id, on),
    description: chosenColumns.includes(id) && !shownColumns.includes(id) ? 'Not shown: no room on this screen' : undefined,
  }));

  const linkItem = (to: string, label: string): MenuItem => ({ kind: 'link', id: to, element: <Link to={to}>{label}</Link> });
  /** The page's actions on a phone, in one menu (New contact stays a button). */
  const phoneActions: MenuItem[] = [
    linkItem('/contacts/import', 'Import'),
    linkItem('/contacts/transfers', 'Transfers'),
    ...(mailers ? [linkItem('/contacts/mailers', 'Mailers')] : []),
    { id: 'csv', label: 'Export CSV', disabled: exporter.pending, onSelect: () => exporter.start('csv') },
    { id: 'xlsx', label: 'Export Excel', disabled: exporter.pending, onSelect: () => exporter.start('xlsx') },
    linkItem('/contacts/duplicates', 'Duplicates'),
    { id: 'trash', label: 'Trash', onSelect: () => setTrash(true) },
  ];
  const selectionActions: MenuItem[] = [
    { id: 'tag', label: 'Tag', onSelect: () => setTagging(true) },
    { id: 'transfer', label: 'Transfer', onSelect: () => setTransferring(true) },
    { id: 'print', label: 'Print', onSelect: () => setPrinting(true) },
    { id: 'delete', label: 'Delete selected', onSelect: () => setConfirming(true) },
  ];

  return (
    <div ref={rootRef} className="flex min-w-0 flex-col gap-4">
      <PageHeader
        title={trashed ? 'Trash' : 'Contacts'}
        actions={
          <div className="flex flex-wrap gap-2">
            {trashed ? (
              <Button type="button" variant="secondary" onClick={() => setTrash(false)}>
                Back to contacts
              </Button>
            ) : phone ? (
              <>
                <Menu trigger="Actions" triggerLabel="Contact list actions" items={phoneActions} />
                <Link to="/contacts/new" className={buttonClassName({})}>
                  New contact
                </Link>
              </>
            ) : (
              <>
                <Link to="/contacts/import" className={buttonClassName({ variant: 'secondary' })}>
                  Import
                </Link>
                <Link to="/contacts/transfers" className={buttonClassName({ variant: 'secondary' })}>
                  Transfers
                </Link>
                {mailers && (
                  <Link to="/contacts/mailers" className={buttonClassName({ variant: 'secondary' })}>
                    Mailers
                  </Link>
                )}
                <ExportButtons selection={selection} scope={scope} onJob={setJob} />
                <Link to="/contacts/duplicates" className={buttonClassName({ variant: 'secondary' })}>
                  Duplicates
                </Link>
                <Button type="button" variant="secondary" onClick={() => setTrash(true)}>
                  Trash
                </Button>
                <Link to="/contacts/new" className={buttonClassName({})}>
                  New contact
                </Link>
              </>
            )}
          </div>
        }
      />

      <div className="flex flex-wrap items-end gap-3">
        <SearchForm label="Search contacts" placeholder="Search by name, e-mail or phone" value={qDraft} onChange={setQDraft} onSubmit={() => change({ q: qDraft })} className="flex-1 gap-2" />
        <Button
          type="button"
          variant="secondary"
          aria-expanded={advancedOpen}
          aria-controls="contacts-advanced-search"
          onClick={() => setAdvancedOpen((open) => !open)}
        >
          Advanced search{searchCount ? ` (${searchCount})` : ''}
        </Button>
        {!trashed && <QuickFiltersMenu currentScope={toContactsScope({ ...state, contact_group: group })} onApply={handleApplyQuickFilter} />}
      </div>
      {advancedOpen && (
        <div id="contacts-advanced-search">
          <AdvancedSearch
            key={panelKey}
            rows={state.search}
            filters={state.filters}
            owners={owners}
            meId={userId}
            onApply={handleApplyAdvanced}
          />
        </div>
      )}
      <div className="flex flex-wrap gap-3">
        <Switch label="Category" value={state.category} choices={CATEGORY_CHOICES} onChange={(category) => change({ category })} />
        <Switch label="Contact group" value={group} choices={groupChoices} onChange={(contact_group) => change({ contact_group })} />
        {phone && (
          <Select
            aria-label="Sort by"
            options={PHONE_SORTS}
            value={`${state.order_field}:${state.order}`}
            placeholder="Sort by"
            onValueChange={(value) => {
              const [order_field, order] = value.split(':') as [ContactOrderField, 'asc' | 'desc'];
              change({ order_field, order });
            }}
            className="w-full"
          />
        )}
        {!phone && (
          <div className="ml-auto">
            <Menu trigger="Columns" triggerLabel="Choose the columns" title="Shown columns" keepOpenOnCheck items={columnItems} />
          </div>
        )}
      </div>

      <div className="flex min-h-9 flex-wrap items-center gap-3" aria-live="polite">
        <p className="text-sm text-muted">
          {meta ? `${totalLabel} ${trashed ? 'in the trash' : total === 1 && !capped ? 'contact' : 'contacts'}` : ''}
        </p>
        {capped && (
          <Button type="button" variant="ghost" size="sm" loading={exactCount.isFetching} onClick={() => setCountedScope(scope)}>
            Count all
          </Button>
        )}
        {exactCount.isError && <p className="text-sm text-danger">{apiErrorMessage(exactCount.error)}</p>}
        {hasSelection(selection) && (
          <>
            <p className="text-sm font-medium">{selectedLabel} selected</p>
            {selection.mode === 'ids' && pageSelected && (capped || total > rows.length) && (
              <Button type="button" variant="ghost" size="sm" onClick={() => setSelection(selectAllMatching())}>
                Select all {totalLabel} matching
              </Button>
            )}
            {trashed ? (
              <Button type="button" size="sm" loading={bulk.isPending} onClick={() => bulk.mutate()}>
                Restore selected
              </Button>
            ) : phone ? (
              <Menu trigger="Selected" triggerLabel="Actions on the selected contacts" items={selectionActions} variant="primary" className="px-2.5 py-1" />
            ) : (
              <>
                <Button type="button" size="sm" onClick={() => setTagging(true)}>
                  Tag
                </Button>
                <Button type="button" size="sm" variant="secondary" onClick={() => setTransferring(true)}>
                  Transfer
                </Button>
                <Button type="button" size="sm" variant="secondary" onClick={() => setPrinting(true)}>
                  Print
                </Button>
                <Button type="button" variant="danger" size="sm" onClick={() => setConfirming(true)}>
                  Delete selected
                </Button>
              </>
            )}
            <Button type="button" variant="ghost" size="sm" onClick={() => setSelection(EMPTY_SELECTION)}>
              Clear selection
            </Button>
          </>
        )}
      </div>
      <JobNotification job={job} onClose={() => setJob(null)} />
      <Notice message={notice} />
      <FormError message={actionError ?? (list.error ? apiErrorMessage(list.error) : null)} />

      {list.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading contacts" />
        </div>
      ) : rows.length === 0 && !list.isError ? (
        <EmptyState
          title={trashed ? 'The trash is empty' : filtered ? 'No contacts match' : 'No contacts yet'}
          description={
            trashed
              ? 'Deleted contacts show here until they are restored.'
              : filtered
                ? 'Try other search words or fewer conditions.'
                : 'Contacts you create or import show here.'
          }
        />
      ) : (
        <ContactsTable
          rows={rows}
          totalRows={capped ? rows.length : Math.max(total, rows.length)}
          hasNextPage={list.hasNextPage}
          isFetchingNextPage={list.isFetchingNextPage}
          onLoadMore={handleLoadMore}
          selection={selection}
          onToggleRow={(id) => setSelection((current) => toggleRow(current, id, loadedIds))}
          pageSelected={pageSelected ? true : hasSelection(selection) ? 'indeterminate' : false}
          onTogglePage={() => setSelection((current) => togglePage(current, loadedIds))}
          orderField={state.order_field}
          order={state.order}
          onSort={handleSort}
          onOpen={(id) => navigate(`/contacts/${id}`)}
          zone={zone}
          caption={trashed ? 'Contacts in the trash' : 'Contacts'}
          columns={shownColumns}
          layout={phone ? 'cards' : 'table'}
        />
      )}

      {!trashed && (
        <>
          <TransferDialog
            open={transferring}
            onOpenChange={setTransferring}
            selection={selection}
            scope={scope}
            selectedLabel={selectionLabel}
            onStarted={(attempt) => {
              setSelection(EMPTY_SELECTION);
              setJob({ kind: 'transfer', id: attempt.id });
            }}
          />
          <PrintDialog
            open={printing}
            onOpenChange={setPrinting}
            selection={selection}
            scope={scope}
            selectedLabel={selectionLabel}
            onStarted={(started) => setJob({ kind: 'print', jid: started.jid })}
          />
        </>
      )}
      {!trashed && (
        <BulkTagDialog
          open={tagging}
          onOpenChange={setTagging}
          selection={selection}
          scope={scope}
          selectedLabel={selectionLabel}
          onTagged={() => setNotice(null)}
        />
      )}

      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${selection.mode === 'all' && capped ? `all ${totalLabel}` : plural(selectedCount, 'contact')}?`}
        description="They move to the trash, from where they can be restored."
        size="sm"
        footer={
          <DialogActions variant="danger" loading={bulk.isPending} onClick={() => bulk.mutate()}>
            Delete
          </DialogActions>
        }
      >
        {actionError && <p className="text-sm text-danger">{actionError}</p>}
      </Dialog>
    </div>
  );
}

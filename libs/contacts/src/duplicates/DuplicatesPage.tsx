import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useApiClient } from '@crm/api-client';
import { IANA_TIMEZONES, type Contact } from '@crm/contract';
import { apiErrorMessage, FormError, useSession } from '@crm/session';
import { Button, Checkbox, EmptyState, Pager, Spinner, Table, type TableColumn, PageHeader } from '@crm/ui';
import { formatDate, formatPhone } from '@crm/util';
import { useFlag } from '@crm/variant';
import { contactName } from '../labels';
import {
  DUPLICATE_OPTION_NAMES,
  groupDuplicates,
  hasDuplicateOption,
  loadDuplicateOptions,
  saveDuplicateOptions,
  type DuplicateGroup,
  type DuplicateOptions,
} from './duplicate-search';
import { duplicatesQueryOptions } from './duplicates-queries';
import { MergeDialog } from './MergeDialog';
import { BackToContactsLink } from '../BackToContactsLink';

const OPTION_LABELS: Record<keyof DuplicateOptions, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  address: 'Address',
  phone: 'First phone',
  email: 'First e-mail',
};

function address(contact: Contact): string {
  const street = [contact.address1, contact.address2].filter(Boolean).join(', ');
  const place = [contact.city, [contact.state, contact.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [street, place].filter(Boolean).join(', ');
}

function GroupCard({ group, zone, canMerge, onMerge }: { group: DuplicateGroup; zone: string; canMerge: boolean; onMerge: () => void }) {
  const first = group.contacts[0];
  const title = first ? contactName(first) : 'Duplicates';
  const columns: TableColumn<Contact>[] = [
    {
      id: 'name',
      header: 'Name',
      rowHeader: true,
      cell: (c) => (
        <Link to={`/contacts/${c.id}`} className="font-medium text-primary underline-offset-2 hover:underline">
          {contactName(c)} <span className="text-muted">#{c.id}</span>
        </Link>
      ),
    },
    { id: 'phones', header: 'Phones', cell: (c) => c.phones.map((p) => formatPhone(p.number)).join(', ') },
    { id: 'emails', header: 'E-mails', cell: (c) => c.emails.map((e) => e.email).join(', ') },
    { id: 'address', header: 'Address', cell: address },
    { id: 'owner', header: 'Owner', cell: (c) => c.owner.name },
    { id: 'created', header: 'Created', cell: (c) => formatDate(c.created_at, zone) },
  ];
  return (
    <section aria-label={`Duplicates of ${title}`} className="flex flex-col gap-2 rounded border border-border bg-surface p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-semibold">
          {title} <span className="font-normal text-muted">({group.contacts.length} contacts)</span>
        </h2>
        {canMerge && group.contacts.length > 1 && (
          <Button type="button" size="sm" onClick={onMerge} aria-label={`Merge ${title} (${group.contacts.length} contacts)`}>
            Merge
          </Button>
        )}
      </div>
      <Table columns={columns} rows={group.contacts} getRowKey={(c) => c.id} caption={`Contacts like ${title}`} captionHidden />
    </section>
  );
}

/**
 * /contacts/duplicates: the duplicate scan (spec part 2 §3, §9). The user picks the fields
 * contacts must share (first name, last name, address, first phone, first e-mail; cached per user); the list asks PATCH
 * /v1/contacts with contacts_scope.duplicates, 50 contacts a page, last_name ascending, and shows
 * them in groups. "Merge" (shown when the contact_merge feature is on for the user) opens the
 * side-by-side merge of a group.
 */
export function DuplicatesPage() {
  const client = useApiClient();
  const { user } = useSession();
  const userId = user?.id ?? null;
  const zone = IANA_TIMEZONES[user?.timezone ?? 'est'];
  const canMerge = useFlag('contact_merge');
  const [options, setOptions] = useState<DuplicateOptions>(() => loadDuplicateOptions(userId));
  const [page, setPage] = useState(1);
  const [merging, setMerging] = useState<DuplicateGroup | null>(null);

  useEffect(() => saveDuplicateOptions(userId, options), [userId, options]);

  const scan = useQuery(duplicatesQueryOptions(client, options, page));
  const groups = groupDuplicates(scan.data?.data ?? []);
  const meta = scan.data?.meta;
  const totalPages = Math.max(meta?.total_pages ?? 1, 1);
  const searching = hasDuplicateOption(options);

  // A merge can empty the last page: step back to one that has groups.
  if (meta && !scan.isPlaceholderData && page > 1 && meta.total_pages > 0 && page > meta.total_pages) setPage(meta.total_pages);

  const setOption = (name: keyof DuplicateOptions, on: boolean) => {
    setOptions((current) => ({ ...current, [name]: on }));
    setPage(1);
  };

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Duplicates" actions={<BackToContactsLink />} />

      <fieldset className="flex flex-wrap items-center gap-x-6 gap-y-2 rounded border border-border bg-surface p-3">
        <legend className="px-1 text-sm font-semibold">Contacts are duplicates when they share</legend>
        {DUPLICATE_OPTION_NAMES.map((name) => (
          <Checkbox key={name} label={OPTION_LABELS[name]} checked={options[name]} onCheckedChange={(checked) => setOption(name, checked === true)} />
        ))}
      </fieldset>

      <div aria-live="polite" className="min-h-5 text-sm text-muted">
        {searching && meta
          ? `${meta.total_count.toLocaleString('en-US')} ${meta.total_count === 1 ? 'contact' : 'contacts'} with duplicates`
          : ''}
      </div>
      <FormError message={scan.error ? apiErrorMessage(scan.error) : null} />

      {!searching ? (
        <EmptyState title="Choose what to compare" description="Tick at least one field that duplicates share." />
      ) : scan.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Looking for duplicates" />
        </div>
      ) : groups.length === 0 && !scan.isError ? (
        <EmptyState title="No duplicates found" description="No two contacts share these fields." />
      ) : (
        <div className="flex flex-col gap-3">
          {groups.map((group) => (
            <GroupCard key={group.key} group={group} zone={zone} canMerge={canMerge} onMerge={() => setMerging(group)} />
          ))}
        </div>
      )}

      {searching && <Pager label="Pages of duplicates" page={page} totalPages={totalPages} onPage={setPage} />}

      {merging && (
        <MergeDialog
          key={merging.key}
          contacts={merging.contacts}
          open
          onOpenChange={(open) => !open && setMerging(null)}
        />
      )}
    </div>
  );
}

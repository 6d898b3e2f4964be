import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Link } from 'react-router-dom';
import type { Contact, ContactOrderField } from '@crm/contract';
import { Checkbox, Spinner, cn, focusRing } from '@crm/ui';
import { formatDate, formatPhone } from '@crm/util';
import { CONTACT_COLUMN_SPECS, DEFAULT_CONTACT_COLUMNS, SELECT_COLUMN_WIDTH, type ContactColumnId } from './contact-columns';
import { TagChip } from './filters/TagChip';
import { CATEGORY_LABELS, contactName } from './labels';
import { isSelected, type Selection } from './selection';

/** Every row has this height, so that the virtualiser needs no measuring. */
export const CONTACT_ROW_HEIGHT = 44;
/** Every card of the phone layout has this height. */
export const CONTACT_CARD_HEIGHT = 92;
/** Rows rendered beyond the visible ones, above and below. */
const OVERSCAN = 12;
/** Load the next page when the last visible row is this close to the end of what is loaded. */
const LOAD_AHEAD = 100;
/** Tag chips shown in a row; more are counted ("+2"). */
const TAGS_SHOWN = 3;

function TagsCell({ tags }: { tags: Contact['tags'] }) {
  if (tags.length === 0) return null;
  const more = tags.length - TAGS_SHOWN;
  return (
    <span className="flex items-center gap-1 overflow-hidden">
      {tags.slice(0, TAGS_SHOWN).map((tag) => (
        <TagChip key={tag.id} tag={tag} className="shrink-0" />
      ))}
      {more > 0 && (
        <span className="shrink-0 text-xs text-muted" title={tags.slice(TAGS_SHOWN).map((tag) => tag.name).join(', ')}>
          +{more}
          <span className="sr-only"> more tags</span>
        </span>
      )}
    </span>
  );
}


type Column = {
  sort?: ContactOrderField;
  cell: (contact: Contact, zone: string) => ReactNode;
};

/** What each column shows, and the field it sorts by. */
const COLUMNS: Record<ContactColumnId, Column> = {
  name: {
    sort: 'last_name',
    cell: (contact) => (
      <span className="flex items-center gap-2">
        <Link
          to={`/contacts/${contact.id}`}
          tabIndex={-1}
          className="truncate font-medium text-primary underline-offset-2 hover:underline"
        >
          {contactName(contact)}
        </Link>
        {contact.new && <NewBadge />}
      </span>
    ),
  },
  category: { cell: (c) => CATEGORY_LABELS[c.category] },
  phone: { cell: (c) => (c.phones[0] ? formatPhone(c.phones[0].number) : '') },
  email: { cell: (c) => c.emails[0]?.email ?? '' },
  city: { sort: 'city', cell: (c) => c.city ?? '' },
  state: { sort: 'state', cell: (c) => c.state ?? '' },
  tags: { cell: (c) => <TagsCell tags={c.tags} /> },
  owner: { cell: (c) => c.owner.name },
  created: { sort: 'created_at', cell: (c, zone) => formatDate(c.created_at, zone) },
};

function NewBadge() {
  return <span className="shrink-0 rounded bg-primary px-1.5 text-xs font-semibold text-primary-contrast">New</span>;
}

export type ContactsTableProps = {
  rows: readonly Contact[];
  /** How many rows match (for aria-rowcount); the loaded rows when unknown. */
  totalRows: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  selection: Selection;
  onToggleRow: (id: number) => void;
  pageSelected: boolean | 'indeterminate';
  onTogglePage: () => void;
  orderField: ContactOrderField;
  order: 'asc' | 'desc';
  onSort: (field: ContactOrderField) => void;
  onOpen: (id: number) => void;
  /** IANA zone for dates. */
  zone: string;
  caption: string;
  /** The columns shown, in the table's order (the name always); default the default choice. */
  columns?: readonly ContactColumnId[];
  /** `cards`: the phone layout, one card per contact instead of a table row. */
  layout?: 'table' | 'cards';
};

function SortIcon({ direction }: { direction: 'asc' | 'desc' | null }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" className="size-3.5 shrink-0">
      {direction !== 'desc' && <path d="M4 7l4-4 4 4" fill="none" stroke="currentColor" strokeWidth="1.5" opacity={direction ? 1 : 0.4} />}
      {direction !== 'asc' && <path d="M4 9l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" opacity={direction ? 1 : 0.4} />}
    </svg>
  );
}

/**
 * The contact list's table, virtualised (@tanstack/react-virtual): rows have a fixed height and
 * only the visible ones (plus a few) are in the DOM, so that 10,000 loaded rows scroll smoothly.
 * It asks for the next page as the user nears the end of the loaded rows. Rows open with Enter
 * or a click; column headers sort (aria-sort). It shows the columns it is given (the page fits the
 * user's choice to the room there is); the `cards` layout (phones) shows a card per contact.
 */
export function ContactsTable({
  rows,
  totalRows,
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
  selection,
  onToggleRow,
  pageSelected,
  onTogglePage,
  orderField,
  order,
  onSort,
  onOpen,
  zone,
  caption,
  columns: columnIds = DEFAULT_CONTACT_COLUMNS,
  layout = 'table',
}: ContactsTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const cards = layout === 'cards';
  const itemHeight = cards ? CONTACT_CARD_HEIGHT : CONTACT_ROW_HEIGHT;
  // The virtualiser's functions are read on every render; the compiler skipping this component is expected.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => itemHeight,
    overscan: OVERSCAN,
    initialRect: { width: 1024, height: 12 * itemHeight },
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - LOAD_AHEAD) onLoadMore();
  }, [hasNextPage, isFetchingNextPage, lastIndex, rows.length, onLoadMore]);

  const columns = columnIds.map((id) => ({ id, ...COLUMNS[id], ...CONTACT_COLUMN_SPECS[id] }));

  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;

  const handleRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, id: number) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      onOpen(id);
    }
  };
  const handleRowClick = (event: MouseEvent<HTMLElement>, id: number) => {
    const target = event.target as HTMLElement;
    if (target.closest('button, a, label, input')) return;
    onOpen(id);
  };

  const loadingMore = isFetchingNextPage && (
    <div className="flex justify-center py-2">
      <Spinner label="Loading more contacts" size="sm" />
    </div>
  );

  if (cards) {
    // The phone layout: one card per contact (name, category and owner, phone and e-mail), the same
    // virtualised scrolling, selection and opening as the table's rows.
    return (
      <div
        ref={scrollRef}
        className="h-[65vh] min-h-80 overflow-auto rounded border border-border bg-surface"
        data-testid="contacts-scroll"
      >
        <div className="sticky top-0 z-10 border-b border-border bg-surface px-3 py-2">
          <Checkbox
            label={<span className="text-sm">Select all loaded contacts</span>}
            checked={pageSelected}
            onCheckedChange={onTogglePage}
            disabled={rows.length === 0}
          />
        </div>
        <ul aria-label={caption} className="text-sm text-text">
          {paddingTop > 0 && <li aria-hidden="true" style={{ height: paddingTop }} />}
          {items.map((item) => {
            const contact = rows[item.index] as Contact;
            const selected = isSelected(selection, contact.id);
            const name = contactName(contact);
            const phone = contact.phones[0] ? formatPhone(contact.phones[0].number) : '';
            const email = contact.emails[0]?.email ?? '';
            return (
              // The name is the card's link (keyboard); a click anywhere else on the card opens it too.
              <li
                key={contact.id}
                style={{ height: CONTACT_CARD_HEIGHT }}
                onClick={(event) => handleRowClick(event, contact.id)}
                className={cn('flex cursor-pointer items-start gap-3 border-t border-border px-3 py-2 first:border-t-0 hover:bg-text/5', selected && 'bg-primary/10')}
              >
                <Checkbox
                  label={<span className="sr-only">Select {name}</span>}
                  checked={selected}
                  onCheckedChange={() => onToggleRow(contact.id)}
                  className="pt-0.5"
                />
                <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <p className="flex min-w-0 items-center gap-2">
                    <Link to={`/contacts/${contact.id}`} className={cn('truncate rounded font-medium text-primary underline-offset-2 hover:underline', focusRing)}>
                      {name}
                    </Link>
                    {contact.new && <NewBadge />}
                  </p>
                  <p className="truncate text-muted">
                    {CATEGORY_LABELS[contact.category]} · {contact.owner.name}
                  </p>
                  <p className="truncate">{[phone, email].filter(Boolean).join(' · ')}</p>
                </div>
              </li>
            );
          })}
          {paddingBottom > 0 && <li aria-hidden="true" style={{ height: paddingBottom }} />}
        </ul>
        {loadingMore}
      </div>
    );
  }

  return (
    <div
      ref={scrollRef}
      className="h-[65vh] min-h-80 overflow-auto rounded border border-border bg-surface"
      data-testid="contacts-scroll"
    >
      <table
        className="w-full table-fixed border-collapse text-sm text-text"
        aria-rowcount={totalRows + 1}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 z-10 bg-surface shadow-[0_1px_0_var(--color-border)]">
          <tr aria-rowindex={1}>
            <th scope="col" className="px-3 py-2 text-start" style={{ width: SELECT_COLUMN_WIDTH }}>
              <Checkbox
                label={<span className="sr-only">Select all loaded contacts</span>}
                checked={pageSelected}
                onCheckedChange={onTogglePage}
                disabled={rows.length === 0}
              />
            </th>
            {columns.map((column) => {
              const active = column.sort !== undefined && column.sort === orderField;
              return (
                <th
                  key={column.id}
                  scope="col"
                  className="px-3 py-2 text-start font-semibold"
                  style={{ width: column.width }}
                  aria-sort={column.sort ? (active ? (order === 'asc' ? 'ascending' : 'descending') : 'none') : undefined}
                >
                  {column.sort ? (
                    <button
                      type="button"
                      onClick={() => onSort(column.sort as ContactOrderField)}
                      className={cn('inline-flex cursor-pointer items-center gap-1 rounded', focusRing)}
                    >
                      {column.label}
                      <SortIcon direction={active ? order : null} />
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr aria-hidden="true">
              <td colSpan={columns.length + 1} style={{ height: paddingTop, padding: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const contact = rows[item.index] as Contact;
            const selected = isSelected(selection, contact.id);
            const name = contactName(contact);
            return (
              <tr
                key={contact.id}
                aria-rowindex={item.index + 2}
                aria-selected={selected}
                tabIndex={0}
                style={{ height: CONTACT_ROW_HEIGHT }}
                onKeyDown={(event) => handleRowKeyDown(event, contact.id)}
                onClick={(event) => handleRowClick(event, contact.id)}
                className={cn(
                  'cursor-pointer border-t border-border hover:bg-text/5',
                  selected && 'bg-primary/10',
                  focusRing,
                )}
              >
                <td className="px-3">
                  <Checkbox
                    label={<span className="sr-only">Select {name}</span>}
                    checked={selected}
                    onCheckedChange={() => onToggleRow(contact.id)}
                  />
                </td>
                {columns.map((column) => (
                  <td key={column.id} className="truncate px-3 whitespace-nowrap">
                    {column.cell(contact, zone)}
                  </td>
                ))}
              </tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden="true">
              <td colSpan={columns.length + 1} style={{ height: paddingBottom, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
      {loadingMore}
    </div>
  );
}

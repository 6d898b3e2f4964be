import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from '../empty-state/EmptyState';
import { Table, type TableColumn } from './Table';

type Contact = { id: number; name: string; phone: string };

const columns: TableColumn<Contact>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.name, rowHeader: true },
  { id: 'phone', header: 'Phone', cell: (row) => row.phone },
  { id: 'actions', header: 'Actions', cell: () => null, align: 'end' },
];

const contacts: Contact[] = [
  { id: 1, name: 'Ada Lovelace', phone: '555-0100' },
  { id: 2, name: 'Alan Turing', phone: '555-0101' },
];

describe('Table', () => {
  it('renders a captioned table with column and row headers', () => {
    render(<Table caption="Contacts" columns={columns} rows={contacts} getRowKey={(c) => c.id} />);
    const table = screen.getByRole('table', { name: 'Contacts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(columns.map((column) => column.header));
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(contacts.map((contact) => contact.name));
  });

  it('renders the empty state across all columns when there are no rows', () => {
    render(
      <Table
        caption="Contacts"
        columns={columns}
        rows={[]}
        empty={<EmptyState title="No contacts yet" description="Import a list to start." />}
      />,
    );
    const table = screen.getByRole('table', { name: 'Contacts' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(columns.length);
    const message = within(table).getByText('No contacts yet');
    const cell = message.closest('td');
    expect(cell).not.toBeNull();
    expect(cell).toHaveAttribute('colspan', String(columns.length));
    expect(within(table).queryAllByRole('rowheader')).toHaveLength(0);
  });

  it('does not show the empty state when there are rows', () => {
    render(<Table columns={columns} rows={contacts} empty="Nothing here" />);
    expect(screen.queryByText('Nothing here')).not.toBeInTheDocument();
  });

  it('with a scroll label, makes its scrolling box a named region the keyboard can focus (and none without)', () => {
    const { rerender } = render(<Table caption="Contacts" columns={columns} rows={contacts} scrollLabel="Contacts (scrolls sideways)" />);
    const region = screen.getByRole('region', { name: 'Contacts (scrolls sideways)' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table', { name: 'Contacts' })).toBeInTheDocument();
    rerender(<Table caption="Contacts" columns={columns} rows={contacts} />);
    expect(screen.queryByRole('region')).toBeNull();
  });
});

import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/Button';
import { EmptyState } from '../empty-state/EmptyState';
import { Table, type TableColumn, type TableProps } from './Table';

type Contact = { id: number; name: string; phone: string; status: string; policies: number };

const contacts: Contact[] = [
  { id: 1, name: 'Ada Lovelace', phone: '1-555-010-0100', status: 'Lead', policies: 0 },
  { id: 2, name: 'Alan Turing', phone: '1-555-010-0101', status: 'Client', policies: 2 },
  { id: 3, name: 'Grace Hopper', phone: '1-555-010-0102', status: 'Client', policies: 5 },
];

const columns: TableColumn<Contact>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.name, rowHeader: true },
  { id: 'phone', header: 'Phone', cell: (row) => row.phone },
  { id: 'status', header: 'Status', cell: (row) => row.status },
  { id: 'policies', header: 'Policies', cell: (row) => row.policies, align: 'end' },
  {
    id: 'actions',
    header: <span className="sr-only">Actions</span>,
    cell: (row) => (
      <Button variant="ghost" size="sm" aria-label={`Call ${row.name}`}>
        Call
      </Button>
    ),
    align: 'end',
  },
];

// Table is generic; the stories pin it to Contact rows.
function ContactTable(props: TableProps<Contact>) {
  return <Table {...props} />;
}

const meta = {
  title: 'UI/Table',
  component: ContactTable,
  args: { caption: 'Contacts', columns, rows: contacts, getRowKey: (row) => row.id },
  argTypes: { columns: { control: false }, empty: { control: false } },
} satisfies Meta<typeof ContactTable>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const HiddenCaption: Story = { args: { captionHidden: true } };

export const Empty: Story = {
  args: {
    rows: [],
    empty: (
      <EmptyState
        title="No contacts yet"
        description="Import a spreadsheet or add your first contact."
        action={<Button>Add contact</Button>}
      />
    ),
  },
};

export const EmptyWithDefaultMessage: Story = { args: { rows: [] } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Contact } from '@crm/contract';
import { contactFixture } from '@crm/testing';
import { withStoryFrame, type StoryAnswers } from '../contact-page/test/story-frame';
import { MergeDialog } from './MergeDialog';

const base: Contact = contactFixture({
  id: 21,
  status: { id: 1, title: 'New' },
  phones: [{ id: 1, number: '15125550101', phone_type: 2 }],
  address1: '12 Elm St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  date_of_birth: '1951-02-03',
  language: 'english',
  timezone: 'cst',
  duplicate_group: 'pat|lee',
  created_at: '2025-01-01T15:00:00Z',
  updated_at: '2025-01-01T15:00:00Z',
});
const contacts: Contact[] = [
  base,
  {
    ...base,
    id: 22,
    status: { id: 2, title: 'Quoted' },
    phones: [{ id: 2, number: '13035550102', phone_type: 9 }],
    emails: [{ id: 3, email: 'pat.lee@example.com', verified: true, verification: 'valid', verified_at: null }],
    address1: null,
    city: 'Denver',
    state: 'CO',
    zip: null,
    gender: 'female',
    note: 'Prefers calls after 5 pm',
    tags: [{ id: 1, name: 'Hot', color: '#b91c1c' }],
    created_at: '2025-04-01T15:00:00Z',
  },
];

const answers: StoryAnswers = {
  listContactNotes: () => ({ data: [], meta: { current_page: 1, limit: 1, total_count: 2, total_pages: 2 } }),
  listContactFiles: () => ({ data: [] }),
  listPolicies: () => ({ data: [{ id: 1 }] }),
  listSecurities: () => ({ data: [] }),
  mergeContacts: () => ({ data: base }),
};

const meta = {
  title: 'Contacts/MergeDialog',
  component: MergeDialog,
  args: { contacts, open: true, onOpenChange: () => undefined },
  parameters: { answers },
  decorators: [withStoryFrame],
} satisfies Meta<typeof MergeDialog>;

export default meta;

type Story = StoryObj<typeof meta>;

export const TwoContacts: Story = {};
export const ThreeContacts: Story = {
  args: { contacts: [...contacts, { ...base, id: 23, city: null, first_name: 'Patricia', created_at: '2025-05-01T15:00:00Z' }] },
};

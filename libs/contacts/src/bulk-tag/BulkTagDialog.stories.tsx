import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Tag } from '@crm/contract';
import { withStoryFrame, type StoryAnswers } from '../contact-page/test/story-frame';
import { BulkTagDialog } from './BulkTagDialog';

const tags: Tag[] = [
  { id: 1, name: 'Hot', color: '#b91c1c' },
  { id: 2, name: 'Medicare 2026', color: '#1d4ed8' },
  { id: 3, name: 'Referral', color: '#047857' },
];

const answers: StoryAnswers = {
  searchTags: () => ({ data: tags }),
  createTag: (options) => ({ data: { id: 4, ...(options as { body: { name: string; color: string } }).body } }),
  updateTagsGroup: () => ({ count: 3 }),
};

const meta = {
  title: 'Contacts/BulkTagDialog',
  component: BulkTagDialog,
  args: {
    open: true,
    onOpenChange: () => undefined,
    selection: { mode: 'ids', ids: new Set([1, 2, 3]) },
    scope: { category: 'all' },
    selectedLabel: '3 contacts',
    onTagged: () => undefined,
  },
  parameters: { answers },
  decorators: [withStoryFrame],
} satisfies Meta<typeof BulkTagDialog>;

export default meta;

type Story = StoryObj<typeof meta>;

export const SelectedRows: Story = {};
export const AllMatching: Story = { args: { selection: { mode: 'all' }, selectedLabel: 'all 1,000+ contacts' } };

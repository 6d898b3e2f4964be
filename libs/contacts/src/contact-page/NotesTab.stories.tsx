import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@crm/api-client';
import type { ContactNote } from '@crm/contract';
import { NotesTab } from './NotesTab';
import { STORY_ZONE, withStoryFrame, type StoryAnswers } from './test/story-frame';

const notes: ContactNote[] = [
  { id: 3, body: 'Called back: wants a Medicare Advantage quote before the 15th.', author: { id: 7, name: 'Ann Agent' }, created_at: '2026-03-06T14:05:00Z', updated_at: '2026-03-06T14:05:00Z' },
  { id: 2, body: 'Prefers Spanish; daughter helps with paperwork.', author: { id: 9, name: 'Bo Manager' }, created_at: '2026-03-05T18:30:00Z', updated_at: '2026-03-05T19:00:00Z' },
  { id: 1, body: 'Met at the county fair.', author: { id: 7, name: 'Ann Agent' }, created_at: '2026-03-01T15:30:00Z', updated_at: '2026-03-01T15:30:00Z' },
];
const page = (data: ContactNote[]) => ({ data, meta: { current_page: 1, limit: 25, total_count: data.length, total_pages: 1 } });

const answers: StoryAnswers = {
  listContactNotes: (options) => {
    const q = ((options?.query as { q?: string }).q ?? '').toLowerCase();
    return page(notes.filter((note) => note.body.toLowerCase().includes(q)));
  },
  createContactNote: (options) => ({ data: { ...notes[0]!, id: 4, body: (options?.body as { body: string }).body } }),
  updateContactNoteRecord: (options) => ({ data: { ...notes[0]!, body: (options?.body as { body: string }).body } }),
  deleteContactNote: () => undefined,
};

const meta = {
  title: 'Contacts/Contact page/Notes tab',
  component: NotesTab,
  args: { contactId: 5, zone: STORY_ZONE, userId: 7 },
  parameters: { answers },
  decorators: [withStoryFrame],
} satisfies Meta<typeof NotesTab>;

export default meta;

type Story = StoryObj<typeof meta>;

export const WithNotes: Story = {};

export const Empty: Story = { parameters: { answers: { ...answers, listContactNotes: () => page([]) } } };

export const AddingFails: Story = {
  parameters: {
    answers: {
      ...answers,
      createContactNote: () => {
        throw new ApiError(422, { errors: { body: 'Note must be at most 10000 characters' } });
      },
    },
  },
};

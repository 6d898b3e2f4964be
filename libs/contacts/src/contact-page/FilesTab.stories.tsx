import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@crm/api-client';
import type { ContactFile } from '@crm/contract';
import { FilesTab } from './FilesTab';
import { STORY_ZONE, withStoryFrame, type StoryAnswers } from './test/story-frame';

const files: ContactFile[] = [
  { id: 2, file_name: 'Scope of appointment.pdf', content_type: 'application/pdf', byte_size: 184_320, uploaded_by: { id: 7, name: 'Ann Agent' }, created_at: '2026-03-06T14:05:00Z' },
  { id: 1, file_name: 'Medicare card.jpg', content_type: 'image/jpeg', byte_size: 2_411_724, uploaded_by: { id: 9, name: 'Bo Manager' }, created_at: '2026-03-01T15:30:00Z' },
];

const answers: StoryAnswers = {
  listContactFiles: () => ({ data: files }),
  uploadContactFile: () => ({ data: files[0] }),
  deleteContactFile: () => undefined,
};

const meta = {
  title: 'Contacts/Contact page/Files tab',
  component: FilesTab,
  args: { contactId: 5, zone: STORY_ZONE },
  parameters: { answers },
  decorators: [withStoryFrame],
} satisfies Meta<typeof FilesTab>;

export default meta;

type Story = StoryObj<typeof meta>;

export const WithFiles: Story = {};

export const Empty: Story = { parameters: { answers: { ...answers, listContactFiles: () => ({ data: [] }) } } };

export const UploadRefused: Story = {
  parameters: {
    answers: {
      ...answers,
      uploadContactFile: () => {
        throw new ApiError(422, { errors: { file: 'The file content does not match its extension' } });
      },
    },
  },
};

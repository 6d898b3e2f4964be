import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@crm/api-client';
import { DEFAULT_DATA_CAPTURE_QUESTIONS } from '@crm/contract';
import { DataCaptureTab } from './DataCaptureTab';
import { STORY_ZONE, withStoryFrame, type StoryAnswers } from './test/story-frame';

const capture = {
  data: {
    data_captures: DEFAULT_DATA_CAPTURE_QUESTIONS.map((question, index) => ({ question, answer: index === 0 ? 'Original Medicare only' : '' })),
    updated_at: '2026-03-05T15:30:00Z',
    updated_by: { id: 7, name: 'Ann Agent' },
  },
};

const answers: StoryAnswers = {
  showDataCapture: () => capture,
  updateDataCapture: (options) => ({ data: { ...capture.data, ...(options?.body as object) } }),
};

const meta = {
  title: 'Contacts/Contact page/Data capture tab',
  component: DataCaptureTab,
  args: { contactId: 5, zone: STORY_ZONE },
  parameters: { answers },
  decorators: [withStoryFrame],
} satisfies Meta<typeof DataCaptureTab>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Questions: Story = {};

export const SavingFails: Story = {
  parameters: {
    answers: {
      ...answers,
      updateDataCapture: () => {
        throw new ApiError(422, { errors: { 'data_captures.0.answer': 'Answer must be at most 2000 characters' } });
      },
    },
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { RxTab } from './RxTab';
import { STORY_ZONE, withStoryFrame, type StoryAnswers } from './test/story-frame';

const details = {
  data: {
    prescriptions: [
      { drug_name: 'Lisinopril', strength: '10 mg', quantity: 30, frequency: 'daily' as const, days_supply: 30, generic_ok: true },
      { drug_name: 'Metformin', strength: '500 mg', quantity: 180, frequency: 'twice_daily' as const, days_supply: 90, generic_ok: true },
    ],
    pharmacy: { name: 'Main Street Pharmacy', address: '100 Main St, Austin TX', phone: '512-555-0100', mail_order: false },
    updated_at: '2026-03-05T15:30:00Z',
    updated_by: { id: 7, name: 'Ann Agent' },
  },
};

const answers: StoryAnswers = { showRxDetails: () => details, updateRxDetails: () => details };

const meta = {
  title: 'Contacts/Contact page/Prescriptions tab',
  component: RxTab,
  args: { contactId: 5, zone: STORY_ZONE },
  parameters: { answers },
  decorators: [withStoryFrame],
} satisfies Meta<typeof RxTab>;

export default meta;

type Story = StoryObj<typeof meta>;

export const WithPrescriptions: Story = {};

export const Empty: Story = {
  parameters: { answers: { showRxDetails: () => ({ data: { prescriptions: [], pharmacy: null, updated_at: null, updated_by: null } }) } },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Policy } from '@crm/contract';
import { PoliciesTab } from './PoliciesTab';
import { withStoryFrame, type StoryAnswers } from './test/story-frame';

const base = { contact_id: 5, face_amount: null, application_date: null, termination_date: null, note: null, created_at: '2026-03-01T15:30:00Z', updated_at: '2026-03-01T15:30:00Z' };
const policies: Policy[] = [
  { ...base, id: 2, carrier: { id: 2, name: 'Humana' }, policy_type: 'medicare_advantage', policy_number: 'H1036-201', status: 'in_force', premium: 0, premium_mode: 'monthly', effective_date: '2026-01-01' },
  { ...base, id: 1, carrier: { id: 5, name: 'Mutual of Omaha' }, policy_type: 'final_expense', policy_number: null, status: 'submitted', premium: 48.5, premium_mode: 'monthly', effective_date: null },
];

const answers: StoryAnswers = {
  listPolicies: () => ({ data: policies }),
  listCarriers: () => ({ data: [{ id: 1, name: 'Aetna' }, { id: 2, name: 'Humana' }, { id: 5, name: 'Mutual of Omaha' }] }),
  createPolicy: () => ({ data: policies[0] }),
  updatePolicy: () => ({ data: policies[0] }),
  deletePolicy: () => undefined,
};

const meta = {
  title: 'Contacts/Contact page/Policies tab',
  component: PoliciesTab,
  args: { contactId: 5 },
  parameters: { answers },
  decorators: [withStoryFrame],
} satisfies Meta<typeof PoliciesTab>;

export default meta;

type Story = StoryObj<typeof meta>;

export const WithPolicies: Story = {};

export const Empty: Story = { parameters: { answers: { ...answers, listPolicies: () => ({ data: [] }) } } };

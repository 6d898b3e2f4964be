import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Security } from '@crm/contract';
import { SecuritiesTab } from './SecuritiesTab';
import { withStoryFrame, type StoryAnswers } from './test/story-frame';

const base = { contact_id: 5, note: null, created_at: '2026-03-01T15:30:00Z', updated_at: '2026-03-01T15:30:00Z' };
const securities: Security[] = [
  { ...base, id: 2, security_type: 'ira', name: 'Rollover IRA', symbol: null, institution: 'Fidelity', account_number: '••••6789', quantity: null, value: 182_400, as_of_date: '2026-02-28' },
  { ...base, id: 1, security_type: 'etf', name: 'Total market ETF', symbol: 'VTI', institution: 'Vanguard', account_number: '••••1204', quantity: 120.5, value: 33_120.75, as_of_date: '2026-02-28' },
];

const answers: StoryAnswers = {
  listSecurities: () => ({ data: securities }),
  createSecurity: () => ({ data: securities[0] }),
  updateSecurity: () => ({ data: securities[0] }),
  deleteSecurity: () => undefined,
};

const meta = {
  title: 'Contacts/Contact page/Securities tab',
  component: SecuritiesTab,
  args: { contactId: 5 },
  parameters: { answers },
  decorators: [withStoryFrame],
} satisfies Meta<typeof SecuritiesTab>;

export default meta;

type Story = StoryObj<typeof meta>;

export const WithSecurities: Story = {};

export const Empty: Story = { parameters: { answers: { ...answers, listSecurities: () => ({ data: [] }) } } };

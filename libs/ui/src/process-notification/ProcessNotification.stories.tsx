import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProcessNotification } from './ProcessNotification';

const meta = {
  title: 'UI/ProcessNotification',
  component: ProcessNotification,
  args: { visible: true, status: 'processing', text: 'Importing march-leads.csv: 45% (4,500 imported, 12 skipped, 3 refused)', onClose: () => undefined },
} satisfies Meta<typeof ProcessNotification>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Processing: Story = {};

export const Completed: Story = { args: { status: 'completed', text: 'Moved 120 contacts to Bo Boss.', linkUrl: '#', linkText: 'See the transfer' } };

export const Failed: Story = { args: { status: 'failed', text: 'The import of march-leads.csv failed: the file could not be read.' } };

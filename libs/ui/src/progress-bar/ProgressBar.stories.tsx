import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProgressBar } from './ProgressBar';

const meta = {
  title: 'UI/ProgressBar',
  component: ProgressBar,
  args: { label: 'Importing contacts', value: 45, max: 100, showValue: true, hideLabel: false },
  argTypes: { value: { control: { type: 'range', min: 0, max: 100 } } },
  decorators: [
    (Story) => (
      <div className="max-w-md">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProgressBar>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Complete: Story = { args: { value: 100, label: 'Import finished' } };

export const Indeterminate: Story = { args: { value: null, label: 'Preparing the file' } };

export const HiddenLabel: Story = { args: { hideLabel: true } };

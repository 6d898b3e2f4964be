import type { Meta, StoryObj } from '@storybook/react-vite';
import { Checkbox } from './Checkbox';

const meta = {
  title: 'UI/Checkbox',
  component: Checkbox,
  args: { label: 'Remember this device', disabled: false },
} satisfies Meta<typeof Checkbox>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Checked: Story = { args: { defaultChecked: true } };

export const Indeterminate: Story = {
  args: { checked: 'indeterminate', label: 'Select all contacts' },
};

export const WithDescription: Story = {
  args: {
    label: 'I accept the terms of use',
    description: 'You can read them at any time from the footer.',
  },
};

export const Disabled: Story = { args: { disabled: true, defaultChecked: true } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Select, type SelectProps } from './Select';

const roles = [
  { value: 'agent', label: 'Agent' },
  { value: 'manager', label: 'Manager' },
  { value: 'admin', label: 'Administrator' },
  { value: 'owner', label: 'Owner', disabled: true },
];

function ControlledSelect(props: SelectProps) {
  const [value, setValue] = useState('agent');
  return (
    <div className="flex flex-col gap-2">
      <Select {...props} value={value} onValueChange={setValue} />
      <p className="text-sm text-muted">Selected: {value}</p>
    </div>
  );
}

const meta = {
  title: 'UI/Select',
  component: Select,
  args: { options: roles, placeholder: 'Choose a role', 'aria-label': 'Role' },
  decorators: [
    (Story) => (
      <div className="max-w-xs">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Select>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithValue: Story = { args: { defaultValue: 'manager' } };

export const Invalid: Story = { args: { 'aria-invalid': true } };

export const Disabled: Story = { args: { disabled: true, defaultValue: 'agent' } };

export const Controlled: Story = { render: (args) => <ControlledSelect {...args} /> };

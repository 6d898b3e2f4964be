import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Tabs, type TabItem, type TabsProps } from './Tabs';

const tabs: TabItem[] = [
  { value: 'profile', label: 'Profile', content: <p>Name, e-mail, time zone and about me.</p> },
  { value: 'password', label: 'Password', content: <p>Change your password.</p> },
  { value: 'two_factor', label: 'Two-factor', content: <p>Protect your account with a code.</p> },
  { value: 'api_keys', label: 'API keys', content: <p>Keys for programmatic access.</p> },
  { value: 'billing', label: 'Billing', content: null, disabled: true },
];

function ControlledTabs(props: TabsProps) {
  const [value, setValue] = useState('two_factor');
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted">?tab={value}</p>
      <Tabs {...props} value={value} onValueChange={setValue} />
    </div>
  );
}

const meta = {
  title: 'UI/Tabs',
  component: Tabs,
  args: { tabs, 'aria-label': 'Account settings' },
  argTypes: { tabs: { control: false } },
} satisfies Meta<typeof Tabs>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Uncontrolled: Story = {};

export const StartOnSecondTab: Story = { args: { defaultValue: 'password' } };

export const ManualActivation: Story = { args: { activationMode: 'manual' } };

export const Controlled: Story = { render: (args) => <ControlledTabs {...args} /> };

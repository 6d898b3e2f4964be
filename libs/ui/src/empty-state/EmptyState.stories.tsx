import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/Button';
import { EmptyState } from './EmptyState';

const meta = {
  title: 'UI/EmptyState',
  component: EmptyState,
  args: {
    title: 'No API keys yet',
    description: 'Create a key to connect another application to your account.',
    action: <Button>Create API key</Button>,
  },
  argTypes: { action: { control: false }, icon: { control: false } },
} satisfies Meta<typeof EmptyState>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithoutAction: Story = { args: { action: undefined } };

export const WithIcon: Story = {
  args: {
    icon: (
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-10" fill="none">
        <path
          d="M4 7h16M4 12h16M4 17h10"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
        />
      </svg>
    ),
  },
};

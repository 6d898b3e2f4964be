import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/Button';
import { Card } from './Card';

const meta = {
  title: 'UI/Card',
  component: Card,
  args: {
    title: 'Today’s appointments',
    description: 'Times are shown in your time zone.',
    children: <p>No appointments today.</p>,
  },
  argTypes: { children: { control: false }, actions: { control: false } },
} satisfies Meta<typeof Card>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithActions: Story = {
  args: {
    actions: (
      <Button variant="secondary" size="sm">
        Open calendar
      </Button>
    ),
  },
};

export const WithoutHeader: Story = {
  args: { title: undefined, description: undefined, children: <p>Plain content card.</p> },
};

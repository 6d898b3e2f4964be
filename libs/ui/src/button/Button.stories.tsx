import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from './Button';

const meta = {
  title: 'UI/Button',
  component: Button,
  args: {
    children: 'Save changes',
    variant: 'primary',
    size: 'md',
    loading: false,
    disabled: false,
  },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'danger', 'ghost'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Button>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Primary: Story = {};

export const Secondary: Story = { args: { variant: 'secondary', children: 'Cancel' } };

export const Danger: Story = { args: { variant: 'danger', children: 'Delete contact' } };

export const Ghost: Story = { args: { variant: 'ghost', children: 'Skip' } };

export const Loading: Story = { args: { loading: true, children: 'Saving…' } };

export const Disabled: Story = { args: { disabled: true } };

export const AllVariants: Story = {
  render: (args) => (
    <div className="flex flex-col gap-4">
      {(['sm', 'md', 'lg'] as const).map((size) => (
        <div key={size} className="flex flex-wrap items-center gap-3">
          <Button {...args} size={size} variant="primary">
            Primary
          </Button>
          <Button {...args} size={size} variant="secondary">
            Secondary
          </Button>
          <Button {...args} size={size} variant="danger">
            Danger
          </Button>
          <Button {...args} size={size} variant="ghost">
            Ghost
          </Button>
          <Button {...args} size={size} loading>
            Loading
          </Button>
        </div>
      ))}
    </div>
  ),
};

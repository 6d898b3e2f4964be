import type { Meta, StoryObj } from '@storybook/react-vite';
import { Spinner } from './Spinner';

const meta = {
  title: 'UI/Spinner',
  component: Spinner,
  args: { label: 'Loading contacts', size: 'md' },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
} satisfies Meta<typeof Spinner>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Sizes: Story = {
  render: (args) => (
    <div className="flex items-center gap-4 text-primary-contrast">
      <span className="rounded bg-primary p-2">
        <Spinner {...args} size="sm" />
      </span>
      <Spinner {...args} size="md" className="text-text" />
      <Spinner {...args} size="lg" className="text-muted" />
    </div>
  ),
};

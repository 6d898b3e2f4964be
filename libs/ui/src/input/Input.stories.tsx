import type { Meta, StoryObj } from '@storybook/react-vite';
import { Input, Textarea } from './Input';

const meta = {
  title: 'UI/Input',
  component: Input,
  args: { 'aria-label': 'E-mail', placeholder: 'name@example.com', type: 'email' },
  decorators: [
    (Story) => (
      <div className="max-w-sm">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Input>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithValue: Story = { args: { defaultValue: 'ada@example.com' } };

export const Invalid: Story = { args: { 'aria-invalid': true, defaultValue: 'ada@' } };

export const Disabled: Story = { args: { disabled: true, defaultValue: 'ada@example.com' } };

export const MultiLine: Story = {
  render: () => <Textarea aria-label="About me" placeholder="A few words about you" />,
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { Input, Textarea } from '../input/Input';
import { Select } from '../select/Select';
import { Field } from './Field';

const meta = {
  title: 'UI/Field',
  component: Field,
  args: {
    label: 'E-mail',
    description: 'We send the sign-in code here.',
    required: false,
    children: <Input type="email" placeholder="name@example.com" />,
  },
  argTypes: { children: { control: false }, error: { control: 'text' } },
  decorators: [
    (Story) => (
      <div className="max-w-sm">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Field>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Required: Story = { args: { required: true } };

export const WithError: Story = {
  args: {
    error: 'Enter a valid e-mail address.',
    children: <Input type="email" defaultValue="ada@" />,
  },
};

export const Form: Story = {
  render: () => (
    <form className="flex flex-col gap-4" onSubmit={(event) => event.preventDefault()}>
      <Field label="First name" required>
        <Input autoComplete="given-name" />
      </Field>
      <Field label="Time zone" description="Used for appointment times.">
        <Select
          placeholder="Choose a time zone"
          options={[
            { value: 'America/New_York', label: 'Eastern (New York)' },
            { value: 'America/Chicago', label: 'Central (Chicago)' },
            { value: 'America/Los_Angeles', label: 'Pacific (Los Angeles)' },
          ]}
        />
      </Field>
      <Field label="About me" error="Keep it under 500 characters.">
        <Textarea defaultValue="I help families plan for retirement." />
      </Field>
    </form>
  ),
};

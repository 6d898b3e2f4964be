import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/Button';
import { Field } from '../field/Field';
import { Input } from '../input/Input';
import { Dialog, DialogClose } from './Dialog';

const meta = {
  title: 'UI/Dialog',
  component: Dialog,
  args: {
    title: 'Rename API key',
    description: 'The new name is shown in the list of keys.',
    trigger: <Button variant="secondary">Rename…</Button>,
    children: (
      <Field label="Name">
        <Input defaultValue="Zapier" />
      </Field>
    ),
    footer: (
      <>
        <DialogClose>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button>Save</Button>
      </>
    ),
  },
  argTypes: {
    trigger: { control: false },
    children: { control: false },
    footer: { control: false },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Dialog>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Open: Story = { args: { defaultOpen: true } };

export const Confirmation: Story = {
  args: {
    defaultOpen: true,
    size: 'sm',
    title: 'Delete this contact?',
    description: 'Their notes, calls and messages are deleted too. This cannot be undone.',
    trigger: <Button variant="danger">Delete…</Button>,
    children: undefined,
    footer: (
      <>
        <DialogClose>
          <Button variant="secondary">Keep</Button>
        </DialogClose>
        <Button variant="danger">Delete</Button>
      </>
    ),
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { ConfirmDialog } from './ConfirmDialog';

const meta = {
  title: 'UI/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: true,
    onOpenChange: () => undefined,
    onConfirm: () => undefined,
    title: 'Delete this note?',
    description: 'The note is removed from the contact for everyone.',
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Delete: Story = {};

export const Busy: Story = { args: { pending: true } };

export const Failed: Story = { args: { error: 'Something went wrong. Please try again.' } };

export const Harmless: Story = {
  args: { title: 'Unlink these contacts?', confirmLabel: 'Unlink', variant: 'primary', description: undefined },
};

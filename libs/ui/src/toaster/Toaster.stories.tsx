import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/Button';
import { Toaster, toast } from './Toaster';

const meta = {
  title: 'UI/Toaster',
  component: Toaster,
  render: (args) => (
    <div className="flex flex-wrap gap-2">
      <Toaster {...args} />
      <Button variant="secondary" onClick={() => toast('Contact saved')}>
        Default
      </Button>
      <Button variant="secondary" onClick={() => toast.success('Message sent')}>
        Success
      </Button>
      <Button variant="secondary" onClick={() => toast.error('Access denied!')}>
        Error
      </Button>
      <Button
        variant="secondary"
        onClick={() =>
          toast('Contact deleted', {
            description: 'Ada Lovelace was removed from your list.',
            action: { label: 'Undo', onClick: () => toast.success('Restored') },
          })
        }
      >
        With action
      </Button>
    </div>
  ),
} satisfies Meta<typeof Toaster>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const BottomCenter: Story = { args: { position: 'bottom-center' } };

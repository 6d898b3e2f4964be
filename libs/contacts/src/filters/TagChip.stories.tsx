import type { Meta, StoryObj } from '@storybook/react-vite';
import { TAG_COLORS } from '@crm/contract';
import { TAG_COLOR_NAMES } from './tag-color';
import { TagChip } from './TagChip';

const meta = {
  title: 'Contacts/TagChip',
  component: TagChip,
  args: { tag: { name: 'Hot lead', color: '#b91c1c' } },
} satisfies Meta<typeof TagChip>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Every colour of the tag picker, and a light colour made elsewhere (dark text then). */
export const EveryColour: Story = {
  render: () => (
    <div className="flex flex-wrap gap-2">
      {TAG_COLORS.map((color) => (
        <TagChip key={color} tag={{ name: TAG_COLOR_NAMES[color], color }} />
      ))}
      <TagChip tag={{ name: 'Light', color: '#fde68a' }} />
      <TagChip tag={{ name: 'A very long tag name that gets cut short', color: '#047857' }} />
    </div>
  ),
};

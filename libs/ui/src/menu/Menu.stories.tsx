import type { Meta, StoryObj } from '@storybook/react-vite';
import { Menu } from './Menu';

const meta: Meta<typeof Menu> = { title: 'UI/Menu', component: Menu };
export default meta;

type Story = StoryObj<typeof Menu>;

export const Actions: Story = {
  args: {
    trigger: 'Actions',
    items: [
      { id: 'import', label: 'Import', onSelect: () => undefined },
      { kind: 'link', id: 'help', element: <a href="#help">Help</a> },
      { id: 'trash', label: 'Trash', onSelect: () => undefined, disabled: true },
    ],
  },
};

export const Checkboxes: Story = {
  args: {
    trigger: 'Columns',
    title: 'Shown columns',
    keepOpenOnCheck: true,
    items: [
      { kind: 'checkbox', id: 'name', label: 'Name', checked: true, disabled: true, onCheckedChange: () => undefined },
      { kind: 'checkbox', id: 'city', label: 'City', checked: false, onCheckedChange: () => undefined },
      { kind: 'checkbox', id: 'tags', label: 'Tags', checked: true, description: 'Not shown: no room', onCheckedChange: () => undefined },
    ],
  },
};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/Button';
import { PageHeader } from './PageHeader';

const meta = {
  title: 'UI/PageHeader',
  component: PageHeader,
  args: { title: 'Transfers', actions: <Button variant="secondary">Back to contacts</Button> },
  argTypes: { actions: { control: false } },
} satisfies Meta<typeof PageHeader>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithoutActions: Story = { args: { actions: undefined } };

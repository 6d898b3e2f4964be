import type { Meta, StoryObj } from '@storybook/react-vite';
import { BarChart } from './BarChart';

const meta = {
  title: 'UI/BarChart',
  component: BarChart,
  args: {
    title: 'Minutes used by month',
    valueHeader: 'Minutes used',
    labelHeader: 'Month',
    data: [
      { label: 'Jun 2026', value: 820 },
      { label: 'Jul 2026', value: 1340 },
      { label: 'Aug 2026', value: 1105 },
      { label: 'Sep 2026', value: 1710 },
      { label: 'Oct 2026', value: 1488 },
      { label: 'Nov 2026', value: 1760 },
    ],
  },
} satisfies Meta<typeof BarChart>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Empty: Story = { args: { data: [] } };

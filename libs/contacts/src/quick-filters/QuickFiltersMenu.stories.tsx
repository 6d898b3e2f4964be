import type { Meta, StoryObj } from '@storybook/react-vite';
import type { QuickFilter } from '@crm/contract';
import { StoryFrame, type StoryAnswers } from '../contact-page/test/story-frame';
import { QuickFiltersMenu } from './QuickFiltersMenu';

const filter = (id: number, name: string): QuickFilter => ({
  id,
  name,
  contacts_scope: { category: 'client' },
  created_at: '2026-01-02T03:04:05Z',
  updated_at: '2026-01-02T03:04:05Z',
});

const answers = (filters: QuickFilter[]): StoryAnswers => ({
  listQuickFilters: () => ({ data: filters }),
  createQuickFilter: () => ({ data: filter(9, 'Saved') }),
  updateQuickFilter: () => ({ data: filter(1, 'Renamed') }),
  deleteQuickFilter: () => undefined,
});

const meta = {
  title: 'Contacts/QuickFiltersMenu',
  component: QuickFiltersMenu,
  args: { currentScope: { category: 'client' }, onApply: () => undefined },
} satisfies Meta<typeof QuickFiltersMenu>;

export default meta;

type Story = StoryObj<typeof meta>;

export const WithFilters: Story = {
  render: (args) => (
    <StoryFrame answers={answers([filter(1, 'Texas clients'), filter(2, 'Turning 65 this year'), filter(3, 'Final expense leads')])}>
      <div className="flex justify-end">
        <QuickFiltersMenu {...args} />
      </div>
    </StoryFrame>
  ),
};

export const NoneYet: Story = {
  render: (args) => (
    <StoryFrame answers={answers([])}>
      <div className="flex justify-end">
        <QuickFiltersMenu {...args} />
      </div>
    </StoryFrame>
  ),
};

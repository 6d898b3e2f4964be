import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { POLICY_TYPE_LABELS, POLICY_TYPES } from '@crm/contract';
import { ChoiceList, type ChoiceListProps } from './ChoiceList';

const policyChoices = POLICY_TYPES.map((type) => ({ value: type, label: POLICY_TYPE_LABELS[type] }));

/** The list with its own selection and find box, as the filter panel uses it. */
function Interactive({ legend, choices, empty, loading, error }: Pick<ChoiceListProps, 'legend' | 'choices' | 'empty' | 'loading' | 'error'>) {
  const [selected, setSelected] = useState<string[]>(['medicare_advantage']);
  const [find, setFind] = useState('');
  const words = find.trim().toLowerCase();
  return (
    <div className="max-w-xs">
      <ChoiceList
        legend={legend}
        choices={choices.filter((choice) => !words || choice.label.toLowerCase().includes(words))}
        selected={selected}
        onChange={setSelected}
        search={{ label: `Find ${legend.toLowerCase()}`, value: find, onChange: setFind }}
        empty={empty}
        loading={loading}
        error={error}
      />
    </div>
  );
}

const meta = {
  title: 'Contacts/ChoiceList',
  component: ChoiceList,
  args: { legend: 'Policy types included', choices: policyChoices, selected: [], onChange: () => undefined },
  render: ({ legend, choices, empty, loading, error }) => (
    <Interactive legend={legend} choices={choices} empty={empty} loading={loading} error={error} />
  ),
} satisfies Meta<typeof ChoiceList>;

export default meta;

type Story = StoryObj<typeof meta>;

export const WithFindBox: Story = {};
export const Empty: Story = { args: { choices: [], empty: 'No tags yet.' } };
export const Loading: Story = { args: { choices: [], loading: true } };
export const WithError: Story = { args: { error: 'Could not load the carriers.' } };

import { useState } from 'react';
import type { Tag } from '@crm/contract';
import { ChoiceList, type Choice } from './ChoiceList';
import { tagBackground } from './tag-color';
import { useTagChoices } from './useTagChoices';

function Dot({ color }: { color: string }) {
  return <span aria-hidden="true" className="inline-block size-2.5 shrink-0 rounded-full" style={{ backgroundColor: tagBackground(color) }} />;
}

export type TagChoiceListProps = {
  legend: string;
  findLabel: string;
  chosen: number[];
  onChange: (ids: number[]) => void;
  /** Tags to offer besides the fetched ones (for example tags just created), while nothing is searched. */
  extra?: readonly Tag[];
  /** What shows when there are no tags at all (default "No tags yet."). */
  emptyText?: string;
  error?: string | null;
};

/** Tags to tick, each with a dot of its colour, with a search over the company's tags. */
export function TagChoiceList({ legend, findLabel, chosen, onChange, extra = [], emptyText = 'No tags yet.', error }: TagChoiceListProps) {
  const [find, setFind] = useState('');
  const { tags, loading } = useTagChoices(find, chosen);
  const shown = new Set(tags.map((tag) => tag.id));
  // Tags created elsewhere (a dialog's inline form) show even before the tag list has been fetched again.
  const all = [...extra.filter((tag) => !shown.has(tag.id) && !find.trim()), ...tags];
  const choices: Choice[] = all.map((tag) => ({ value: String(tag.id), label: tag.name, adornment: <Dot color={tag.color} /> }));
  return (
    <ChoiceList
      legend={legend}
      choices={choices}
      selected={chosen.map(String)}
      onChange={(selected) => onChange(selected.map(Number))}
      search={{ label: findLabel, value: find, onChange: setFind }}
      empty={find.trim() ? 'No tag matches.' : emptyText}
      loading={loading}
      error={error}
    />
  );
}

import { useId, useState, type FormEvent } from 'react';
import { Button, Input } from '@crm/ui';

export type ListSearchProps = {
  /** Names the search landmark ("Users"). */
  name: string;
  /** The field's label ("Search by name or email"). */
  label: string;
  /** The search in effect (from the address). */
  value: string;
  onSearch: (q: string) => void;
};

/** A list's search form: a field and a Search button; the list searches when it is sent. */
export function ListSearch({ name, label, value, onSearch }: ListSearchProps) {
  const [search, setSearch] = useState(value);
  const id = useId();
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(search.trim());
  };
  return (
    <form role="search" aria-label={name} onSubmit={handleSubmit} className="flex flex-wrap items-end gap-2">
      <div className="flex min-w-64 flex-col">
        <label htmlFor={id} className="text-sm font-medium text-text">
          {label}
        </label>
        <Input id={id} type="search" value={search} onChange={(event) => setSearch(event.target.value)} className="mt-1" />
      </div>
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </form>
  );
}

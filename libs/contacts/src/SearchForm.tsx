import type { ChangeEvent } from 'react';
import { cn, Input } from '@crm/ui';

export type SearchFormProps = {
  /** The search box's accessible name ("Search contacts"). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter: search at once (lists that otherwise wait for the debounce). */
  onSubmit?: () => void;
  className?: string;
};

/** A search landmark with one search box; the list searches as the user types (debounced by the caller). */
export function SearchForm({ label, placeholder, value, onChange, onSubmit, className }: SearchFormProps) {
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
      className={cn('flex min-w-64', className)}
    >
      <Input type="search" aria-label={label} placeholder={placeholder} value={value} onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)} />
    </form>
  );
}

import { useId, type ReactNode } from 'react';
import { Checkbox, Input, Spinner, cn } from '@crm/ui';

/** One choice of a ChoiceList; `value` is what the list reports, `label` what the user reads. */
export type Choice = {
  value: string;
  label: string;
  /** Shown before the label (a tag's colour dot, a star toggle sits after). */
  adornment?: ReactNode;
  /** Shown after the checkbox, outside its label (for example a favourite toggle). */
  action?: ReactNode;
};

export type ChoiceListProps = {
  /** The group's name (its legend), for example "Tags included". */
  legend: string;
  choices: readonly Choice[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  /** A find box above the choices; the parent narrows `choices` to what it finds. */
  search?: { label: string; value: string; onChange: (value: string) => void };
  /** Shown when there are no choices. */
  empty?: string;
  loading?: boolean;
  /** Help or error text under the list (announced). */
  error?: string | null;
  className?: string;
  children?: ReactNode;
};

/**
 * A multi-select as a group of checkboxes (fieldset and legend), optionally with a find box, in a
 * short scrolling box. Keyboard: Tab moves between the boxes, Space ticks.
 */
export function ChoiceList({ legend, choices, selected, onChange, search, empty = 'Nothing to choose.', loading, error, className, children }: ChoiceListProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const toggle = (value: string, on: boolean) =>
    onChange(on ? [...selected.filter((v) => v !== value), value] : selected.filter((v) => v !== value));

  return (
    <fieldset className={cn('flex min-w-0 flex-col gap-1.5', className)} aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-semibold">
        {legend}
        {selected.length > 0 && <span className="font-normal text-muted"> ({selected.length} chosen)</span>}
      </legend>
      {search && (
        <Input
          type="search"
          aria-label={search.label}
          placeholder="Find…"
          value={search.value}
          onChange={(event) => search.onChange(event.target.value)}
          className="py-1 text-sm"
        />
      )}
      <div className="max-h-40 min-h-10 overflow-y-auto rounded border border-border p-1.5">
        {loading && choices.length === 0 ? (
          <Spinner size="sm" label={`Loading ${legend.toLowerCase()}`} />
        ) : choices.length === 0 ? (
          <p className="text-sm text-muted">{empty}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {choices.map((choice, index) => (
              <li key={choice.value} className="flex items-center justify-between gap-2">
                <Checkbox
                  id={`${id}-${index}`}
                  label={
                    <span className="inline-flex items-center gap-1.5">
                      {choice.adornment}
                      {choice.label}
                    </span>
                  }
                  checked={selected.includes(choice.value)}
                  onCheckedChange={(checked) => toggle(choice.value, checked === true)}
                />
                {choice.action}
              </li>
            ))}
          </ul>
        )}
      </div>
      {children}
      <p id={errorId} role="alert" className="text-sm font-medium text-danger">
        {error ?? null}
      </p>
    </fieldset>
  );
}

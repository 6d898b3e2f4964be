import { useState, type FormEvent } from 'react';
import { CONTACT_SEARCH_FIELDS, type ContactSearchField, type SearchOperator } from '@crm/contract';
import { Button, Input, Select } from '@crm/ui';
import { ListFilters } from './filters/ListFilters';
import type { OwnerOption } from './filters/OwnerFilter';
import { OPERATOR_LABELS, SEARCH_CHOICE_OPTIONS, SEARCH_FIELD_LABELS } from './labels';
import { EMPTY_FILTERS, newSearchRow, operatorsFor, rowNeedsValue, type ContactFilters, type SearchRow } from './search-state';

const FIELD_OPTIONS = (Object.keys(CONTACT_SEARCH_FIELDS) as ContactSearchField[]).map((field) => ({
  value: field,
  label: SEARCH_FIELD_LABELS[field],
}));

export type AdvancedSearchProps = {
  /** The conditions in force. */
  rows: readonly SearchRow[];
  /** The filters in force (owners, tags, policy types, carriers). */
  filters?: ContactFilters;
  /** Users the owner filter offers besides the favourites (the signed-in user, owners on the list). */
  owners?: readonly OwnerOption[];
  /** The signed-in user. */
  meId?: number | null;
  onApply: (rows: SearchRow[], filters: ContactFilters) => void;
};

/**
 * The filter panel: the advanced search builder (rows of field, operator and value) and the
 * filters (owners, tags, policy types, carriers), applied together with "Apply search".
 */
export function AdvancedSearch({ rows, filters = EMPTY_FILTERS, owners = [], meId = null, onApply }: AdvancedSearchProps) {
  const [draft, setDraft] = useState<SearchRow[]>(() => (rows.length ? [...rows] : [newSearchRow()]));
  const [draftFilters, setDraftFilters] = useState<ContactFilters>(filters);

  const update = (index: number, change: Partial<SearchRow>) =>
    setDraft((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));

  const handleField = (index: number, field: ContactSearchField) => update(index, newSearchRow(field));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(draft, draftFilters);
  };

  return (
    <form onSubmit={handleSubmit} aria-label="Advanced search" className="flex flex-col gap-3 rounded border border-border bg-surface p-3">
      <h2 className="text-sm font-semibold">Conditions</h2>
      {draft.length === 0 && <p className="text-sm text-muted">No conditions. Add one to narrow the list.</p>}
      <ol className="flex flex-col gap-2">
        {draft.map((row, index) => {
          const kind = CONTACT_SEARCH_FIELDS[row.field];
          const n = index + 1;
          const operators = operatorsFor(row.field).map((op) => ({ value: op, label: OPERATOR_LABELS[op] }));
          const choices = kind === 'choice' ? SEARCH_CHOICE_OPTIONS[row.field as keyof typeof SEARCH_CHOICE_OPTIONS] : null;
          const inputType = kind === 'date' ? 'date' : 'text';
          return (
            <li key={index} className="grid items-center gap-2 sm:grid-cols-[12rem_10rem_1fr_auto]">
              <Select
                aria-label={`Condition ${n} field`}
                options={FIELD_OPTIONS}
                value={row.field}
                onValueChange={(value) => handleField(index, value as ContactSearchField)}
              />
              <Select
                aria-label={`Condition ${n} operator`}
                options={operators}
                value={row.operator}
                onValueChange={(value) => update(index, { operator: value as SearchOperator })}
              />
              {!rowNeedsValue(row) ? (
                <span />
              ) : choices ? (
                <Select
                  aria-label={`Condition ${n} value`}
                  options={choices}
                  value={row.value}
                  onValueChange={(value) => update(index, { value })}
                  placeholder="Choose…"
                />
              ) : row.operator === 'between' ? (
                <div className="flex gap-2">
                  <Input aria-label={`Condition ${n} from`} type="date" value={row.value} onChange={(e) => update(index, { value: e.target.value })} />
                  <Input aria-label={`Condition ${n} to`} type="date" value={row.valueTo ?? ''} onChange={(e) => update(index, { valueTo: e.target.value })} />
                </div>
              ) : (
                <Input
                  aria-label={`Condition ${n} value`}
                  type={inputType}
                  inputMode={kind === 'phone' || kind === 'id' ? 'numeric' : undefined}
                  placeholder={kind === 'id' ? 'Ids, separated by commas' : undefined}
                  value={row.value}
                  onChange={(e) => update(index, { value: e.target.value })}
                />
              )}
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={`Remove condition ${n}`}
                onClick={() => setDraft((current) => current.filter((_, i) => i !== index))}
              >
                Remove
              </Button>
            </li>
          );
        })}
      </ol>
      <div>
        <Button type="button" variant="secondary" size="sm" onClick={() => setDraft((current) => [...current, newSearchRow()])}>
          Add condition
        </Button>
      </div>
      <h2 className="text-sm font-semibold">Filters</h2>
      <ListFilters filters={draftFilters} onChange={setDraftFilters} owners={owners} meId={meId} />
      <div className="flex flex-wrap gap-2 border-t border-border pt-3">
        <Button type="submit" size="sm">
          Apply search
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => {
            setDraft([]);
            setDraftFilters(EMPTY_FILTERS);
            onApply([], EMPTY_FILTERS);
          }}
        >
          Clear all
        </Button>
      </div>
    </form>
  );
}

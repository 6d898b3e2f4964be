import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import { POLICY_TYPE_LABELS, POLICY_TYPES, type PolicyType } from '@crm/contract';
import { apiErrorMessage } from '@crm/session';
import { carriersQueryOptions } from '../contacts-queries';
import type { ContactFilters } from '../search-state';
import { ChoiceList, type Choice } from './ChoiceList';
import { OwnerFilter, type OwnerOption } from './OwnerFilter';
import { TagChoiceList } from './TagChoiceList';

export type ListFiltersProps = {
  filters: ContactFilters;
  onChange: (filters: ContactFilters) => void;
  /** Users the owner filter offers besides the favourites. */
  owners: readonly OwnerOption[];
  meId: number | null;
};

/** Ticking a choice on one side of an included/excluded pair unticks it on the other. */
export function pairChange<T>(list: readonly T[], other: readonly T[], next: T[]): { list: T[]; other: T[] } {
  const added = next.filter((value) => !list.includes(value));
  return { list: next, other: other.filter((value) => !added.includes(value)) };
}

const POLICY_CHOICES: Choice[] = POLICY_TYPES.map((type) => ({ value: type, label: POLICY_TYPE_LABELS[type] }));

/**
 * The filter panel's lists: owners (favourites first), tags and policy types included or
 * excluded, and carriers. They map one to one onto contacts_scope (see toScopeFilters).
 */
export function ListFilters({ filters, onChange, owners, meId }: ListFiltersProps) {
  const client = useApiClient();
  const carriers = useQuery(carriersQueryOptions(client));
  const [findCarrier, setFindCarrier] = useState('');
  const set = (change: Partial<ContactFilters>) => onChange({ ...filters, ...change });

  const carrierWords = findCarrier.trim().toLowerCase();
  const carrierChoices: Choice[] = (carriers.data ?? [])
    .filter((carrier) => !carrierWords || carrier.name.toLowerCase().includes(carrierWords) || filters.carriers.includes(carrier.id))
    .map((carrier) => ({ value: String(carrier.id), label: carrier.name }));

  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <OwnerFilter
        owners={owners}
        meId={meId}
        ownerIds={filters.owner_ids}
        allDownline={filters.all_downline}
        onChange={(owner_ids, all_downline) => set({ owner_ids, all_downline })}
      />
      <TagChoiceList
        legend="Tags included"
        findLabel="Find tags to include"
        chosen={filters.included_tags}
        onChange={(ids) => {
          const { list, other } = pairChange(filters.included_tags, filters.excluded_tags, ids);
          set({ included_tags: list, excluded_tags: other });
        }}
      />
      <TagChoiceList
        legend="Tags excluded"
        findLabel="Find tags to exclude"
        chosen={filters.excluded_tags}
        onChange={(ids) => {
          const { list, other } = pairChange(filters.excluded_tags, filters.included_tags, ids);
          set({ excluded_tags: list, included_tags: other });
        }}
      />
      <ChoiceList
        legend="Policy types included"
        choices={POLICY_CHOICES}
        selected={filters.included_policy_types}
        onChange={(selected) => {
          const { list, other } = pairChange(filters.included_policy_types, filters.excluded_policy_types, selected as PolicyType[]);
          set({ included_policy_types: list, excluded_policy_types: other });
        }}
      />
      <ChoiceList
        legend="Policy types excluded"
        choices={POLICY_CHOICES}
        selected={filters.excluded_policy_types}
        onChange={(selected) => {
          const { list, other } = pairChange(filters.excluded_policy_types, filters.included_policy_types, selected as PolicyType[]);
          set({ excluded_policy_types: list, included_policy_types: other });
        }}
      />
      <ChoiceList
        legend="Carriers"
        choices={carrierChoices}
        selected={filters.carriers.map(String)}
        onChange={(selected) => set({ carriers: selected.map(Number) })}
        search={{ label: 'Find carriers', value: findCarrier, onChange: setFindCarrier }}
        empty={carrierWords ? 'No carrier matches.' : 'No carriers yet.'}
        loading={carriers.isPending}
        error={carriers.error ? apiErrorMessage(carriers.error) : null}
      />
    </div>
  );
}

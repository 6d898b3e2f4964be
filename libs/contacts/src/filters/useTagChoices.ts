import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import type { Tag } from '@crm/contract';
import { tagSearchQueryOptions } from '../contacts-queries';
import { useDebouncedValue } from '@crm/ui';

export type TagChoices = {
  /** Tags to offer: chosen ones the search does not show first, then what the search found. */
  tags: Tag[];
  /** Every tag seen so far, by id (names of chosen tags). */
  byId: ReadonlyMap<number, Tag>;
  loading: boolean;
};

/** A tag's stand-in while its name is unknown (a cached id of a tag deleted since). */
export function unknownTag(id: number): Tag {
  return { id, name: `Tag #${id}`, color: '#374151' };
}

/**
 * The tags a tag picker offers for `q` (PATCH /v1/tags, debounced): the company's first tags by
 * name without q, the matching ones with it; chosen tags stay listed so that they can be unticked.
 */
export function useTagChoices(q: string, chosen: readonly number[]): TagChoices {
  const client = useApiClient();
  const settled = useDebouncedValue(q.trim());
  const all = useQuery(tagSearchQueryOptions(client, ''));
  const found = useQuery({ ...tagSearchQueryOptions(client, settled), enabled: settled !== '' });
  const byId = new Map<number, Tag>();
  for (const tag of [...(all.data ?? []), ...(found.data ?? [])]) byId.set(tag.id, tag);
  const results = settled === '' ? (all.data ?? []) : (found.data ?? []);
  const shown = new Set(results.map((tag) => tag.id));
  const missing = chosen.filter((id) => !shown.has(id)).map((id) => byId.get(id) ?? unknownTag(id));
  return { tags: [...missing, ...results], byId, loading: all.isPending || (settled !== '' && found.isPending) };
}

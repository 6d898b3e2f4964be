import { useSearchParams } from 'react-router-dom';

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * A server-paged list's state in the address (`?q=…&page=2`, and any filter named in `keys`): the
 * page, each filter's value ('' when absent), and `go`, which changes some of them. Changing a
 * filter goes back to the first page unless a page is given; empty values and page 1 leave the
 * address.
 */
export function useListParams<K extends string>(keys: readonly K[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams.get('page'));
  const values = Object.fromEntries(keys.map((key) => [key, searchParams.get(key) ?? ''])) as Record<K, string>;
  const go = (next: Partial<Record<K, string>> & { page?: number }) => {
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      for (const key of keys) {
        const value = next[key];
        if (value === undefined) continue;
        if (value) params.set(key, value);
        else params.delete(key);
      }
      const filtered = keys.some((key) => next[key] !== undefined);
      const nextPage = next.page ?? (filtered ? 1 : page);
      if (nextPage > 1) params.set('page', String(nextPage));
      else params.delete('page');
      return params;
    });
  };
  return { page, values, go };
}

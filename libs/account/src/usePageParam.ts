import { useSearchParams } from 'react-router-dom';

/** The page of a server-paged list, kept in the address's `page` parameter (absent on page 1), and how to change it. */
export function usePageParam(): [page: number, setPage: (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const value = Number(params.get('page'));
  const page = Number.isInteger(value) && value >= 1 ? value : 1;
  const setPage = (next: number) => {
    const updated = new URLSearchParams(params);
    if (next === 1) updated.delete('page');
    else updated.set('page', String(next));
    setParams(updated);
  };
  return [page, setPage];
}

import { Button } from '../button/Button';

export type PagerProps = {
  /** Names the navigation landmark ("Pages of transfers"). */
  label: string;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
};

/** Previous / "Page X of Y" / Next for a paged list; nothing when there is one page. */
export function Pager({ label, page, totalPages, onPage }: PagerProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-center gap-3">
      <Button type="button" size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm" aria-current="page">
        Page {page} of {totalPages}
      </span>
      <Button type="button" size="sm" variant="secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

import type { ReactNode } from 'react';

export type PageHeaderProps = {
  /** The page's title, its one level-1 heading. */
  title: ReactNode;
  /** Links and buttons for the whole page, at the end of the row (they wrap under the title on narrow screens). */
  actions?: ReactNode;
};

/** The top row of a page: its heading, and the page's own actions beside it. */
export function PageHeader({ title, actions }: PageHeaderProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {actions}
    </div>
  );
}

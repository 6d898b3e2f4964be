import { useEffect, useRef, useState, type Key, type ReactNode, type RefObject } from 'react';
import { cn } from '../lib/cn';

export type TableAlign = 'start' | 'center' | 'end';

export type TableColumn<Row> = {
  /** Unique within the table; used as the React key. */
  id: string;
  header: ReactNode;
  cell: (row: Row, rowIndex: number) => ReactNode;
  align?: TableAlign;
  /** Renders this column's cells as <th scope="row"> (the column that names each row). */
  rowHeader?: boolean;
  className?: string;
};

export type TableProps<Row> = {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  /** A stable key per row (an id); defaults to the row index. */
  getRowKey?: (row: Row, rowIndex: number) => Key;
  /** The table's accessible name. */
  caption?: ReactNode;
  /** Keeps the caption for screen readers only. */
  captionHidden?: boolean;
  /** Shown in a single full-width cell when there are no rows (for example an EmptyState). */
  empty?: ReactNode;
  className?: string;
  /**
   * For a table that may be wider than its place (a file's columns): its scrolling box becomes a
   * region of this name that takes the keyboard's focus, so it can be scrolled with the arrow keys.
   * Without it the box does so only while the table is wider than it (a phone), named after the
   * caption.
   */
  scrollLabel?: string;
};

/** Whether the element's content is wider than the element, following its resizes and its content's. */
function useOverflowsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setOverflows(element.scrollWidth > element.clientWidth + 1));
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return overflows;
}

const alignClasses: Record<TableAlign, string> = {
  start: 'text-start',
  center: 'text-center',
  end: 'text-end',
};

/** A semantic data table: <caption>, <th scope="col"> headers, optional row headers, empty state. */
export function Table<Row>({
  columns,
  rows,
  getRowKey = (_row, rowIndex) => rowIndex,
  caption,
  captionHidden = false,
  empty = 'No records to show.',
  className,
  scrollLabel,
}: TableProps<Row>) {
  const boxRef = useRef<HTMLDivElement>(null);
  const overflows = useOverflowsSideways(boxRef);
  const regionLabel = scrollLabel ?? (overflows ? `${typeof caption === 'string' ? caption : 'Table'} (scrolls sideways)` : undefined);
  return (
    <div
      ref={boxRef}
      // relative: the scrolling box contains what is absolutely placed inside it (a header's
      // sr-only text), so that it scrolls with the table instead of widening the page
      className={cn('relative w-full overflow-x-auto rounded border border-border bg-surface', className)}
      {...(regionLabel ? { role: 'region', 'aria-label': regionLabel, tabIndex: 0 } : {})}
    >
      <table className="w-full border-collapse text-sm text-text">
        {caption && (
          <caption
            className={cn(
              captionHidden ? 'sr-only' : 'px-4 pt-3 pb-2 text-start text-base font-semibold',
            )}
          >
            {caption}
          </caption>
        )}
        <thead>
          <tr className="border-b border-border">
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={cn(
                  'px-4 py-2 font-semibold text-muted',
                  alignClasses[column.align ?? 'start'],
                  column.className,
                )}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td
                colSpan={Math.max(columns.length, 1)}
                className="px-4 py-6 text-center text-muted"
              >
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row, rowIndex) => (
              <tr key={getRowKey(row, rowIndex)} className="border-b border-border last:border-b-0">
                {columns.map((column) => {
                  const CellTag = column.rowHeader ? 'th' : 'td';
                  return (
                    <CellTag
                      key={column.id}
                      scope={column.rowHeader ? 'row' : undefined}
                      className={cn(
                        'px-4 py-2 align-middle',
                        column.rowHeader && 'font-medium',
                        alignClasses[column.align ?? 'start'],
                        column.className,
                      )}
                    >
                      {column.cell(row, rowIndex)}
                    </CellTag>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

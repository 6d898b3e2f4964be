import { useEffect, useRef } from 'react';
import { Button } from '@crm/ui';
import { useDashboardCard } from '../dashboard-queries';
import { calendarDay, CardEmpty, CardStatus, ContactLink, count, daysAwayLabel } from './card-parts';

export type BirthdaysCardProps = {
  type: 'client_birthdays' | 'prospect_birthdays';
};

const NOUN = { client_birthdays: 'client', prospect_birthdays: 'prospect' } as const;

/**
 * Upcoming birthdays of clients or prospects in the user's reach: today and the next 13 days,
 * soonest first. "Show more" appends the next page (spec part 1 §4) and moves the focus to the
 * first contact it added, so the keyboard goes on where the list grew.
 */
export function BirthdaysCard({ type }: BirthdaysCardProps) {
  const query = useDashboardCard(type);
  const list = useRef<HTMLUListElement>(null);
  /** Where the page being fetched will start: its first link gets the focus. */
  const focusFrom = useRef<number | null>(null);
  const rows = query.data?.[type] ?? [];
  const meta = query.data?.[`${type}_meta`];

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || rows.length <= from) return;
    focusFrom.current = null;
    list.current?.querySelectorAll('a')[from]?.focus();
  }, [rows.length]);

  if (!query.data || !meta) return <CardStatus query={query} loading={`Loading ${NOUN[type]} birthdays`} />;
  const noun = NOUN[type];
  if (!rows.length)
    return (
      <CardEmpty>
        No {noun} birthdays from today to {calendarDay(meta.to, 'short')}.
      </CardEmpty>
    );
  return (
    <div className="space-y-3">
      <ul ref={list} className="divide-y divide-border">
        {rows.map((row) => (
          <li key={row.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
            <ContactLink contact={row} />
            <span className="text-sm">
              <time dateTime={row.birthday} title={calendarDay(row.birthday)}>
                {row.days_away < 2 ? daysAwayLabel(row.days_away) : calendarDay(row.birthday)}
              </time>
              <span className="text-muted"> · turns {row.age}</span>
            </span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-sm text-muted">
          {count(rows.length)} of {count(meta.total_count)} {noun} birthdays to {calendarDay(meta.to, 'short')}
        </p>
        {query.hasNextPage && (
          <Button
            variant="secondary"
            size="sm"
            loading={query.isFetchingNextPage}
            onClick={() => {
              focusFrom.current = rows.length;
              void query.fetchNextPage();
            }}
          >
            Show more
          </Button>
        )}
      </div>
      {query.isFetchNextPageError && (
        <p role="alert" className="text-sm text-danger">
          The next birthdays could not be loaded. Try again.
        </p>
      )}
    </div>
  );
}

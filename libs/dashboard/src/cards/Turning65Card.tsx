import { useState } from 'react';
import { Pager } from '@crm/ui';
import { useDashboardPage } from '../dashboard-queries';
import { calendarDay, CardEmpty, CardStatus, ContactLink, count, daysAwayLabel } from './card-parts';

/**
 * Contacts of the reach whose 65th birthday falls in the next three months (any category: a lead
 * turning 65 is the one to call), soonest first: their Medicare initial enrolment window opens
 * three months before that birthday. Shown to users of brands that sell Medicare only.
 */
export function Turning65Card() {
  const [page, setPage] = useState(1);
  const query = useDashboardPage('turning_65', page);
  const rows = query.data?.turning_65 ?? [];
  const meta = query.data?.turning_65_meta;
  if (!meta) return <CardStatus query={query} loading="Loading contacts turning 65" />;
  if (!rows.length) return <CardEmpty>Nobody turns 65 from today to {calendarDay(meta.to, 'short')}.</CardEmpty>;
  return (
    <div className="space-y-3" aria-busy={query.isPlaceholderData}>
      <ul className="divide-y divide-border">
        {rows.map((row) => (
          <li key={row.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
            <ContactLink contact={row} />
            <span className="text-sm">
              65 on <time dateTime={row.turns_65_on}>{calendarDay(row.turns_65_on)}</time>
              <span className="text-muted"> · {daysAwayLabel(row.days_away).toLowerCase()}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted">
        {count(meta.total_count)} {meta.total_count === 1 ? 'contact turns' : 'contacts turn'} 65 by {calendarDay(meta.to, 'short')}.
      </p>
      <Pager label="Pages of contacts turning 65" page={meta.current_page} totalPages={meta.total_pages} onPage={setPage} />
    </div>
  );
}

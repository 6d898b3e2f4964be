import { Link } from 'react-router-dom';
import { useSession } from '@crm/session';
import { formatDateTime } from '@crm/util';
import { IANA_TIMEZONES } from '@crm/contract';
import { useDashboardPage } from '../dashboard-queries';
import { calendarDay, cappedCount, CardEmpty, CardStatus, ContactLink } from './card-parts';

/** How many of this week's leads the card lists (the newest). */
const SHOWN = 5;

/** Leads created since Monday 00:00 in the user's time zone, in the reach: how many, and the newest. */
export function NewLeadsCard() {
  const query = useDashboardPage('new_leads', 1, { limit: SHOWN });
  const { user } = useSession();
  const rows = query.data?.new_leads ?? [];
  const meta = query.data?.new_leads_meta;
  if (!meta || !user) return <CardStatus query={query} loading="Loading new leads" />;
  const zone = IANA_TIMEZONES[user.timezone];
  const since = calendarDay(meta.from);
  if (!rows.length) return <CardEmpty>No new leads since {since}.</CardEmpty>;
  return (
    <div className="space-y-3">
      <p>
        <span className="text-3xl font-semibold">{cappedCount({ count: meta.total_count, capped: meta.total_count_capped })}</span>{' '}
        <span className="text-muted">
          new {meta.total_count === 1 ? 'lead' : 'leads'} since {since}
        </span>
      </p>
      <ul className="divide-y divide-border">
        {rows.map((row) => (
          <li key={row.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
            <ContactLink contact={row} />
            <time className="text-sm text-muted" dateTime={row.created_at}>
              {formatDateTime(row.created_at, zone, 'ddd h:mm A')}
            </time>
          </li>
        ))}
      </ul>
      <Link to="/contacts" className="text-sm text-primary underline">
        Open the contact list
      </Link>
    </div>
  );
}

import { Link } from 'react-router-dom';
import { useDashboardPage } from '../dashboard-queries';
import { cappedCount, CardStatus } from './card-parts';

const LABELS = { lead: 'Leads', prospect: 'Prospects', client: 'Clients' } as const;

/** The reach's live contacts by category; a count past the contact list's cap shows as "1,000+", as the list does. */
export function CategoriesCard() {
  const query = useDashboardPage('contacts_by_category', 1);
  const counts = query.data?.contacts_by_category;
  if (!counts) return <CardStatus query={query} loading="Counting contacts" />;
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-3 gap-3 text-center">
        {counts.map((entry) => (
          <div key={entry.category} className="rounded border border-border p-3">
            <dt className="text-sm text-muted">{LABELS[entry.category]}</dt>
            <dd className="text-2xl font-semibold">{cappedCount(entry)}</dd>
          </div>
        ))}
      </dl>
      <Link to="/contacts" className="text-sm text-primary underline">
        Open the contact list
      </Link>
    </div>
  );
}

import { Link } from 'react-router-dom';
import { useDashboardPage } from '../dashboard-queries';
import { CardStatus, count } from './card-parts';

const CATEGORIES = [
  ['lead', 'Leads'],
  ['prospect', 'Prospects'],
  ['client', 'Clients'],
] as const;

/** The reach's live contacts by category. */
export function CategoriesCard() {
  const query = useDashboardPage('contacts_by_category', 1);
  const counts = query.data?.contacts_by_category;
  if (!counts) return <CardStatus query={query} loading="Counting contacts" />;
  const total = counts.lead + counts.prospect + counts.client;
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-3 gap-3 text-center">
        {CATEGORIES.map(([key, label]) => (
          <div key={key} className="rounded border border-border p-3">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-2xl font-semibold">{count(counts[key])}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted">
        {count(total)} contacts in all.{' '}
        <Link to="/contacts" className="text-primary underline">
          Open the contact list
        </Link>
      </p>
    </div>
  );
}

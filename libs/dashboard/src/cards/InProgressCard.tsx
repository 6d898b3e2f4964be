import { Link } from 'react-router-dom';
import type { DashboardInfo } from '@crm/contract';
import { useDashboardPage } from '../dashboard-queries';
import { CardEmpty, CardStatus, count } from './card-parts';

const running = (info: DashboardInfo | undefined) => Boolean(info?.imports_in_progress?.length || info?.transfers_in_progress?.length);

/**
 * The user's own imports and transfers still running, each linking to its page; asked for again
 * every 5 seconds while any is listed, so one that ends leaves the card.
 */
export function InProgressCard() {
  const query = useDashboardPage('in_progress', 1, { refetchWhile: running });
  const imports = query.data?.imports_in_progress;
  const transfers = query.data?.transfers_in_progress;
  if (!imports || !transfers) return <CardStatus query={query} loading="Loading imports and transfers" />;
  if (!running(query.data))
    return (
      <CardEmpty>
        No imports or transfers running. <Link to="/contacts/import" className="text-primary underline">Import contacts</Link>
      </CardEmpty>
    );
  return (
    <ul className="divide-y divide-border">
      {imports.map((attempt) => (
        <li key={`import-${attempt.id}`} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
          <Link to="/contacts/import" className="font-medium text-primary underline-offset-2 hover:underline">
            Import of {attempt.file_name}
          </Link>
          <span className="text-sm text-muted">
            {attempt.status === 'queued' ? 'Waiting for a worker' : `${count(attempt.processed_rows)} rows read`}
          </span>
        </li>
      ))}
      {transfers.map((transfer) => (
        <li key={`transfer-${transfer.id}`} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
          <Link to={`/contacts/transfers/${transfer.id}`} className="font-medium text-primary underline-offset-2 hover:underline">
            {transfer.reverting ? 'Reverting the transfer' : 'Transfer'} to {transfer.to_user.name}
          </Link>
          <span className="text-sm text-muted">
            {transfer.status === 'queued' && !transfer.reverting
              ? 'Waiting for a worker'
              : `${count(transfer.processed_count)} of ${count(transfer.total_count)} contacts`}
          </span>
        </li>
      ))}
    </ul>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { apiErrorMessage, useSession } from '@crm/session';
import { Spinner } from '@crm/ui';

/** A card's first answer on its way (spinner), or failed (the error, announced); null once there is data. */
export function CardStatus({ query, loading }: { query: { isPending: boolean; isError: boolean; error: unknown }; loading: string }) {
  if (query.isPending)
    return (
      <div className="flex justify-center py-6">
        <Spinner label={loading} />
      </div>
    );
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {apiErrorMessage(query.error)}
      </p>
    );
  return null;
}

/** A contact's name, linking to its page, then its owner's name when the owner is not the signed-in user. */
export function ContactLink({ contact }: { contact: { id: number; first_name: string; last_name: string; owner: { id: number; name: string } } }) {
  const { user } = useSession();
  return (
    <span>
      <Link to={`/contacts/${contact.id}`} className="font-medium text-primary underline-offset-2 hover:underline">
        {`${contact.first_name} ${contact.last_name}`.trim() || 'Unnamed contact'}
      </Link>
      {contact.owner.id !== user?.id && <span className="text-sm text-muted"> · {contact.owner.name}</span>}
    </span>
  );
}

const dayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' });
const shortDayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });

/**
 * A calendar day (YYYY-MM-DD) as the server counted it in the user's time zone: shown as it is,
 * with no zone conversion ("Thu, Nov 27").
 */
export function calendarDay(date: string, format: 'long' | 'short' = 'long'): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return (format === 'long' ? dayFormat : shortDayFormat).format(new Date(Date.UTC(year, month - 1, day)));
}

/** "Today", "Tomorrow", "In 3 days". */
export function daysAwayLabel(days: number): string {
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  return `In ${days} days`;
}

/** What a card shows when there is nothing (one line, muted). */
export function CardEmpty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted">{children}</p>;
}

export const count = (n: number) => n.toLocaleString('en-US');

/** A count that stopped at the cap reads "1,000+", as the contact list's does. */
export const cappedCount = ({ count: n, capped }: { count: number; capped: boolean }) => `${count(n)}${capped ? '+' : ''}`;

/** The text of a card whose feature is still to come. */
export function ComingSoon({ children }: { children: ReactNode }) {
  return (
    <p className="text-sm text-muted">
      <span className="font-medium text-text">Coming soon.</span> {children}
    </p>
  );
}

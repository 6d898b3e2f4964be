import type { DashboardType } from '@crm/contract';
import { useSession } from '@crm/session';
import { HomePage, type DashboardSection } from '@crm/shell';
import { BirthdaysCard } from './cards/BirthdaysCard';
import { CategoriesCard } from './cards/CategoriesCard';
import { InProgressCard } from './cards/InProgressCard';
import { NewLeadsCard } from './cards/NewLeadsCard';
import { Turning65Card } from './cards/Turning65Card';
import { ComingSoon } from './cards/card-parts';

/** A card of the dashboard, shown when the user may ask for its type (dashboard_info.types on /users/me). */
type DashboardCard = DashboardSection & { type?: DashboardType };

/** Cards of features still to come: what will appear there, so the dashboard says what it will do. */
export const COMING_CARDS: readonly DashboardSection[] = [
  {
    id: 'events',
    title: 'Upcoming events',
    content: <ComingSoon>Your appointments, follow-up calls and tasks from the calendar, for today and the week ahead, once the calendar arrives.</ComingSoon>,
  },
  {
    id: 'messages',
    title: 'Recent messages',
    flag: 'sms',
    content: <ComingSoon>Text messages from your contacts that wait for an answer, once SMS arrives.</ComingSoon>,
  },
  {
    id: 'calls',
    title: 'Recent calls',
    flag: 'dialer',
    content: <ComingSoon>Your latest calls and missed calls from the dialer, with a button to call back, once the dialer arrives.</ComingSoon>,
  },
  {
    id: 'reports',
    title: 'Reports',
    flag: 'reports',
    content: <ComingSoon>Your team's production this month: policies written, premium and activity by agent, once reports arrive.</ComingSoon>,
  },
];

/** The cards with data, in the order the dashboard shows them. */
const DATA_CARDS: readonly DashboardCard[] = [
  { id: 'client-birthdays', title: 'Client birthdays', type: 'client_birthdays', content: <BirthdaysCard type="client_birthdays" /> },
  { id: 'prospect-birthdays', title: 'Prospect birthdays', type: 'prospect_birthdays', content: <BirthdaysCard type="prospect_birthdays" /> },
  { id: 'new-leads', title: 'New leads this week', type: 'new_leads', content: <NewLeadsCard /> },
  { id: 'turning-65', title: 'Turning 65', type: 'turning_65', content: <Turning65Card /> },
  { id: 'categories', title: 'Contacts by category', type: 'contacts_by_category', content: <CategoriesCard /> },
  { id: 'in-progress', title: 'Imports and transfers', type: 'in_progress', content: <InProgressCard /> },
];

/**
 * / (the dashboard): the welcome and the cards of the shell's home page, filled with data: upcoming
 * birthdays, this week's new leads, contacts turning 65 (brands that sell Medicare), contacts by
 * category, the user's imports and transfers in progress; then the cards of features to come.
 */
export function DashboardPage() {
  const { user } = useSession();
  const types = user?.dashboard_info.types ?? [];
  const sections = [...DATA_CARDS.filter((card) => !card.type || types.includes(card.type)), ...COMING_CARDS];
  return <HomePage sections={sections} />;
}

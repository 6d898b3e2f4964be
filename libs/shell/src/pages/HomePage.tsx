import type { ReactNode } from 'react';
import type { Role } from '@crm/contract';
import { useSession } from '@crm/session';
import { Card } from '@crm/ui';
import { formatDate } from '@crm/util';
import { roleAllowed, useBrand, useFlagEvaluator, type FlagName } from '@crm/variant';
import { userDisplayName, userRoleLabel, userTimeZone } from '../frame/user-display';

/** One panel of the dashboard; features fill `content` as they arrive. */
export type DashboardSection = {
  id: string;
  title: string;
  /** Shown only while this flag is on for the user (their server-resolved `features`). */
  flag?: FlagName;
  /** Shown only to these roles (sub_admin counts as admin). */
  roles?: readonly Role[];
  content?: ReactNode;
};

/** The dashboard's panels until the features that fill them exist. */
export const DEFAULT_DASHBOARD_SECTIONS: readonly DashboardSection[] = [
  { id: 'events', title: 'Upcoming events' },
  { id: 'birthdays', title: 'Birthdays' },
  { id: 'messages', title: 'Recent messages', flag: 'sms' },
  { id: 'calls', title: 'Recent calls', flag: 'dialer' },
  { id: 'reports', title: 'Reports', flag: 'reports' },
];

export type HomePageProps = { sections?: readonly DashboardSection[] };

/** /: who is signed in, for which company and in which role, and the dashboard frame. */
export function HomePage({ sections = DEFAULT_DASHBOARD_SECTIONS }: HomePageProps) {
  const brand = useBrand();
  const isFlagOn = useFlagEvaluator();
  const { user } = useSession();
  if (!user) return null;

  const role = user.profile.account_type;
  const visible = sections.filter(
    (s) => (!s.roles || roleAllowed(role, s.roles)) && (!s.flag || isFlagOn(s.flag)),
  );
  const zone = userTimeZone(user);
  const today = formatDate(new Date().toISOString(), zone, 'dddd, MMMM D, YYYY');

  return (
    <div className="space-y-8">
      <div className="space-y-2">
        <h1 className="text-3xl font-semibold">Welcome, {userDisplayName(user)}</h1>
        <dl className="flex flex-wrap gap-x-8 gap-y-1 text-muted">
          <div className="flex gap-2">
            <dt>Company</dt>
            <dd className="font-medium text-text">{user.company.name}</dd>
          </div>
          <div className="flex gap-2">
            <dt>Role</dt>
            <dd className="font-medium text-text">{userRoleLabel(user, brand)}</dd>
          </div>
          <div className="flex gap-2">
            <dt>Today</dt>
            <dd className="font-medium text-text">
              <time dateTime={formatDate(new Date().toISOString(), zone, 'YYYY-MM-DD')}>
                {today}
              </time>
            </dd>
          </div>
        </dl>
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        {visible.map((section) => (
          <Card key={section.id} title={section.title} headingLevel={2}>
            {section.content ?? <p className="text-sm text-muted">Nothing to show yet.</p>}
          </Card>
        ))}
      </div>
    </div>
  );
}

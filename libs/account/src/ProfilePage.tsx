import { useSearchParams } from 'react-router-dom';
import { useSession } from '@crm/session';
import { Card, Spinner, Tabs } from '@crm/ui';
import { ApiKeysPanel } from './ApiKeysPanel';
import { PasswordForm } from './PasswordForm';
import { SecurityEventsPanel } from './SecurityEventsPanel';
import { SessionsPanel } from './SessionsPanel';
import { ProfileForm } from './ProfileForm';
import { ThemeForm } from './ThemeForm';
import { TimezoneForm } from './TimezoneForm';
import { TwoFactorPanel } from './TwoFactorPanel';

export const PROFILE_TABS = ['profile', 'theme', 'password', 'two_factor', 'security'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/** Tabs that moved: API keys are part of the security tab now. */
const MOVED_TABS: Record<string, ProfileTab> = { api_keys: 'security' };

function isProfileTab(value: string | null): value is ProfileTab {
  return (PROFILE_TABS as readonly (string | null)[]).includes(value);
}

export type ProfilePageProps = {
  /** Heading of the page; default 'My account'. */
  title?: string;
};

/**
 * /account/profile: tabs driven by `?tab=` (profile, theme, password, two_factor, security — the
 * sessions, API keys and security events; `api_keys` leads there too; profile when absent or
 * unknown). The redirects of spec part 1 §2 land on the password and two-factor tabs.
 */
export function ProfilePage({ title = 'My account' }: ProfilePageProps) {
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const moved = requested === null ? undefined : MOVED_TABS[requested];
  const tab: ProfileTab = moved ?? (isProfileTab(requested) ? requested : 'profile');

  const handleTabChange = (value: string) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };

  if (!user) {
    return (
      <div className="flex justify-center p-10">
        <Spinner label="Loading your account" size="lg" />
      </div>
    );
  }

  return (
    // The app frame supplies the <main> landmark.
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <Tabs
        aria-label="Account settings"
        value={tab}
        onValueChange={handleTabChange}
        tabs={[
          {
            value: 'profile',
            label: 'Profile',
            content: (
              <div className="flex flex-col gap-4">
                <Card title="Profile">
                  <ProfileForm user={user} />
                </Card>
                <Card title="Time zone">
                  <TimezoneForm user={user} />
                </Card>
              </div>
            ),
          },
          {
            value: 'theme',
            label: 'Theme',
            content: (
              <Card title="Theme">
                <ThemeForm user={user} />
              </Card>
            ),
          },
          {
            value: 'password',
            label: 'Password',
            content: (
              <Card title="Change password">
                <PasswordForm user={user} />
              </Card>
            ),
          },
          { value: 'two_factor', label: 'Two-factor', content: <TwoFactorPanel user={user} /> },
          {
            value: 'security',
            label: 'Security',
            content: (
              <div className="flex flex-col gap-4">
                <SessionsPanel user={user} />
                <ApiKeysPanel user={user} />
                <SecurityEventsPanel user={user} />
              </div>
            ),
          },
        ]}
      />
    </div>
  );
}

import { useRef } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { ImpersonationBanner, useSession } from '@crm/session';
import { cn } from '@crm/ui';
import { useFlagEvaluator } from '@crm/variant';
import { HelpWidget } from '../help/HelpWidget';
import { filterNavItems, type NavItem } from '../navigation/nav-items';
import { FeaturePreviewBanner } from '../preview/FeaturePreviewBanner';
import { BrandMark } from './BrandMark';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { useHeadingFocus } from './useHeadingFocus';
import { UserMenu } from './UserMenu';

export type AppFrameProps = {
  /** The app's navigation; each user sees the items their role and the flags allow. */
  navItems: readonly NavItem[];
};

/**
 * The signed-in frame: skip link, impersonation banner, header (brand, navigation, the help button
 * when the brand has the help widget on, user menu) and the main landmark with the routed page, whose h1 takes the
 * focus after sign-in and each navigation. Feature flags are the signed-in user's (the session
 * provides them to useFlag); outside production a banner names a previewed feature.
 */
export function AppFrame({ navItems }: AppFrameProps) {
  const { user } = useSession();
  const mainRef = useRef<HTMLElement>(null);
  useHeadingFocus(mainRef);
  return (
    <div className="flex min-h-screen flex-col bg-bg text-text">
      <SkipLink />
      <FeaturePreviewBanner />
      <ImpersonationBanner />
      <header className="border-b border-border bg-surface">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-2">
          <BrandMark />
          <MainNavigation items={navItems} />
          <div className="ml-auto flex items-center gap-2">
            <HelpWidget />
            {user && <UserMenu user={user} />}
          </div>
        </div>
      </header>
      <main
        ref={mainRef}
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none"
      >
        <Outlet />
      </main>
    </div>
  );
}

type MainNavigationProps = { items: readonly NavItem[] };

function MainNavigation({ items }: MainNavigationProps) {
  const { user } = useSession();
  const isFlagOn = useFlagEvaluator();
  const visible = filterNavItems(items, user?.profile.account_type ?? null, isFlagOn);
  if (visible.length === 0) return null;
  return (
    <nav aria-label="Main">
      <ul className="flex flex-wrap gap-1">
        {visible.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                cn(
                  'block rounded px-3 py-2 font-medium no-underline',
                  isActive ? 'bg-primary text-primary-contrast' : 'text-text hover:bg-text/5',
                )
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

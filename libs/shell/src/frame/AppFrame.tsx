import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { ImpersonationBanner, useSession } from '@crm/session';
import { buttonClassName, cn, NavigationBar, usePhoneLayout, type NavigationEntry } from '@crm/ui';
import { useFlagEvaluator } from '@crm/variant';
import { HelpWidget } from '../help/HelpWidget';
import { filterNavItems, navRow, type NavItem } from '../navigation/nav-items';
import { FeaturePreviewBanner } from '../preview/FeaturePreviewBanner';
import { ReconnectingBanner } from './ReconnectingBanner';
import { UnpaidBanner } from './UnpaidBanner';
import { BrandMark } from './BrandMark';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { useHeadingFocus } from './useHeadingFocus';
import { UserMenu } from './UserMenu';

export type AppFrameProps = {
  /** The app's navigation; each user sees the items their role and the flags allow. */
  navItems: readonly NavItem[];
};

/**
 * The signed-in frame: skip link, impersonation banner, unpaid banner, header (brand, navigation, the help button
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
      <UnpaidBanner />
      <ReconnectingBanner />
      <header className="border-b border-border bg-surface">
        <div className="relative mx-auto flex max-w-7xl items-center gap-x-3 px-4 py-2 md:gap-x-6">
          <BrandMark compact />
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

const linkClassName = ({ isActive }: { isActive: boolean }) =>
  cn('block rounded px-3 py-2 font-medium whitespace-nowrap no-underline', isActive ? 'bg-primary text-primary-contrast' : 'text-text hover:bg-text/5');

/** Whether `pathname` is the item's page or one below it. */
const isCurrent = (item: NavItem, pathname: string) =>
  pathname === item.to || (!item.end && pathname.startsWith(item.to.endsWith('/') ? item.to : `${item.to}/`));

/**
 * The main navigation: a row of links with the grouped items (the account's and the admin
 * screens, navRow) behind one button each, so that it fits one row beside the brand and the user
 * menu at 1280 px in every brand; on a phone-sized screen (below Tailwind's md) a "Menu" button
 * that shows every item as a list (disclosure pattern: Escape, leaving it or navigating closes it).
 */
function MainNavigation({ items }: MainNavigationProps) {
  const { user } = useSession();
  const isFlagOn = useFlagEvaluator();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [openAt, setOpenAt] = useState(pathname);
  const listId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const phone = usePhoneLayout();
  if (openAt !== pathname) {
    setOpenAt(pathname);
    setOpen(false);
  }
  const visible = filterNavItems(items, user?.profile.account_type ?? null, isFlagOn);
  if (visible.length === 0) return null;

  const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !open) return;
    setOpen(false);
    buttonRef.current?.focus();
  };
  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  const entries: NavigationEntry[] = navRow(visible).map((entry) =>
    entry.kind === 'link'
      ? { kind: 'link', id: entry.item.to, element: <NavLink to={entry.item.to} end={entry.item.end} className={linkClassName}>{entry.item.label}</NavLink> }
      : {
          kind: 'group',
          id: entry.group,
          label: entry.label,
          current: entry.items.some((item) => isCurrent(item, pathname)),
          // plain links: the menu gives them its entries' look (and the current one aria-current)
          links: entry.items.map((item) => ({
            id: item.to,
            element: (
              <Link to={item.to} aria-current={isCurrent(item, pathname) ? 'page' : undefined}>
                {item.label}
              </Link>
            ),
          })),
        },
  );

  // One navigation at a time (the other is not rendered): the phone's list, or the row with its menus.
  if (!phone) return <NavigationBar label="Main" entries={entries} />;
  return (
    <nav aria-label="Main" onKeyDown={handleKeyDown} onBlur={handleBlur}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className={buttonClassName({ variant: 'secondary' })}
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" className="size-4">
          <path d="M2 4h12M2 8h12M2 12h12" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
        Menu
      </button>
      <ul
        id={listId}
        className={cn(
          // Open on a phone: a panel across the header's width, under it.
          open ? 'absolute inset-x-4 top-full z-40 flex flex-col rounded border border-border bg-surface p-2 shadow-lg' : 'hidden',
        )}
      >
        {visible.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={linkClassName}>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { ADMIN_ROLES, IMPERSONATOR_ROLES, type TelephonyKind } from '@crm/contract';
import { RequireSession, SessionProvider } from '@crm/session';
import {
  Analytics,
  NavigationPending,
  RequireFlag,
  RouteErrorScreen,
  RoutePending,
  type NavItem,
} from '@crm/shell';
import { lazyScreen } from './lazy-screen';

/** The System Admin alone (sub_admin does not count): the screens of what is the whole deployment's, not a company's. */
const SYSTEM_ADMIN_ROLES = ['admin'] as const;

/**
 * The main navigation every brand starts from; AppFrame shows each user the items their role and
 * their flags allow. A brand app adds or removes items (`[...BASE_NAV_ITEMS, item]`, `.filter`).
 */
export const BASE_NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'Dashboard', end: true },
  { to: '/contacts', label: 'Contacts' },
  { to: '/account/profile', label: 'My profile', group: 'account' },
  { to: '/billing', label: 'Billing', group: 'account' },
  { to: '/account/dialer', label: 'Dialer subscription', flag: 'dialer', group: 'account' },
  { to: '/account/sms', label: 'SMS subscription', flag: 'sms', group: 'account' },
  { to: '/admin/users', label: 'Users', roles: IMPERSONATOR_ROLES, group: 'admin' },
  { to: '/admin/feature-flags', label: 'Feature flags', roles: ADMIN_ROLES, group: 'admin' },
  { to: '/admin/dialer', label: 'Dialer plans', roles: ADMIN_ROLES, group: 'admin' },
  { to: '/admin/sms', label: 'SMS plans', roles: ADMIN_ROLES, group: 'admin' },
  { to: '/admin/campaign-triggers', label: 'Campaign triggers', roles: ADMIN_ROLES, group: 'admin' },
  // the deployment's vendor webhook events: System Admins only, as the API allows (not sub_admin)
  { to: '/admin/vendor-events', label: 'Vendor events', roles: SYSTEM_ADMIN_ROLES, exactRoles: true, group: 'admin' },
];

/** Routes that need no login and no user loading (spec part 1 §2). */
export const PUBLIC_ROUTES: readonly RouteObject[] = [
  { path: '/login', lazy: lazyScreen(() => import('./screens/public/login')) },
  { path: '/login-app', lazy: lazyScreen(() => import('./screens/public/login-app')) },
  { path: '/reset-password', lazy: lazyScreen(() => import('./screens/public/reset-password')) },
  { path: '/email-change/confirm', lazy: lazyScreen(() => import('./screens/public/email-change-confirm')) },
  { path: '/email-change/not-me', lazy: lazyScreen(() => import('./screens/public/email-change-not-me')) },
  { path: '/contact-us', lazy: lazyScreen(() => import('./screens/public/contact-us')) },
  { path: '/privacy-policy', lazy: lazyScreen(() => import('./screens/public/privacy-policy')) },
  { path: '/terms-of-use', lazy: lazyScreen(() => import('./screens/public/terms-of-use')) },
  { path: '/api/auth/callback', lazy: lazyScreen(() => import('./screens/public/sso-callback')) },
  { path: '/api/auth/callback/reauth', lazy: lazyScreen(() => import('./screens/public/sso-reauth-callback')) },
  { path: '/sso-logout', lazy: lazyScreen(() => import('./screens/public/sso-logout')) },
];

/**
 * The dialer's or SMS's admin screens (spec part 2 §7 "Admin dialer and SMS plans"), administrators only:
 * /admin/{product}/plans, subscriptions, orders and usage, the same screens for each kind.
 */
function adminTelephonyRoute(product: TelephonyKind): RouteObject {
  return {
    path: product,
    element: <RequireFlag roles={ADMIN_ROLES} />,
    children: [
      { index: true, element: <Navigate to={`/admin/${product}/plans`} replace /> },
      { path: 'plans', lazy: lazyScreen(() => import('./screens/app/admin-telephony-plans'), { product }) },
      { path: 'subscriptions', lazy: lazyScreen(() => import('./screens/app/admin-telephony-subscriptions'), { product }) },
      { path: 'orders', lazy: lazyScreen(() => import('./screens/app/admin-telephony-orders'), { product }) },
      { path: 'usage', lazy: lazyScreen(() => import('./screens/app/admin-telephony-usage'), { product }) },
    ],
  };
}

/**
 * The admin screens, under /admin: Users for every impersonator role (spec part 1 §6: regional
 * managers and business-unit admins see their downline there), the rest for administrators (Vendor
 * events for the System Admin alone); other roles get the 'Access denied!' screen.
 */
export const ADMIN_ROUTE: RouteObject = {
  path: '/admin',
  element: <RequireFlag roles={IMPERSONATOR_ROLES} />,
  children: [
    { index: true, element: <Navigate to="/admin/users" replace /> },
    { path: 'users', lazy: lazyScreen(() => import('./screens/app/admin-users')) },
    {
      path: 'feature-flags',
      element: <RequireFlag roles={ADMIN_ROLES} />,
      children: [{ index: true, lazy: lazyScreen(() => import('./screens/app/feature-flags')) }],
    },
    adminTelephonyRoute('dialer'),
    adminTelephonyRoute('sms'),
    {
      path: 'campaign-triggers',
      element: <RequireFlag roles={ADMIN_ROLES} />,
      children: [{ index: true, lazy: lazyScreen(() => import('./screens/app/admin-campaign-triggers')) }],
    },
    {
      path: 'vendor-events',
      element: <RequireFlag roles={SYSTEM_ADMIN_ROLES} exactRoles />,
      children: [{ index: true, lazy: lazyScreen(() => import('./screens/app/vendor-events')) }],
    },
  ],
};

/** The contact screens (spec part 2 §2): the list, the create form, the duplicate scan and merge, the import, the transfers, and a contact's page. */
export const CONTACTS_ROUTE: RouteObject = {
  path: '/contacts',
  children: [
    { index: true, lazy: lazyScreen(() => import('./screens/app/contact-list')) },
    { path: 'new', lazy: lazyScreen(() => import('./screens/app/new-contact')) },
    { path: 'duplicates', lazy: lazyScreen(() => import('./screens/app/duplicates')) },
    { path: 'import', lazy: lazyScreen(() => import('./screens/app/import')) },
    {
      path: 'mailers',
      element: <RequireFlag flag="mailer_assignment" />,
      children: [{ index: true, lazy: lazyScreen(() => import('./screens/app/mailers')) }],
    },
    { path: 'transfers', lazy: lazyScreen(() => import('./screens/app/transfers')) },
    { path: 'transfers/:id', lazy: lazyScreen(() => import('./screens/app/transfer')) },
    { path: ':id', lazy: lazyScreen(() => import('./screens/app/contact')) },
  ],
};

/**
 * The account's billing area (spec part 1 §2): the summary and history, choosing a plan, reviewing
 * and paying for it, and the card form. Unpaid accounts are sent here (RequireSession).
 */
export const BILLING_ROUTE: RouteObject = {
  path: '/billing',
  children: [
    { index: true, lazy: lazyScreen(() => import('./screens/app/billing')) },
    { path: 'plan', lazy: lazyScreen(() => import('./screens/app/billing-plan')) },
    { path: 'review', lazy: lazyScreen(() => import('./screens/app/billing-review')) },
    { path: 'update', lazy: lazyScreen(() => import('./screens/app/billing-update')) },
  ],
};

/**
 * The dialer and SMS subscription pages (spec part 1 §3, §6, §7): one screen for both kinds,
 * for managers and self-pay agents and the agents holding a licence, each behind its own flag (dialer, sms).
 */
export const TELEPHONY_ROUTES: readonly RouteObject[] = (['dialer', 'sms'] as const).map((product) => ({
  path: `/account/${product}`,
  element: <RequireFlag flag={product} />,
  children: [{ index: true, lazy: lazyScreen(() => import('./screens/app/telephony-subscription'), { product }) }],
}));

/**
 * The signed-in routes inside the app frame every brand starts from. A brand app adds routes (a
 * feature gated by a flag goes inside `<RequireFlag flag="..." />`) or filters some out. Every
 * screen is loaded on demand (`lazy: lazyScreen(() => import('./screens/app/<screen>'))`), so a
 * route fetches only its own code and the libraries it uses.
 */
export const BASE_ROUTES: readonly RouteObject[] = [
  { index: true, lazy: lazyScreen(() => import('./screens/app/dashboard')) },
  { path: '/account/profile', lazy: lazyScreen(() => import('./screens/app/profile')) },
  BILLING_ROUTE,
  ...TELEPHONY_ROUTES,
  CONTACTS_ROUTE,
  ADMIN_ROUTE,
  { path: '*', lazy: lazyScreen(() => import('./screens/app/not-found')) },
];

export type BrandRoutesOptions = {
  /** Signed-in routes inside the frame; BASE_ROUTES unless given. */
  routes?: readonly RouteObject[];
  /** The main navigation; BASE_NAV_ITEMS unless given. */
  navItems?: readonly NavItem[];
  /** Routes without login; PUBLIC_ROUTES unless given. */
  publicRoutes?: readonly RouteObject[];
  /** Send unpaid accounts to /billing (spec part 1 §2). On: every brand has the billing area; off only for a brand without it. */
  requirePaid?: boolean;
  /**
   * The pages bring their own tracking code (a public company page that has one): the brand's
   * analytics are not loaded (spec part 1 §2).
   */
  ownTrackingCode?: boolean;
};

/** The whole route tree of a brand app: the session, analytics, the public pages and the signed-in frame. */
export function createBrandRoutes({
  routes = BASE_ROUTES,
  navItems = BASE_NAV_ITEMS,
  publicRoutes = PUBLIC_ROUTES,
  requirePaid = true,
  ownTrackingCode = false,
}: BrandRoutesOptions = {}): RouteObject[] {
  return [
    {
      // The session lives inside the router: its 401 handling navigates to /login. Analytics
      // (when the brand or the deployment has an id) records a page view on every route change.
      // NavigationPending shows a bar while a navigation fetches the next screen's code.
      element: (
        <SessionProvider>
          <Analytics ownTrackingCode={ownTrackingCode} />
          <NavigationPending />
          <Outlet />
        </SessionProvider>
      ),
      errorElement: <RouteErrorScreen />,
      children: [
        {
          // While the first screen's code loads, below the session (its check is already on the way).
          hydrateFallbackElement: <RoutePending />,
          children: [
            ...publicRoutes,
            {
              element: <RequireSession requirePaid={requirePaid} />,
              children: [
                {
                  lazy: lazyScreen(() => import('./screens/app-frame'), { navItems }),
                  children: [...routes],
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

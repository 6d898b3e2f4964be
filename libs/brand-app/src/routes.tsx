import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { AdminUsersPage, FeatureFlagsPage } from '@crm/admin';
import { ProfilePage } from '@crm/account';
import { DashboardPage } from '@crm/dashboard';
import {
  ContactListPage,
  ContactPage,
  DuplicatesPage,
  ImportPage,
  MailerAssignmentPage,
  NewContactPage,
  TransferAttemptPage,
  TransferAttemptsPage,
} from '@crm/contacts';
import { ADMIN_ROLES, IMPERSONATOR_ROLES } from '@crm/contract';
import { RequireSession, SessionProvider } from '@crm/session';
import {
  Analytics,
  AppFrame,
  BrandedLoginAppPage,
  BrandedLoginPage,
  BrandedResetPasswordPage,
  BrandedSsoCallbackPage,
  BrandedSsoLogoutPage,
  ContactUsPage,
  NotFoundPage,
  PrivacyPolicyPage,
  RequireFlag,
  RouteErrorScreen,
  TermsOfUsePage,
  type NavItem,
} from '@crm/shell';

/**
 * The main navigation every brand starts from; AppFrame shows each user the items their role and
 * their flags allow. A brand app adds or removes items (`[...BASE_NAV_ITEMS, item]`, `.filter`).
 */
export const BASE_NAV_ITEMS: readonly NavItem[] = [
  { to: '/', label: 'Dashboard', end: true },
  { to: '/contacts', label: 'Contacts' },
  { to: '/account/profile', label: 'My profile' },
  { to: '/admin/users', label: 'Users', roles: IMPERSONATOR_ROLES },
  { to: '/admin/feature-flags', label: 'Feature flags', roles: ADMIN_ROLES },
];

/** Routes that need no login and no user loading (spec part 1 §2). */
export const PUBLIC_ROUTES: readonly RouteObject[] = [
  { path: '/login', element: <BrandedLoginPage /> },
  { path: '/login-app', element: <BrandedLoginAppPage /> },
  { path: '/reset-password', element: <BrandedResetPasswordPage /> },
  { path: '/contact-us', element: <ContactUsPage /> },
  { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
  { path: '/terms-of-use', element: <TermsOfUsePage /> },
  { path: '/api/auth/callback', element: <BrandedSsoCallbackPage /> },
  { path: '/sso-logout', element: <BrandedSsoLogoutPage /> },
];

/**
 * The admin screens, under /admin: Users for every impersonator role (spec part 1 §6: regional
 * managers and business-unit admins see their downline there), the rest for administrators; other
 * roles get the 'Access denied!' screen.
 */
export const ADMIN_ROUTE: RouteObject = {
  path: '/admin',
  element: <RequireFlag roles={IMPERSONATOR_ROLES} />,
  children: [
    { index: true, element: <Navigate to="/admin/users" replace /> },
    { path: 'users', element: <AdminUsersPage /> },
    { path: 'feature-flags', element: <RequireFlag roles={ADMIN_ROLES}><FeatureFlagsPage /></RequireFlag> },
  ],
};

/** The contact screens (spec part 2 §2): the list, the create form, the duplicate scan and merge, the import, the transfers, and a contact's page. */
export const CONTACTS_ROUTE: RouteObject = {
  path: '/contacts',
  children: [
    { index: true, element: <ContactListPage /> },
    { path: 'new', element: <NewContactPage /> },
    { path: 'duplicates', element: <DuplicatesPage /> },
    { path: 'import', element: <ImportPage /> },
    { path: 'mailers', element: <RequireFlag flag="mailer_assignment"><MailerAssignmentPage /></RequireFlag> },
    { path: 'transfers', element: <TransferAttemptsPage /> },
    { path: 'transfers/:id', element: <TransferAttemptPage /> },
    { path: ':id', element: <ContactPage /> },
  ],
};

/**
 * The signed-in routes inside the app frame every brand starts from. A brand app adds routes (a
 * feature gated by a flag goes inside `<RequireFlag flag="..." />`) or filters some out.
 */
export const BASE_ROUTES: readonly RouteObject[] = [
  { index: true, element: <DashboardPage /> },
  { path: '/account/profile', element: <ProfilePage /> },
  CONTACTS_ROUTE,
  ADMIN_ROUTE,
  { path: '*', element: <NotFoundPage /> },
];

export type BrandRoutesOptions = {
  /** Signed-in routes inside the frame; BASE_ROUTES unless given. */
  routes?: readonly RouteObject[];
  /** The main navigation; BASE_NAV_ITEMS unless given. */
  navItems?: readonly NavItem[];
  /** Routes without login; PUBLIC_ROUTES unless given. */
  publicRoutes?: readonly RouteObject[];
  /** Send unpaid accounts to /billing (spec part 1 §2). Off until a brand has a billing area. */
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
  requirePaid = false,
  ownTrackingCode = false,
}: BrandRoutesOptions = {}): RouteObject[] {
  return [
    {
      // The session lives inside the router: its 401 handling navigates to /login. Analytics
      // (when the brand or the deployment has an id) records a page view on every route change.
      element: (
        <SessionProvider>
          <Analytics ownTrackingCode={ownTrackingCode} />
          <Outlet />
        </SessionProvider>
      ),
      errorElement: <RouteErrorScreen />,
      children: [
        ...publicRoutes,
        {
          element: <RequireSession requirePaid={requirePaid} />,
          children: [{ element: <AppFrame navItems={navItems} />, children: [...routes] }],
        },
      ],
    },
  ];
}

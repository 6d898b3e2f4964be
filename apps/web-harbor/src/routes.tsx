import { createBrowserRouter, Outlet, type RouteObject } from 'react-router-dom';
import { ProfilePage } from '@crm/account';
import { RequireSession, SessionProvider } from '@crm/session';
import {
  AppFrame,
  BrandedLoginAppPage,
  BrandedLoginPage,
  BrandedResetPasswordPage,
  BrandedSsoCallbackPage,
  BrandedSsoLogoutPage,
  ContactUsPage,
  HomePage,
  NotFoundPage,
  PrivacyPolicyPage,
  RouteErrorScreen,
  TermsOfUsePage,
  type NavItem,
} from '@crm/shell';

/** The main navigation; AppFrame shows each user the items their role and the brand's flags allow. */
export const navItems: NavItem[] = [
  { to: '/', label: 'Dashboard', end: true },
  { to: '/account/profile', label: 'My profile' },
];

export const routes: RouteObject[] = [
  {
    // The session lives inside the router: its 401 handling navigates to /login.
    element: (
      <SessionProvider>
        <Outlet />
      </SessionProvider>
    ),
    errorElement: <RouteErrorScreen />,
    children: [
      // Public: no login, no user loading (spec part 1 §2).
      { path: '/login', element: <BrandedLoginPage /> },
      { path: '/login-app', element: <BrandedLoginAppPage /> },
      { path: '/reset-password', element: <BrandedResetPasswordPage /> },
      { path: '/contact-us', element: <ContactUsPage /> },
      { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
      { path: '/terms-of-use', element: <TermsOfUsePage /> },
      { path: '/api/auth/callback', element: <BrandedSsoCallbackPage /> },
      { path: '/sso-logout', element: <BrandedSsoLogoutPage /> },
      {
        // Harbor Agent has no billing area yet: unpaid accounts are not sent to /billing.
        element: <RequireSession requirePaid={false} />,
        children: [
          {
            element: <AppFrame navItems={navItems} />,
            children: [
              { index: true, element: <HomePage /> },
              { path: '/account/profile', element: <ProfilePage /> },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}

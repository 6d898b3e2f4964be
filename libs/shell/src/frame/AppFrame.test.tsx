import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { ApiError, shouldRetry } from '@crm/api-client';
import type { CurrentUser } from '@crm/contract';
import { mockApiClient } from '@crm/testing';
import type { NavItem } from '../navigation/nav-items';
import { HomePage } from '../pages/HomePage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { axeViolations } from '../test/axe';
import { testUser } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { AppFrame } from './AppFrame';

const navItems: NavItem[] = [
  { to: '/', label: 'Dashboard', end: true },
  { to: '/messages', label: 'Messages', flag: 'sms' },
  { to: '/reports', label: 'Reports', flag: 'reports' },
  { to: '/admin', label: 'Admin', roles: ['admin'] },
  { to: '/workflows', label: 'Workflows', flag: 'workflow' },
];

const routes = [
  { path: '/login', element: <p>Login screen</p> },
  {
    element: <AppFrame navItems={navItems} />,
    children: [
      { index: true, element: <HomePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

function signedIn(user: CurrentUser) {
  let current: CurrentUser | null = user;
  return mockApiClient(async (name) => {
    if (name === 'authProfile') {
      if (!current) throw new ApiError(401, null);
      return current;
    }
    if (name === 'destroySession') {
      current = null;
      return undefined;
    }
    throw new Error(`unexpected call ${name}`);
  });
}

function navLabels() {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('AppFrame', () => {
  it('filters the navigation by role and flag', async () => {
    const { client } = signedIn(testUser());
    renderApp({ routes, path: '/', client });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Dana Reyes' });
    expect(navLabels()).toEqual(['Dashboard', 'Messages', 'Reports']);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows an agent fewer items and a sub_admin the admin ones', async () => {
    const agent = testUser({ profile: { ...testUser().profile, account_type: 'agent' } });
    const first = renderApp({ routes, path: '/', client: signedIn(agent).client });
    await screen.findByRole('heading', { level: 1 });
    expect(navLabels()).toEqual(['Dashboard', 'Messages']);
    first.unmount();

    const subAdmin = testUser({ profile: { ...testUser().profile, account_type: 'sub_admin' } });
    renderApp({ routes, path: '/', client: signedIn(subAdmin).client });
    await screen.findByRole('heading', { level: 1 });
    expect(navLabels()).toEqual(['Dashboard', 'Messages', 'Reports', 'Admin']);
  });

  it('on a phone, the navigation opens from the Menu button and closes with Escape (focus back on the button) or a navigation', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: vi.fn(), removeEventListener: vi.fn() }));
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    const { client } = signedIn(testUser());
    renderApp({ routes, path: '/', client });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Dana Reyes' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const button = within(nav).getByRole('button', { name: 'Menu' });
    const list = document.getElementById(button.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(list).toHaveClass('hidden');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(list).not.toHaveClass('hidden');
    await userEvent.keyboard('{Tab}{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();

    await userEvent.click(button);
    await userEvent.click(within(nav).getByRole('link', { name: 'Reports' }));
    expect(await screen.findByRole('heading', { level: 1, name: /not found/i })).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('groups the account and admin screens behind one menu button each, in one row; a group of one is a link', async () => {
    const grouped: NavItem[] = [
      { to: '/', label: 'Dashboard', end: true },
      { to: '/account/profile', label: 'My profile', group: 'account' },
      { to: '/billing', label: 'Billing', group: 'account' },
      { to: '/admin/users', label: 'Users', group: 'admin' },
      { to: '/admin/feature-flags', label: 'Feature flags', roles: ['admin'], group: 'admin' },
    ];
    const groupedRoutes = [{ element: <AppFrame navItems={grouped} />, children: [{ path: '*', element: <NotFoundPage /> }] }];
    const { client } = signedIn(testUser({ profile: { ...testUser().profile, account_type: 'admin' } }));
    renderApp({ routes: groupedRoutes, path: '/admin/users', client });
    await screen.findByRole('heading', { level: 1 });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    // once the session has the user (an administrator)
    const admin = await within(nav).findByRole('button', { name: 'Admin' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Dashboard']);
    expect(admin).toHaveClass('bg-primary'); // the current page is one of its screens
    expect(await axeViolations()).toEqual([]);
    const user = userEvent.setup();
    admin.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Users', 'Feature flags']);
    expect(within(menu).getByRole('menuitem', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(admin).toHaveFocus();
    await user.click(within(nav).getByRole('button', { name: 'Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Billing' }));
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(within(nav).getByRole('button', { name: 'Account' })).toHaveClass('bg-primary');
  });

  it('shows a regional manager (Users only) the admin screen as a link', async () => {
    const grouped: NavItem[] = [
      { to: '/', label: 'Dashboard', end: true },
      { to: '/admin/users', label: 'Users', roles: ['admin', 'regional_manager'], group: 'admin' },
      { to: '/admin/feature-flags', label: 'Feature flags', roles: ['admin'], group: 'admin' },
    ];
    const rm = testUser({ profile: { ...testUser().profile, account_type: 'regional_manager' } });
    renderApp({ routes: [{ element: <AppFrame navItems={grouped} />, children: [{ index: true, element: <HomePage /> }] }], path: '/', client: signedIn(rm).client });
    await screen.findByRole('heading', { level: 1, name: /Welcome/ });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Dashboard', 'Users']);
    expect(within(nav).queryByRole('button')).toBeNull();
  });

  it('has a skip link first, a main landmark, and is axe-clean', async () => {
    const { client } = signedIn(testUser());
    renderApp({ routes, path: '/', client });
    await screen.findByRole('heading', { level: 1 });
    const user = userEvent.setup();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it("shows the user's name and company, and signs out through the user menu", async () => {
    const { client, call } = signedIn(testUser());
    const { router } = renderApp({ routes, path: '/', client });
    const user = userEvent.setup();
    const menuButton = await screen.findByRole('button', {
      name: /Dana Reyes.*Bayside Insurance Group/,
    });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'My profile' })).toHaveAttribute(
      'href',
      '/account/profile',
    );

    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();

    await user.click(menuButton);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(call).toHaveBeenCalledWith('destroySession');
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
  });

  it('says it is reconnecting while a read is retried after 503s, and stops saying so when the read comes back', async () => {
    let failures = 3;
    function Rows() {
      const { data } = useQuery({
        queryKey: ['rows'],
        retry: shouldRetry,
        retryDelay: 20,
        queryFn: async () => {
          if (failures-- > 0) throw new ApiError(503, { errors: { base: 'The service is briefly unavailable.' } });
          return 'the rows';
        },
      });
      return <h1>{data ?? 'Loading'}</h1>;
    }
    const { client } = signedIn(testUser());
    renderApp({ routes: [{ element: <AppFrame navItems={navItems} />, children: [{ index: true, element: <Rows /> }] }], path: '/', client });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Reconnecting… The service is briefly unavailable; this page will update by itself.'));
    expect(await screen.findByRole('heading', { name: 'the rows' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(''));
  });

  it('shows the impersonation banner while impersonating', async () => {
    const { client } = signedIn(
      testUser({ impersonated_by: { id: 1, name: 'Sam Admin', login_type: 'impersonate' } }),
    );
    renderApp({ routes, path: '/', client });
    const banner = await screen.findByRole('region', { name: 'Impersonation' });
    expect(banner).toHaveTextContent('Sam Admin is signed in as Dana Reyes');
  });

  it('shows the unpaid banner with a link to billing to an unpaid account, not to a paid one or an impersonator', async () => {
    const first = renderApp({ routes, path: '/', client: signedIn(testUser({ 'paid_user?': false })).client });
    const banner = await screen.findByRole('region', { name: 'Unpaid account' });
    expect(within(banner).getByRole('link', { name: 'Go to billing' })).toHaveAttribute('href', '/billing');
    expect(await axeViolations()).toEqual([]);
    first.unmount();

    renderApp({
      routes,
      path: '/',
      client: signedIn(
        testUser({ 'paid_user?': false, impersonated_by: { id: 1, name: 'Sam Admin', login_type: 'impersonate' } }),
      ).client,
    });
    await screen.findByRole('region', { name: 'Impersonation' });
    expect(screen.queryByRole('region', { name: 'Unpaid account' })).not.toBeInTheDocument();
  });

  it('renders NotFoundPage for unknown paths inside the frame, axe-clean', async () => {
    const { client } = signedIn(testUser());
    renderApp({ routes, path: '/no/such/page', client });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/');
    expect(await axeViolations()).toEqual([]);
  });
});

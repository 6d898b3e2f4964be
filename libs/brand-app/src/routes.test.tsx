import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { ApiError } from '@crm/api-client';
import type { CurrentUser } from '@crm/contract';
import { createTestQueryClient, featuresFor, makeUser, mockApiClient } from '@crm/testing';
import { BRANDS, type BrandId } from '@crm/variant';
import { BrandApp } from './BrandApp';
import { BASE_NAV_ITEMS, BASE_ROUTES, createBrandRoutes, type BrandRoutesOptions } from './routes';

afterEach(() => {
  document.documentElement.removeAttribute('style');
  for (const script of Array.from(document.querySelectorAll('script'))) script.remove();
  delete (window as Window & { dataLayer?: unknown }).dataLayer;
  delete (window as Window & { gtag?: unknown }).gtag;
});

type Options = BrandRoutesOptions & {
  brandId?: BrandId;
  user?: CurrentUser | null;
  path: string;
  analyticsId?: string;
};

const googleTag = (id: string) =>
  document.querySelectorAll(`script[src="https://www.googletagmanager.com/gtag/js?id=${id}"]`);

function renderBrandApp({
  brandId = 'harbor',
  user = null,
  path,
  analyticsId,
  ...routeOptions
}: Options) {
  const { client, call } = mockApiClient(async (name) => {
    if (name === 'authProfile') {
      if (!user) throw new ApiError(401, null);
      return user;
    }
    if (name === 'dialerUsage' || name === 'smsUsage') {
      return {
        data: {
          period_start: '2026-11-01T00:00:00.000Z',
          period_end: '2026-12-01T00:00:00.000Z',
          unit: name === 'smsUsage' ? 'segments' : 'minutes',
          subscription: null,
          allocation: 0,
          used: 0,
          remaining: 0,
          licenses: [],
        },
      };
    }
    if (name === 'adminSmsListPlans') {
      return { data: [], meta: { current_page: 1, limit: 25, total_count: 0, total_pages: 0 } };
    }
    if (name === 'listAdminUsers' || name === 'listWebhookEvents') {
      return { data: [], meta: { current_page: 1, limit: 25, total_count: 0, total_pages: 0 } };
    }
    throw new Error(`unexpected call ${name}`);
  });
  const router = createMemoryRouter(createBrandRoutes(routeOptions), { initialEntries: [path] });
  render(
    <BrandApp
      brand={analyticsId ? { ...BRANDS[brandId], analyticsId } : BRANDS[brandId]}
      environment="production"
      router={router}
      queryClient={createTestQueryClient()}
      apiClient={client}
    />,
  );
  return { router, call };
}

function userOf(brandId: BrandId, role: CurrentUser['profile']['account_type']): CurrentUser {
  return makeUser({
    brand: brandId,
    roles: [role],
    admin: role === 'admin' || role === 'sub_admin',
    profile: { first_name: 'Pat', last_name: 'Lee', account_type: role },
    features: featuresFor(BRANDS[brandId], role),
  });
}

/** The main navigation's row: each link's text, and each menu button as "Label: its links" (opened and closed again). */
async function navLabels(): Promise<string[]> {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  const labels: string[] = [];
  for (const entry of within(nav).getAllByRole('listitem')) {
    const button = within(entry).queryByRole('button');
    if (!button) {
      labels.push(within(entry).getByRole('link').textContent ?? '');
      continue;
    }
    await userEvent.click(button);
    const menu = await screen.findByRole('menu');
    labels.push(`${button.textContent}: ${within(menu).getAllByRole('menuitem').map((item) => item.textContent).join(', ')}`);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  }
  return labels;
}

const ACCOUNT = 'Account: My profile, Billing, Dialer subscription, SMS subscription';

/** Every route of a tree, depth first. */
function allRoutes(routes: readonly RouteObject[]): RouteObject[] {
  return routes.flatMap((route) => [route, ...allRoutes(route.children ?? [])]);
}

// The screens' modules, fetched once before the tests (as the browser's cache would have them), so
// that each test's wait covers rendering and not the first transform of a library.
beforeAll(async () => {
  await Promise.all(
    allRoutes(createBrandRoutes()).map((route) => (typeof route.lazy === 'function' ? route.lazy() : null)),
  );
}, 60_000);

describe('brand app route tree', () => {
  it('loads every screen on demand: each leaf route is lazy, or a redirect', () => {
    const leaves = allRoutes(createBrandRoutes()).filter((route) => !route.children?.length);
    expect(leaves.length).toBeGreaterThan(10);
    for (const route of leaves) {
      const redirect = (route.element as { type?: unknown } | undefined)?.type === Navigate;
      expect({ path: route.path ?? '(index)', lazy: typeof route.lazy === 'function' || redirect }).toEqual({
        path: route.path ?? '(index)',
        lazy: true,
      });
    }
  });

  it('shows a pending state only while a first screen is loading, below the session', () => {
    const [root] = createBrandRoutes();
    const pending = root?.children?.find((route) => route.hydrateFallbackElement);
    expect(pending?.children?.length).toBeGreaterThan(0);
  });
});

describe('brand app routes', () => {
  it.each<BrandId>(['harbor', 'keystone', 'evergreen'])(
    "/login shows the %s brand's name",
    async (brandId) => {
      renderBrandApp({ brandId, path: '/login' });
      expect(
        await screen.findByRole('heading', {
          level: 1,
          name: `Sign in to ${BRANDS[brandId].name}`,
        }),
      ).toBeInTheDocument();
      expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe(
        BRANDS[brandId].colors.primary,
      );
    },
  );

  // The confirmation page asks once whether someone is signed in (to offer them their profile after
  // confirming, never Sign in), but neither page waits for a session or sends anyone to sign in first.
  it.each([
    ['/email-change/confirm?token=abc', 'Confirm your new e-mail address', true],
    ['/email-change/not-me?token=abc', 'This was not me', false],
  ])('%s opens without a session (the link of an e-mail)', async (path, heading, asksSession) => {
    const { call } = renderBrandApp({ path });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    const askedSession = () => call.mock.calls.map(([name]) => name).includes('authProfile');
    // the page may show its heading before its query of the session starts: wait for the ask, never for a time
    if (asksSession) await waitFor(() => expect(askedSession()).toBe(true));
    else expect(askedSession()).toBe(false);
  });

  it('gives administrators the admin navigation and screens', async () => {
    renderBrandApp({ user: userOf('keystone', 'admin'), path: '/admin/users' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(await navLabels()).toEqual(['Dashboard', 'Contacts', ACCOUNT, 'Admin: Users, Feature flags, Dialer plans, SMS plans, Campaign triggers, Vendor events']);
  });

  it("gives the System Admin the Vendor events screen, and not a sub_admin (the deployment's events, not a company's)", async () => {
    renderBrandApp({ user: userOf('harbor', 'admin'), path: '/admin/vendor-events' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vendor events' })).toBeInTheDocument();
    expect(await screen.findByText('No dead vendor events')).toBeInTheDocument();
    cleanup();

    renderBrandApp({ user: userOf('harbor', 'sub_admin'), path: '/admin/vendor-events' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied!' })).toBeInTheDocument();
    expect(await navLabels()).toEqual(['Dashboard', 'Contacts', ACCOUNT, 'Admin: Users, Feature flags, Dialer plans, SMS plans, Campaign triggers']);
  });

  it('gives a regional manager the Users screen (their downline, to impersonate) but not the other admin screens', async () => {
    renderBrandApp({ brandId: 'keystone', user: userOf('keystone', 'regional_manager'), path: '/admin/feature-flags' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied!' })).toBeInTheDocument();
    expect(await navLabels()).toEqual(['Dashboard', 'Contacts', ACCOUNT, 'Users']);
  });

  it("gives administrators each product's admin screens, /admin/{product} opening its plans", async () => {
    const { router } = renderBrandApp({ user: userOf('evergreen', 'admin'), path: '/admin/sms' });
    expect(await screen.findByRole('heading', { level: 1, name: 'SMS plans' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/sms/plans');
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Admin' }));
    expect(await screen.findByRole('menuitem', { name: 'SMS plans' })).toHaveAttribute('aria-current', 'page');
  });

  it.each(['/admin/dialer/plans', '/admin/sms/usage'])("refuses a manager the product admin screen %s ('Access denied!')", async (path) => {
    renderBrandApp({ user: userOf('harbor', 'manager'), path });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied!' })).toBeInTheDocument();
  });

  it("shows other roles 'Access denied!' on admin routes and no admin navigation", async () => {
    renderBrandApp({ user: userOf('harbor', 'agent'), path: '/admin/feature-flags' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Access denied!' }),
    ).toBeInTheDocument();
    expect(await navLabels()).toEqual(['Dashboard', 'Contacts', ACCOUNT]);
  });

  it('opens the dialer and SMS subscription pages where their flags are on', async () => {
    const first = renderBrandApp({ user: userOf('harbor', 'agent'), path: '/account/sms' });
    expect(await screen.findByRole('heading', { level: 1, name: 'SMS subscription' })).toBeInTheDocument();
    expect(await screen.findByText('No SMS subscription')).toBeInTheDocument();
    expect(first.call.mock.calls.map(([name]) => name)).toContain('smsUsage');
    cleanup();
    renderBrandApp({ brandId: 'evergreen', user: userOf('evergreen', 'basic'), path: '/account/dialer' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied!' })).toBeInTheDocument();
    const labels = (await navLabels()).join(', ');
    expect(labels).not.toContain('Dialer subscription');
    expect(labels).not.toContain('SMS subscription');
  });

  it("hides messages and calls from an Evergreen basic user's dashboard, not from a Harbor agent's", async () => {
    renderBrandApp({ brandId: 'evergreen', user: userOf('evergreen', 'basic'), path: '/' });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Pat Lee' });
    expect(screen.queryByRole('heading', { name: 'Recent messages' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Recent calls' })).not.toBeInTheDocument();
  });

  it("shows a Harbor agent's dashboard messages and calls", async () => {
    renderBrandApp({ user: userOf('harbor', 'agent'), path: '/' });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Pat Lee' });
    expect(screen.getByRole('heading', { name: 'Recent messages' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recent calls' })).toBeInTheDocument();
  });

  it('lets a brand app add and remove routes and navigation', async () => {
    renderBrandApp({
      user: userOf('harbor', 'agent'),
      path: '/aftercare',
      routes: [
        ...BASE_ROUTES.filter((route) => route.path !== '/account/profile'),
        { path: '/aftercare', element: <h1>Aftercare</h1> },
      ],
      navItems: [
        ...BASE_NAV_ITEMS.filter((item) => item.to !== '/account/profile'),
        { to: '/aftercare', label: 'Aftercare' },
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Aftercare' })).toBeInTheDocument();
    expect(await navLabels()).toEqual(['Dashboard', 'Contacts', 'Account: Billing, Dialer subscription, SMS subscription', 'Aftercare']);
  });

  it('sends an unpaid account to /billing, with the unpaid banner in the frame; an impersonation passes', async () => {
    const unpaid = { ...userOf('harbor', 'agent'), 'paid_user?': false };
    const first = renderBrandApp({ user: unpaid, path: '/contacts' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    expect(first.router.state.location.pathname).toBe('/billing');
    expect(screen.getByRole('region', { name: 'Unpaid account' })).toHaveTextContent('Your account is unpaid.');
    first.router.dispose();
    cleanup();

    const second = renderBrandApp({ user: { ...unpaid, impersonated_by: { id: 1, name: 'Sam Admin', login_type: 'impersonate' } }, path: '/account/profile' });
    await screen.findByRole('region', { name: 'Impersonation' });
    expect(second.router.state.location.pathname).toBe('/account/profile');
    expect(screen.queryByRole('region', { name: 'Unpaid account' })).not.toBeInTheDocument();
  });

  it('sends a visitor to /login', async () => {
    const { router } = renderBrandApp({ path: '/admin/users' });
    await screen.findByRole('heading', { level: 1, name: 'Sign in to Harbor Agent' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows the Help button in the frame of a brand with the help widget on, not in Harbor's", async () => {
    const first = renderBrandApp({ brandId: 'keystone', user: userOf('keystone', 'agent'), path: '/' });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Pat Lee' });
    expect(screen.getByRole('button', { name: 'Help' })).toBeInTheDocument();
    first.router.dispose();
    cleanup();

    renderBrandApp({ brandId: 'harbor', user: userOf('harbor', 'agent'), path: '/' });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Pat Lee' });
    expect(screen.queryByRole('button', { name: 'Help' })).not.toBeInTheDocument();
  });

  it('loads the analytics id once on public and signed-in pages, unless the pages have their own tracking code', async () => {
    const { router } = renderBrandApp({ path: '/login', analyticsId: 'G-BRAND1' });
    await screen.findByRole('heading', { level: 1, name: 'Sign in to Harbor Agent' });
    expect(googleTag('G-BRAND1')).toHaveLength(1);
    await act(() => router.navigate('/contact-us'));
    expect(googleTag('G-BRAND1')).toHaveLength(1);
    router.dispose();
    cleanup();

    renderBrandApp({ path: '/login', analyticsId: 'G-BRAND2', ownTrackingCode: true });
    await screen.findByRole('heading', { level: 1, name: 'Sign in to Harbor Agent' });
    expect(googleTag('G-BRAND2')).toHaveLength(0);
  });

  it('loads no analytics without an id (the brands ship none)', async () => {
    renderBrandApp({ path: '/login' });
    await screen.findByRole('heading', { level: 1, name: 'Sign in to Harbor Agent' });
    expect(document.querySelectorAll('script[src*="googletagmanager"]')).toHaveLength(0);
  });
});

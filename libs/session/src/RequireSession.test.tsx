import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@crm/contract';
import { ApiError } from '@crm/api-client';
import { createSessionBridge } from './session-bridge';
import { loginStack, type LoginMarker } from './login-stack';
import { sessionRedirect } from './redirect-rules';
import { RequireSession } from './RequireSession';
import { RETURN_PATH_KEY } from './return-path';
import { makeUser } from '@crm/testing';
import { deferred, renderWithSession, unauthorized } from './test/render';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const ok = makeUser();
const forcedPassword = makeUser({ 'change_password?': true });
const twoFactorMissing = makeUser({ 'two_fa_is_required?': true, 'has_2fa_enabled?': false });
const twoFactorDone = makeUser({ 'two_fa_is_required?': true, 'has_2fa_enabled?': true });
const termsPending = makeUser({ tos: false });
const updatedTermsPending = makeUser({ updated_tos: true });
const unpaid = makeUser({ 'paid_user?': false });
const impersonated = (user: CurrentUser): CurrentUser => ({
  ...user,
  impersonated_by: { id: 1, name: 'Sam Admin', login_type: 'impersonate' },
});

type Case = {
  name: string;
  user: CurrentUser | null;
  path: string;
  stack?: LoginMarker[];
  requirePaid?: boolean;
  expected: string | null;
};

const cases: Case[] = [
  { name: 'no session goes to /login', user: null, path: '/contacts', expected: '/login' },
  { name: 'a user in good standing stays', user: ok, path: '/contacts', expected: null },
  {
    name: 'terms not accepted go to the terms page',
    user: termsPending,
    path: '/',
    expected: '/terms-of-use?accept=1',
  },
  {
    name: 'updated terms not accepted go to the terms page',
    user: updatedTermsPending,
    path: '/contacts',
    expected: '/terms-of-use?accept=1',
  },
  {
    name: 'forced password change goes to the password tab',
    user: forcedPassword,
    path: '/contacts',
    expected: '/account/profile?tab=password',
  },
  {
    name: 'required two-factor missing goes to the two-factor tab',
    user: twoFactorMissing,
    path: '/',
    expected: '/account/profile?tab=two_factor',
  },
  { name: 'required two-factor enabled stays', user: twoFactorDone, path: '/', expected: null },
  {
    name: 'profile page is exempt from the password rule',
    user: forcedPassword,
    path: '/account/profile',
    expected: null,
  },
  {
    name: 'profile page is exempt from the two-factor rule',
    user: twoFactorMissing,
    path: '/account/profile',
    expected: null,
  },
  {
    name: 'profile page is exempt from the terms rule',
    user: termsPending,
    path: '/account/profile',
    expected: null,
  },
  {
    name: 'billing page is exempt from the password rule',
    user: forcedPassword,
    path: '/billing',
    expected: null,
  },
  {
    name: 'billing sub-page is exempt from the two-factor rule',
    user: twoFactorMissing,
    path: '/billing/plan',
    expected: null,
  },
  {
    name: 'an impersonated session is exempt from the password rule',
    user: impersonated(forcedPassword),
    path: '/contacts',
    expected: null,
  },
  {
    name: 'an impersonated session is exempt from the two-factor rule',
    user: impersonated(twoFactorMissing),
    path: '/',
    expected: null,
  },
  {
    name: 'logged in as admin (login stack) is exempt',
    user: {
      ...forcedPassword,
      impersonated_by: { id: 1, name: 'Sam Admin', login_type: 'login_as' },
    },
    path: '/contacts',
    stack: ['logged_as_admin'],
    expected: null,
  },
  {
    name: 'an unpaid account goes to /billing',
    user: unpaid,
    path: '/contacts',
    expected: '/billing',
  },
  {
    name: 'an unpaid account stays on the profile page',
    user: unpaid,
    path: '/account/profile',
    expected: null,
  },
  {
    name: 'an unpaid account stays on billing pages',
    user: unpaid,
    path: '/billing/update',
    expected: null,
  },
  {
    name: 'an impersonated session is exempt from the unpaid rule (the API lets it through every gate too)',
    user: impersonated(unpaid),
    path: '/contacts',
    expected: null,
  },
  {
    name: 'the unpaid rule can be switched off',
    user: unpaid,
    path: '/contacts',
    requirePaid: false,
    expected: null,
  },
  {
    name: 'the password rule comes before the terms rule (the API gate order)',
    user: makeUser({ 'change_password?': true, tos: false }),
    path: '/contacts',
    expected: '/account/profile?tab=password',
  },
  {
    name: 'a lookalike path is not exempt',
    user: forcedPassword,
    path: '/billingx',
    expected: '/account/profile?tab=password',
  },
];

describe('sessionRedirect', () => {
  it.each(cases)('$name', ({ user, path, stack = [], requirePaid, expected }) => {
    expect(sessionRedirect(user, { pathname: path, loginStack: stack, requirePaid })).toBe(
      expected,
    );
  });
});

describe('sessionRedirect with a login stack alone', () => {
  it('treats a non-empty login stack as logged in as admin', () => {
    expect(
      sessionRedirect(forcedPassword, { pathname: '/contacts', loginStack: ['logged_as_admin'] }),
    ).toBeNull();
  });
});

describe('RequireSession', () => {
  it.each(cases)('$name', async ({ user, path, stack = [], requirePaid, expected }) => {
    for (const marker of stack) loginStack.push(marker);
    const [pathname] = path.split('?');
    renderWithSession({
      path,
      handlers: {
        authProfile: () => {
          if (!user) throw unauthorized('Unauthorized');
          return user;
        },
      },
      routes: {
        '/terms-of-use': <h1>Terms</h1>,
      },
      guard: <RequireSession requirePaid={requirePaid} />,
      guarded: {
        [pathname ?? path]: <h1>Protected content</h1>,
        '/account/profile': <h1>Profile</h1>,
        '/billing': <h1>Billing</h1>,
        '/': <h1>Home</h1>,
      },
    });

    if (expected === null) {
      await screen.findByRole('heading', { name: /Protected content|Profile|Billing|Home/ });
      expect(screen.getByTestId('location')).toHaveTextContent(path);
    } else {
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(expected));
    }
  });

  it('shows a loading state during the session check, then the page', async () => {
    const answer = deferred<CurrentUser>();
    renderWithSession({
      path: '/contacts',
      handlers: { authProfile: () => answer.promise },
      guard: <RequireSession />,
      guarded: { '/contacts': <h1>Contacts</h1> },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your session');
    answer.resolve(ok);
    expect(await screen.findByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
  });

  it('drops a stale login stack when the server says the session is not an impersonation', async () => {
    loginStack.push('logged_as_admin');
    renderWithSession({
      path: '/contacts',
      handlers: { authProfile: () => forcedPassword },
      guard: <RequireSession />,
      guarded: { '/contacts': <h1>Contacts</h1>, '/account/profile': <h1>Profile</h1> },
    });
    await screen.findByRole('heading', { name: 'Profile' });
    expect(loginStack.get()).toEqual([]);
  });

  it('remembers the path (with its query) for after the login', async () => {
    renderWithSession({
      path: '/contacts?search=smith&contact_group=all',
      handlers: {
        authProfile: () => {
          throw unauthorized('Unauthorized');
        },
      },
      guard: <RequireSession />,
      guarded: { '/contacts': <h1>Contacts</h1> },
    });
    await screen.findByRole('heading', { name: 'Login page' });
    expect(sessionStorage.getItem(RETURN_PATH_KEY)).toBe(
      '/contacts?search=smith&contact_group=all',
    );
  });
});

describe('an account gate answered by the API', () => {
  it("checks the session again on a gate's 403, and the redirect rules send the user on", async () => {
    let current: CurrentUser = makeUser();
    const { bridge } = renderWithSession({
      path: '/contacts',
      handlers: { authProfile: () => current },
      guard: <RequireSession />,
      guarded: { '/contacts': <h1>Protected content</h1>, '/billing': <h1>Billing</h1> },
    });
    expect(await screen.findByRole('heading', { name: 'Protected content' })).toBeInTheDocument();
    // the paid period ended on the server: the next request is refused with the billing gate
    current = makeUser({ 'paid_user?': false });
    expect(bridge.onForbidden(new ApiError(403, { errors: { user: 'Access denied!', gate: 'billing' } }))).toBe(true);
    expect(await screen.findByRole('heading', { name: 'Billing' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/billing');
  });

  it('leaves other 403s to the access-denied toast', () => {
    expect(createSessionBridge().onForbidden(new ApiError(403, { errors: { user: 'Access denied!' } }))).toBe(false);
  });
});

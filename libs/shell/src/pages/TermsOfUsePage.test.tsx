import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router-dom';
import { ApiError, createApiClient } from '@crm/api-client';
import type { CurrentUser } from '@crm/contract';
import { createSessionBridge, RequireSession } from '@crm/session';
import { mockApiClient } from '@crm/testing';
import { testUser } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { TermsOfUsePage } from './TermsOfUsePage';

const routes = [
  { path: '/terms-of-use', element: <TermsOfUsePage /> },
  { path: '/', element: <p>Dashboard home</p> },
];

/** The same, with / behind the session guard as in the apps. */
const guardedRoutes = [
  { path: '/terms-of-use', element: <TermsOfUsePage /> },
  {
    element: (
      <RequireSession>
        <Outlet />
      </RequireSession>
    ),
    children: [{ path: '/', element: <p>Dashboard home</p> }],
  },
  { path: '/login', element: <p>Login screen</p> },
];

/** A server whose signed-in user accepts the terms through PATCH /v1/users/accept_tos. */
function server(initial: CurrentUser | null) {
  let user = initial;
  return mockApiClient(async (name) => {
    if (name === 'authProfile') {
      if (!user) throw new ApiError(401, { errors: { user: 'Unauthorized' } });
      return user;
    }
    if (name === 'acceptTos') {
      if (!user) throw new ApiError(401, null);
      user = { ...user, tos: true, updated_tos: false };
      return user;
    }
    throw new Error(`unexpected call ${name}`);
  });
}

describe('TermsOfUsePage', () => {
  it('shows the brand terms with one h1 and section headings', async () => {
    const { client } = server(null);
    renderApp({ routes, path: '/terms-of-use', client });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Agreement' })).toBeInTheDocument();
    expect(screen.getByText('Be nice to your clients.')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I accept' })).not.toBeInTheDocument();
  });

  it.each<[string, Partial<CurrentUser>]>([
    ['never accepted (tos false)', { tos: false, updated_tos: false }],
    ['accepted an older version (updated_tos true)', { tos: true, updated_tos: true }],
  ])(
    'with ?accept=1 and a user who %s: "I accept" records it, refreshes the session and goes to /',
    async (_, flags) => {
      const { client, call } = server(testUser(flags));
      const user = userEvent.setup();
      const { router } = renderApp({ routes, path: '/terms-of-use?accept=1', client });

      const button = await screen.findByRole('button', { name: 'I accept' });
      await user.click(button);

      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(await screen.findByText('Dashboard home')).toBeInTheDocument();
      expect(call).toHaveBeenCalledWith('acceptTos', { body: {} });
      // The session was checked to find the user, then refetched after the acceptance.
      expect(
        call.mock.calls.filter(([name]) => name === 'authProfile').length,
      ).toBeGreaterThanOrEqual(2);
    },
  );

  it('after accepting, the session guard of / lets the user in (no bounce back to the terms)', async () => {
    const { client } = server(testUser({ tos: false, updated_tos: false }));
    const user = userEvent.setup();
    const { router } = renderApp({ routes: guardedRoutes, path: '/terms-of-use?accept=1', client });
    await user.click(await screen.findByRole('button', { name: 'I accept' }));
    expect(await screen.findByText('Dashboard home')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('asks nothing of a user who has accepted the current terms', async () => {
    const { client, call } = server(testUser());
    renderApp({ routes, path: '/terms-of-use?accept=1', client });
    await waitFor(() => expect(call).toHaveBeenCalledWith('authProfile', expect.anything()));
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I accept' })).not.toBeInTheDocument();
  });

  it('asks nothing without ?accept=1, and does not load the user there', async () => {
    const { client, call } = server(testUser({ tos: false }));
    renderApp({ routes, path: '/terms-of-use', client });
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I accept' })).not.toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
  });

  it('shows only the terms to a visitor who is not signed in', async () => {
    const { client, call } = server(null);
    renderApp({ routes, path: '/terms-of-use?accept=1', client });
    await waitFor(() => expect(call).toHaveBeenCalledWith('authProfile', expect.anything()));
    expect(screen.getByText('Be nice to your clients.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I accept' })).not.toBeInTheDocument();
  });

  it('checks the session once for a signed-out visitor, even when the 401 clears the query cache', async () => {
    const bridge = createSessionBridge();
    const requests: string[] = [];
    const client = createApiClient({
      onUnauthorized: bridge.onUnauthorized,
      validateResponses: false,
      fetch: async (request) => {
        requests.push(new URL(request.url, 'http://localhost').pathname);
        return new Response(JSON.stringify({ errors: { user: 'Unauthorized' } }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    renderApp({ routes, path: '/terms-of-use?accept=1', client, bridge });
    await waitFor(() => expect(requests).toEqual(['/auth/profile']));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(requests).toEqual(['/auth/profile']);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I accept' })).not.toBeInTheDocument();
  });

  it('says so when the acceptance cannot be saved', async () => {
    const { client } = mockApiClient(async (name) => {
      if (name === 'authProfile') return testUser({ tos: false });
      throw new ApiError(500, null);
    });
    const user = userEvent.setup();
    renderApp({ routes, path: '/terms-of-use?accept=1', client });
    await user.click(await screen.findByRole('button', { name: 'I accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your acceptance could not be saved. Please try again.',
    );
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@crm/contract';
import { ApiError, useApiClient } from '@crm/api-client';
import { RETURN_PATH_KEY } from './return-path';
import { makeUser } from '@crm/testing';
import { deferred, renderWithSession, unauthorized } from './test/render';
import { useRoleFlags } from './useRoleFlags';
import { useSession } from './useSession';
import { useSessionCheck } from './useSessionCheck';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

function SessionView() {
  const { user, loading, error } = useSession();
  const flags = useRoleFlags();
  const on = Object.entries(flags)
    .filter(([, value]) => value)
    .map(([name]) => name)
    .join(',');
  return (
    <dl>
      <dt>user</dt>
      <dd data-testid="user">{user?.username ?? 'null'}</dd>
      <dt>loading</dt>
      <dd data-testid="loading">{String(loading)}</dd>
      <dt>error</dt>
      <dd data-testid="error">{error?.message ?? 'null'}</dd>
      <dt>flags</dt>
      <dd data-testid="flags">{on}</dd>
    </dl>
  );
}

function Refresh() {
  const client = useApiClient();
  return (
    <button type="button" onClick={() => client.call('userMe').catch(() => undefined)}>
      Refresh
    </button>
  );
}

describe('SessionProvider', () => {
  it('moves from loading to signed in', async () => {
    const answer = deferred<CurrentUser>();
    renderWithSession({
      path: '/home',
      handlers: { authProfile: () => answer.promise },
      routes: { '/home': <SessionView /> },
    });
    expect(screen.getByTestId('loading')).toHaveTextContent('true');
    expect(screen.getByTestId('user')).toHaveTextContent('null');
    expect(screen.getByTestId('error')).toHaveTextContent('null');

    answer.resolve(makeUser({ profile: { account_type: 'sub_admin' } }));

    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('ann.agent'));
    expect(screen.getByTestId('loading')).toHaveTextContent('false');
    expect(screen.getByTestId('flags')).toHaveTextContent('admin,sub_admin');
  });

  it.each([
    ['401 (the handler goes to /login, remembering the path)', 401, '/login'],
    ['403', 403, '/home'],
    ['500', 500, '/home'],
  ])(
    "a refused session check (%s) is signed out: user null, loading false, error 'Unauthorized'",
    async (_name, status, path) => {
      const { client } = renderWithSession({
        path: '/home?tab=1',
        handlers: {
          authProfile: () => {
            throw new ApiError(status, { errors: { user: 'Unauthorized' } });
          },
        },
        routes: { '/home': <SessionView />, '/login': <SessionView /> },
      });
      await waitFor(() => expect(screen.getByTestId('error')).toHaveTextContent('Unauthorized'));
      expect(screen.getByTestId('user')).toHaveTextContent('null');
      expect(screen.getByTestId('loading')).toHaveTextContent('false');
      // the 401 handler's navigation lands a render later than the error (it failed once on a loaded machine)
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${path}`)));
      if (status === 401) expect(sessionStorage.getItem(RETURN_PATH_KEY)).toBe('/home?tab=1');
      // No second session check on the way to /login.
      expect(client.call).toHaveBeenCalledTimes(1);
    },
  );

  it('uses a server-supplied user as initial data', () => {
    renderWithSession({
      path: '/home',
      initialUser: makeUser({ username: 'from.server' }),
      handlers: { authProfile: () => makeUser() },
      routes: { '/home': <SessionView /> },
    });
    expect(screen.getByTestId('user')).toHaveTextContent('from.server');
    expect(screen.getByTestId('loading')).toHaveTextContent('false');
  });

  it('does not load the user on public routes', async () => {
    const { client } = renderWithSession({
      path: '/reset-password',
      handlers: { authProfile: () => makeUser() },
      routes: { '/reset-password': <SessionView /> },
    });
    expect(screen.getByTestId('loading')).toHaveTextContent('false');
    expect(screen.getByTestId('user')).toHaveTextContent('null');
    await new Promise((r) => setTimeout(r, 20));
    expect(client.call).not.toHaveBeenCalled();
  });

  it('useSessionCheck loads the user on a public page that asks for it', async () => {
    function TermsView() {
      const { user } = useSessionCheck();
      return <p>Terms for {user?.username ?? 'nobody'}</p>;
    }
    renderWithSession({
      path: '/terms-of-use?accept=1',
      handlers: { authProfile: () => makeUser() },
      routes: { '/terms-of-use': <TermsView /> },
    });
    expect(await screen.findByText('Terms for ann.agent')).toBeInTheDocument();
  });

  it('a 401 from any call clears the query cache and goes to /login', async () => {
    const user = makeUser();
    const { queryClient } = renderWithSession({
      path: '/contacts?q=1',
      initialUser: user,
      handlers: {
        authProfile: () => user,
        userMe: () => {
          throw unauthorized('Unauthorized');
        },
      },
      routes: {
        '/contacts': (
          <>
            <SessionView />
            <Refresh />
          </>
        ),
        '/login': (
          <>
            <h1>Login page</h1>
            <SessionView />
          </>
        ),
      },
    });
    queryClient.setQueryData(['contacts', 'list'], ['cached']);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));

    await screen.findByRole('heading', { name: 'Login page' });
    expect(queryClient.getQueryData(['contacts', 'list'])).toBeUndefined();
    // The server-supplied initial user does not come back after the cache is cleared.
    expect(screen.getByTestId('user')).toHaveTextContent('null');
    expect(screen.getByTestId('error')).toHaveTextContent('Unauthorized');
    expect(sessionStorage.getItem(RETURN_PATH_KEY)).toBe('/contacts?q=1');
  });
});

import { useState } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@crm/api-client';
import { loginStack } from './login-stack';
import { sessionEvents } from './session-events';
import { makeUser, type Handlers } from '@crm/testing';
import { renderWithSession } from './test/render';
import { useLogout } from './useLogout';
import { useSession } from './useSession';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const user = makeUser({ id: 7 });

function SignOut() {
  const logout = useLogout();
  const { loading, user: current } = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <div>
      <p>Signed in as {current?.username ?? 'nobody'}</p>
      <p>{loading ? 'Loading' : 'Idle'}</p>
      <button
        type="button"
        onClick={() =>
          logout().catch((error: unknown) =>
            setFailure(error instanceof ApiError ? `failed ${error.status}` : 'failed'),
          )
        }
      >
        Sign out
      </button>
      {failure && <p>{failure}</p>}
    </div>
  );
}

function renderSignOut(handlers: Handlers) {
  return renderWithSession({
    path: '/dashboard',
    initialUser: user,
    handlers: { authProfile: () => user, ...handlers },
    routes: { '/dashboard': <SignOut /> },
  });
}

describe('useLogout', () => {
  it('hides the mini calendar, clears cached search state and the login stack, deletes the session, goes to /login', async () => {
    const order: string[] = [];
    const off = sessionEvents.on('hideMiniCalendar', () => order.push('hideMiniCalendar'));
    localStorage.setItem('7:0.2.37:contacts_search', '{"q":"smith"}');
    localStorage.setItem('7:0.2.37:advanced_search_form', '{}');
    localStorage.setItem('8:0.2.37:contacts_search', 'another user');
    loginStack.push('login_as');

    const { queryClient } = renderSignOut({
      destroySession: () => {
        order.push('destroySession');
        // By the time the session is deleted, the local state is already gone.
        order.push(
          localStorage.getItem('7:0.2.37:contacts_search') === null
            ? 'search cleared'
            : 'search kept',
        );
        order.push(loginStack.get().length === 0 ? 'stack cleared' : 'stack kept');
        return undefined;
      },
    });
    queryClient.setQueryData(['contacts', 'list'], ['cached']);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));

    await screen.findByRole('heading', { name: 'Login page' });
    off();
    expect(order).toEqual([
      'hideMiniCalendar',
      'destroySession',
      'search cleared',
      'stack cleared',
    ]);
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(localStorage.getItem('7:0.2.37:advanced_search_form')).toBeNull();
    expect(localStorage.getItem('8:0.2.37:contacts_search')).toBe('another user');
    expect(queryClient.getQueryData(['contacts', 'list'])).toBeUndefined();
  });

  it('is loading while the call runs; when the call fails, loading is reset and the error re-thrown', async () => {
    let fail: () => void = () => undefined;
    renderSignOut({
      destroySession: () =>
        new Promise((_, reject) => {
          fail = () => reject(new ApiError(500, { errors: { base: 'Server error' } }));
        }),
    });
    expect(await screen.findByText('Signed in as ann.agent')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Loading')).toBeInTheDocument();

    await act(async () => fail());

    expect(await screen.findByText('failed 500')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Idle')).toBeInTheDocument());
    expect(screen.getByText('Signed in as ann.agent')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
  });
});

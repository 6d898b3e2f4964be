import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@crm/api-client';
import { SsoCallbackPage } from './SsoCallbackPage';
import { makeUser, type Handlers } from '@crm/testing';
import { renderWithSession, unauthorized } from './test/render';

afterEach(() => sessionStorage.clear());

const user = makeUser();

function renderCallback(path: string, handlers: Handlers) {
  return renderWithSession({
    path,
    handlers,
    routes: {
      '/api/auth/callback': <SsoCallbackPage />,
      '/api/auth/callback/reauth': <SsoCallbackPage reauth />,
      '/': <h1>Home</h1>,
    },
  });
}

describe('SsoCallbackPage', () => {
  it('on /api/auth/callback/reauth (a popup of the re-authentication dialog) re-authenticates, tells its opener and closes', async () => {
    const postMessage = vi.fn();
    vi.stubGlobal('opener', { postMessage });
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    try {
      const { client } = renderCallback('/api/auth/callback/reauth?code=abc&state=xyz', {
        reauthenticate: () => ({ reauthenticated_at: '2026-01-01T00:00:00.000Z' }),
      });
      expect(await screen.findByRole('heading', { name: 'Confirmed' })).toBeInTheDocument();
      expect(client.call).toHaveBeenCalledExactlyOnceWith('reauthenticate', { body: { code: 'abc', state: 'xyz' } });
      expect(postMessage).toHaveBeenCalledWith({ type: 'crm:sso-reauth', ok: true }, window.location.origin);
      expect(close).toHaveBeenCalled();
      expect(screen.getByTestId('location')).toHaveTextContent('/api/auth/callback');
    } finally {
      vi.unstubAllGlobals();
      close.mockRestore();
    }
  });

  it('on /api/auth/callback/reauth tells its opener why it failed', async () => {
    const postMessage = vi.fn();
    vi.stubGlobal('opener', { postMessage });
    try {
      renderCallback('/api/auth/callback/reauth?code=abc&state=xyz', {
        reauthenticate: () => {
          throw new ApiError(422, { errors: { base: 'Single sign-on did not confirm it is you. Sign in there as yourself and try again.' } });
        },
      });
      expect(await screen.findByText('Single sign-on did not confirm it is you. Sign in there as yourself and try again.')).toBeInTheDocument();
      expect(postMessage).toHaveBeenCalledWith(
        { type: 'crm:sso-reauth', ok: false, message: 'Single sign-on did not confirm it is you. Sign in there as yourself and try again.' },
        window.location.origin,
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('posts code and state once and lands on /', async () => {
    const { client } = renderCallback('/api/auth/callback?code=abc&state=xyz', {
      createSsoSession: () => ({ otp_required: false, user }),
    });
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(client.call).toHaveBeenCalledTimes(1);
    expect(client.call).toHaveBeenCalledWith('createSsoSession', {
      body: { code: 'abc', state: 'xyz' },
    });
  });

  it('runs the second-factor step when asked, without landing on /', async () => {
    const { client } = renderCallback('/api/auth/callback?code=abc&state=xyz', {
      createSsoSession: () => ({
        otp_required: true,
        last_otp_at: null,
        otp_delivery: 'email',
        email_hint: 'a***@example.com',
      }),
      createSession: () => ({ otp_required: false, user }),
    });
    const code = await screen.findByLabelText(/^Verification code/);
    expect(
      screen.getByText('Enter the 6-digit code sent to a***@example.com.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/api/auth/callback');

    const events = userEvent.setup();
    await events.type(code, '123456');
    await events.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(client.call).toHaveBeenLastCalledWith('createSession', { body: { otp_code: '123456' } });
  });

  it.each([
    ['/api/auth/callback?error=access_denied&error_description=User+cancelled', 'User cancelled'],
    ['/api/auth/callback?code=abc', 'The single sign-on answer is incomplete.'],
  ])('shows the failure of %s', async (path, message) => {
    const { client } = renderCallback(path, {});
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(client.call).not.toHaveBeenCalled();
  });

  it("shows the server's refusal", async () => {
    renderCallback('/api/auth/callback?code=abc&state=bad', {
      createSsoSession: () => {
        throw unauthorized('The identity provider refused the sign-in');
      },
    });
    expect(
      await screen.findByText('The identity provider refused the sign-in'),
    ).toBeInTheDocument();
  });
});

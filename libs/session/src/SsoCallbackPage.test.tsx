import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { SsoCallbackPage } from './SsoCallbackPage';
import { makeUser, type Handlers } from '@crm/testing';
import { renderWithSession, unauthorized } from './test/render';

afterEach(() => sessionStorage.clear());

const user = makeUser();

function renderCallback(path: string, handlers: Handlers) {
  return renderWithSession({
    path,
    handlers,
    routes: { '/api/auth/callback': <SsoCallbackPage />, '/': <h1>Home</h1> },
  });
}

describe('SsoCallbackPage', () => {
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

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@crm/api-client';
import type { SignInResponse } from '@crm/contract';
import { loginStack } from './login-stack';
import { LoginPage } from './LoginPage';
import { rememberReturnPath } from './return-path';
import { makeUser, type Handlers } from '@crm/testing';
import { renderWithSession, unauthorized } from './test/render';
import { useSession } from './useSession';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

function Home() {
  const { user } = useSession();
  return <h1>Home of {user?.profile.first_name}</h1>;
}

const user = makeUser();
const challenge: SignInResponse = {
  otp_required: true,
  last_otp_at: null,
  otp_delivery: 'app',
  email_hint: 'a***@example.com',
};

function renderLogin(handlers: Handlers, props: Parameters<typeof LoginPage>[0] = {}) {
  return renderWithSession({
    path: '/login',
    handlers,
    routes: { '/login': <LoginPage {...props} />, '/': <Home />, '/contacts': <h1>Contacts</h1> },
  });
}

async function fillCredentials(email = 'ann@example.com', password = 'secret-1') {
  const events = userEvent.setup();
  await events.type(screen.getByLabelText(/^Email/), email);
  await events.type(screen.getByLabelText(/^Password/), password);
  await events.click(screen.getByRole('button', { name: 'Sign in' }));
  return events;
}

describe('LoginPage', () => {
  it('signs in without a second factor: clears the login stack and goes to /', async () => {
    loginStack.push('login_as');
    const { client } = renderLogin({ createSession: () => ({ otp_required: false, user }) });

    await fillCredentials();

    expect(await screen.findByRole('heading', { name: 'Home of Ann' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(client.call).toHaveBeenCalledWith('createSession', {
      body: { email: 'ann@example.com', password: 'secret-1' },
    });
    expect(loginStack.get()).toEqual([]);
  });

  it('goes to the remembered path after the login', async () => {
    rememberReturnPath('/contacts?search=smith');
    renderLogin({ createSession: () => ({ otp_required: false, user }) });
    await fillCredentials();
    expect(await screen.findByRole('heading', { name: 'Contacts' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/contacts?search=smith');
  });

  it('with otp_required shows the code step and does not go to /', async () => {
    renderLogin({ createSession: () => challenge });
    await fillCredentials();

    expect(await screen.findByLabelText(/^Verification code/)).toBeInTheDocument();
    expect(
      screen.getByText('Enter the 6-digit code from your authenticator app.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(screen.queryByRole('heading', { name: /Home/ })).not.toBeInTheDocument();
  });

  it('completes the sign-in with the code', async () => {
    const createSession = vi.fn((options?: { body?: unknown }) => {
      const body = options?.body as Record<string, unknown>;
      return 'otp_code' in body ? { otp_required: false, user } : challenge;
    });
    const { client } = renderLogin({ createSession });
    const events = await fillCredentials();

    await events.type(await screen.findByLabelText(/^Verification code/), '123456');
    await events.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Home of Ann' })).toBeInTheDocument();
    expect(client.call).toHaveBeenLastCalledWith('createSession', { body: { otp_code: '123456' } });
  });

  it('checks the code before sending it, and shows a refused code beside the field', async () => {
    const createSession = vi.fn((options?: { body?: unknown }) => {
      const body = options?.body as Record<string, unknown>;
      if ('otp_code' in body)
        throw new ApiError(422, { errors: { otp_code: 'Code is invalid or expired' } });
      return challenge;
    });
    renderLogin({ createSession });
    const events = await fillCredentials();
    const code = await screen.findByLabelText(/^Verification code/);

    await events.type(code, '12');
    await events.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Code must be 6 digits')).toBeInTheDocument();
    expect(createSession).toHaveBeenCalledTimes(1);

    await events.type(code, '3456');
    await events.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Code is invalid or expired')).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveValue('123456');
  });

  it("offers 'Send code by e-mail' in the code step", async () => {
    const { client } = renderLogin({
      createSession: () => challenge,
      sendOtp: () => ({ ok: true }),
    });
    const events = await fillCredentials();

    await events.click(await screen.findByRole('button', { name: 'Send code by e-mail' }));

    expect(client.call).toHaveBeenCalledWith('sendOtp', { body: { via: 'email' } });
    expect(await screen.findByText(/We sent a code to a\*\*\*@example\.com/)).toBeInTheDocument();
    // the step now speaks of the e-mail, no longer of an authenticator app
    expect(screen.getByText('Enter the 6-digit code sent to a***@example.com.')).toBeInTheDocument();
    expect(screen.queryByText(/authenticator app/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send another code by e-mail' })).toBeInTheDocument();
  });

  it('speaks of the e-mail from the start when the user chose codes by e-mail', async () => {
    renderLogin({ createSession: () => ({ ...challenge, otp_delivery: 'email' }) });
    await fillCredentials();
    expect(await screen.findByText('Enter the 6-digit code sent to a***@example.com.')).toBeInTheDocument();
    expect(screen.queryByText(/authenticator app/)).not.toBeInTheDocument();
  });

  it('signs in with a recovery code in place of the code, and shows a refused one beside the field', async () => {
    let tries = 0;
    const createSession = vi.fn((options?: { body?: unknown }) => {
      const body = options?.body as Record<string, unknown>;
      if (!('recovery_code' in body)) return challenge;
      tries += 1;
      if (tries === 1) throw new ApiError(401, { errors: { recovery_code: 'The recovery code is wrong or was already used' } });
      return { otp_required: false, user };
    });
    const { client } = renderLogin({ createSession });
    const events = await fillCredentials();

    await events.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    const field = await screen.findByLabelText(/^Recovery code/);
    expect(field).toHaveFocus();
    expect(screen.getByText(/Enter one of the recovery codes you saved/)).toBeInTheDocument();
    // checked before it is sent
    await events.type(field, 'abc');
    await events.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/A recovery code has 10 letters and digits/)).toBeInTheDocument();
    expect(createSession).toHaveBeenCalledTimes(1);

    await events.clear(field);
    await events.type(field, 'K7M2P-X9QRT');
    await events.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The recovery code is wrong or was already used')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await events.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Home of Ann' })).toBeInTheDocument();
    expect(client.call).toHaveBeenLastCalledWith('createSession', { body: { recovery_code: 'k7m2px9qrt' } });
  });

  it('shows wrong credentials beside the form and keeps what was typed', async () => {
    renderLogin({
      createSession: () => {
        throw unauthorized('Invalid email or password');
      },
    });
    await fillCredentials('ann@example.com', 'wrong-1');

    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('ann@example.com');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('wrong-1');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('shows per-field errors of a 422 beside the fields', async () => {
    renderLogin({
      createSession: () => {
        throw new ApiError(422, { errors: { email: ['Email is invalid'] } });
      },
    });
    await fillCredentials('ann@example.com', 'x');
    const email = screen.getByLabelText(/^Email/);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Email is invalid');
  });

  it('says how long to wait after too many attempts', async () => {
    renderLogin({
      createSession: () => {
        throw Object.assign(new ApiError(429, { errors: { base: 'Rate limited' } }), {
          retryAfter: 42,
        });
      },
    });
    await fillCredentials();
    expect(
      await screen.findByText('Too many attempts. Try again in 42 seconds.'),
    ).toBeInTheDocument();
  });

  it("shows the server's 429 message when the wait is not known", async () => {
    renderLogin({
      createSession: () => {
        throw new ApiError(429, {
          errors: { base: 'Too many attempts. Try again in 30 seconds.' },
        });
      },
    });
    await fillCredentials();
    expect(
      await screen.findByText('Too many attempts. Try again in 30 seconds.'),
    ).toBeInTheDocument();
  });

  it('shows a wrong code (401 on otp_code) beside the code field', async () => {
    renderLogin({
      createSession: (options) => {
        const body = options?.body as Record<string, unknown>;
        if ('otp_code' in body)
          throw unauthorized('The code is wrong or was already used', 'otp_code');
        return challenge;
      },
    });
    const events = await fillCredentials();
    const code = await screen.findByLabelText(/^Verification code/);
    await events.type(code, '000000');
    await events.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(code).toHaveAccessibleDescription('The code is wrong or was already used'),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
  });

  it('validates with the contract before calling the API', async () => {
    const { client } = renderLogin({});
    const events = userEvent.setup();
    await events.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(client.call).not.toHaveBeenCalled();
  });

  it('disables the submit button while the request is pending', async () => {
    let finish: () => void = () => undefined;
    renderLogin({
      createSession: () =>
        new Promise((resolve) => {
          finish = () => resolve({ otp_required: false, user });
        }),
    });
    await fillCredentials();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    finish();
    expect(await screen.findByRole('heading', { name: 'Home of Ann' })).toBeInTheDocument();
  });

  it('shows the SSO button only when enabled, and opens the authorization address', async () => {
    const onSsoRedirect = vi.fn();
    const { client, unmount } = renderLogin(
      {
        ssoStatus: () => ({ enabled: true, unavailable: null }),
        createSsoSession: () => ({ authorization_url: 'https://idp.example/authorize?x=1' }),
      },
      { ssoEnabled: true, onSsoRedirect },
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Sign in with SSO' }));
    await waitFor(() =>
      expect(onSsoRedirect).toHaveBeenCalledWith('https://idp.example/authorize?x=1'),
    );
    expect(client.call).toHaveBeenCalledWith('createSsoSession', {
      body: { redirect_uri: `${window.location.origin}/api/auth/callback` },
    });
    unmount();

    renderLogin({});
    expect(screen.queryByRole('button', { name: 'Sign in with SSO' })).not.toBeInTheDocument();
  });

  it('hides the SSO button when the server has no issuer (production without OIDC_ISSUER), the brand flag on or not', async () => {
    const ssoStatus = vi.fn(() => ({ enabled: false, unavailable: 'Single sign-on is not configured: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET' }));
    renderLogin({ ssoStatus }, { ssoEnabled: true });
    await waitFor(() => expect(ssoStatus).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with SSO' })).not.toBeInTheDocument();
  });
});

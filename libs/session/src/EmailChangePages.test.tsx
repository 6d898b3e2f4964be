import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@crm/api-client';
import type { CurrentUser } from '@crm/contract';
import { axeViolations, callsOf, makeUser, type Handlers } from '@crm/testing';
import { EmailChangeConfirmPage, EmailChangeReportPage } from './EmailChangePages';
import { renderWithSession } from './test/render';

function renderPages(path: string, handlers: Handlers, initialUser: CurrentUser | null = null) {
  return renderWithSession({
    path,
    handlers,
    initialUser,
    routes: {
      '/email-change/confirm': <EmailChangeConfirmPage />,
      '/email-change/not-me': <EmailChangeReportPage />,
    },
  });
}

describe('EmailChangeConfirmPage', () => {
  it('confirms only when the button is pressed, then says which address signs in now', async () => {
    const { client } = renderPages('/email-change/confirm?token=tok123', { confirmEmailChange: () => ({ email: 'new@example.com' }) });
    expect(screen.getByRole('heading', { name: 'Confirm your new e-mail address' })).toBeInTheDocument();
    expect(callsOf(client, 'confirmEmailChange')).toEqual([]);
    // `region` would only name the test harness's location probe beside the page's <main>
    expect(await axeViolations(['region'])).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm my new address' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your e-mail address is now new@example.com. Sign in with it from now on.');
    expect(callsOf(client, 'confirmEmailChange')).toEqual([{ body: { token: 'tok123' } }]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    // the heading and subtitle no longer speak of a confirmation to come
    expect(screen.getByRole('heading', { name: 'Your new e-mail address is confirmed' })).toBeInTheDocument();
    expect(screen.getByText("Your account's e-mail address is now new@example.com.")).toBeInTheDocument();
    expect(screen.queryByText(/until you confirm/)).toBeNull();
  });

  it('offers a signed-in user their profile, never Sign in, and fetches their session again with the new address', async () => {
    const signedIn = makeUser({ email: 'old@example.com' });
    let confirmed = false;
    const { client } = renderPages(
      '/email-change/confirm?token=tok123',
      { confirmEmailChange: () => ({ email: 'new@example.com' }), authProfile: () => (confirmed ? { ...signedIn, email: 'new@example.com' } : signedIn) },
    );
    // the link opened in a new tab: the page asks who is signed in
    expect(await screen.findByRole('link', { name: 'Back to the app' })).toHaveAttribute('href', '/');
    expect(callsOf(client, 'authProfile')).toHaveLength(1);
    confirmed = true;
    expect(screen.queryByRole('link', { name: /sign in/i })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm my new address' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your e-mail address is now new@example.com. Use it to sign in from now on.');
    expect(screen.getByRole('heading', { name: 'Your new e-mail address is confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to my profile' })).toHaveAttribute('href', '/account/profile');
    expect(screen.queryByRole('link', { name: /sign in/i })).toBeNull();
    await waitFor(() => expect(callsOf(client, 'authProfile')).toHaveLength(2));
  });

  it('shows why an expired or used link is refused', async () => {
    const message = 'This confirmation link has expired (it works for 24 hours). Change your e-mail address again from your profile to get a new link.';
    renderPages('/email-change/confirm?token=old', {
      confirmEmailChange: () => {
        throw new ApiError(422, { errors: { token: message } });
      },
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirm my new address' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('a link without its token says so and cannot be sent', () => {
    renderPages('/email-change/confirm', {});
    expect(screen.getByText('This link is incomplete. Open the whole link from the e-mail.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm my new address' })).toBeDisabled();
  });
});

describe('EmailChangeReportPage', () => {
  it('says what it will do, and afterwards sends the user to sign in or reset the password', async () => {
    const { client } = renderPages('/email-change/not-me?token=cancel9', { reportEmailChange: () => ({ email: 'old@example.com', frozen: false }) });
    expect(screen.getByText(/sign out every session, revoke your API keys and API token, and ask for a new password/)).toBeInTheDocument();
    const events = userEvent.setup();
    await events.tab();
    expect(screen.getByRole('button', { name: 'Cancel the change and secure my account' })).toHaveFocus();
    await events.keyboard('{Enter}');
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('your address is old@example.com');
    expect(status).toHaveTextContent('You must choose a new password');
    expect(callsOf(client, 'reportEmailChange')).toEqual([{ body: { token: 'cancel9' } }]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Reset my password' })).toHaveAttribute('href', '/reset-password');
  });

  it('after a confirmed change the account is on hold, and the earlier address comes back only with the password (or a code), errors beside the field', async () => {
    const restore = (call: { body: { password?: string } }) => {
      if (call.body.password !== 'right one') throw new ApiError(422, { errors: { password: 'Password is wrong' } });
      return { email: 'old@example.com' };
    };
    const { client } = renderPages('/email-change/not-me?token=cancel9', {
      reportEmailChange: () => ({ email: 'attacker@evil.example.com', frozen: true }),
      restoreEmailChange: restore as never,
    });
    const events = userEvent.setup();
    await events.click(screen.getByRole('button', { name: 'Cancel the change and secure my account' }));
    expect(await screen.findByText(/your account is now on hold/)).toHaveTextContent('The change to attacker@evil.example.com had already been confirmed');
    expect(screen.queryByRole('link', { name: 'Reset my password' })).toBeNull();
    const password = screen.getByLabelText(/^Password/);
    await events.click(screen.getByRole('button', { name: 'Put my earlier address back' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    await events.type(password, 'wrong');
    await events.click(screen.getByRole('button', { name: 'Put my earlier address back' }));
    expect(await screen.findByText('Password is wrong')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    await events.clear(password);
    await events.type(password, 'right one{Enter}');
    expect(await screen.findByText(/Your e-mail address is old@example.com again/)).toBeInTheDocument();
    expect(callsOf(client, 'restoreEmailChange').at(-1)).toEqual({ body: { token: 'cancel9', password: 'right one' } });
    expect(await axeViolations(['region'])).toEqual([]);
  });

  it('a user with a second factor may give a code in place of the password', async () => {
    const { client } = renderPages('/email-change/not-me?token=cancel9', {
      reportEmailChange: () => ({ email: 'attacker@evil.example.com', frozen: true }),
      restoreEmailChange: () => ({ email: 'old@example.com' }),
    });
    const events = userEvent.setup();
    await events.click(screen.getByRole('button', { name: 'Cancel the change and secure my account' }));
    await events.click(await screen.findByRole('button', { name: 'Use a code from my authenticator app instead' }));
    await events.type(screen.getByLabelText(/^Verification code/), '123456{Enter}');
    expect(await screen.findByText(/Your e-mail address is old@example.com again/)).toBeInTheDocument();
    expect(callsOf(client, 'restoreEmailChange')).toEqual([{ body: { token: 'cancel9', otp_code: '123456' } }]);
  });
});

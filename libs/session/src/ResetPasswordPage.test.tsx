import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@crm/api-client';
import type { Handlers } from '@crm/testing';
import { ResetPasswordPage } from './ResetPasswordPage';
import { renderWithSession } from './test/render';

function renderReset(path: string, handlers: Handlers) {
  return renderWithSession({
    path,
    handlers,
    routes: { '/reset-password': <ResetPasswordPage /> },
  });
}

describe('ResetPasswordPage', () => {
  it('requests the instructions by e-mail', async () => {
    const { client } = renderReset('/reset-password', {
      resetPasswordInstructions: () => ({ ok: true }),
    });
    const events = userEvent.setup();
    await events.type(screen.getByLabelText(/^Email/), 'ann@example.com');
    await events.click(screen.getByRole('button', { name: 'Send instructions' }));
    expect(await screen.findByText(/If an account exists for ann@example.com/)).toBeInTheDocument();
    expect(client.call).toHaveBeenCalledWith('resetPasswordInstructions', {
      body: { email: 'ann@example.com' },
    });
  });

  it('sets a new password with the token, showing server messages beside the fields', async () => {
    let attempt = 0;
    const { client } = renderReset('/reset-password?reset_password_token=tok123', {
      resetPasswordByToken: () => {
        attempt += 1;
        if (attempt === 1)
          throw new ApiError(422, { errors: { password: 'Password is too common' } });
        return { ok: true };
      },
    });
    const events = userEvent.setup();
    const password = screen.getByLabelText(/^New password/);
    await events.type(password, 'password1');
    await events.type(screen.getByLabelText(/^Confirm new password/), 'password1');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('Password is too common'));

    await events.clear(password);
    await events.type(password, 'better-pass-9');
    const confirmation = screen.getByLabelText(/^Confirm new password/);
    await events.clear(confirmation);
    await events.type(confirmation, 'better-pass-9');
    await events.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    expect(client.call).toHaveBeenLastCalledWith('resetPasswordByToken', {
      body: {
        reset_password_token: 'tok123',
        password: 'better-pass-9',
        password_confirmation: 'better-pass-9',
      },
    });
  });
});

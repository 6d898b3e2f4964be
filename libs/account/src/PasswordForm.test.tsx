import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@crm/api-client';
import { callsOf, makeUser } from '@crm/testing';
import { PasswordForm } from './PasswordForm';
import { renderAccount } from './test/render';

const user = makeUser({ id: 42, 'change_password?': true });

async function fill(current: string, next: string, confirmation = next) {
  const events = userEvent.setup();
  await events.type(screen.getByLabelText(/^Current password/), current);
  await events.type(screen.getByLabelText(/^New password/), next);
  await events.type(screen.getByLabelText(/^Confirm new password/), confirmation);
  await events.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('PasswordForm', () => {
  it("shows the server's field error beside the field and keeps what was typed", async () => {
    renderAccount({
      user,
      element: <PasswordForm user={user} />,
      handlers: {
        updatePassword: () => {
          throw new ApiError(422, {
            errors: { current_password: ['Current password is incorrect'] },
          });
        },
      },
    });
    await fill('old-pass-1', 'new-pass-1');

    const current = screen.getByLabelText(/^Current password/);
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    expect(current).toHaveAccessibleDescription('Current password is incorrect');
    expect(current).toHaveValue('old-pass-1');
    expect(screen.getByLabelText(/^New password/)).toHaveValue('new-pass-1');
    expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled();
  });

  it("uses the contract's messages before calling the API", async () => {
    const { client } = renderAccount({ user, element: <PasswordForm user={user} /> });
    await fill('old-pass-1', 'short', 'other');
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(callsOf(client, 'updatePassword')).toHaveLength(0);
  });

  it("changes the password and refetches the session so 'change_password?' clears", async () => {
    const changed = makeUser({ id: 42, 'change_password?': false });
    const updatePassword = vi.fn(() => changed);
    const { client } = renderAccount({
      user,
      element: <PasswordForm user={user} />,
      handlers: { updatePassword, authProfile: () => changed },
    });
    await fill('old-pass-1', 'new-pass-1');

    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(callsOf(client, 'updatePassword')).toEqual([
      {
        params: { id: 42 },
        body: {
          current_password: 'old-pass-1',
          password: 'new-pass-1',
          password_confirmation: 'new-pass-1',
        },
      },
    ]);
    await waitFor(() => expect(callsOf(client, 'authProfile').length).toBeGreaterThan(0));
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('');
  });
});

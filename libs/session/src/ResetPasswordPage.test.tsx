import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@crm/api-client';
import { testBrand, type Handlers } from '@crm/testing';
import { ResetPasswordPage } from './ResetPasswordPage';
import { renderWithSession } from './test/render';

function renderReset(path: string, handlers: Handlers) {
  return renderWithSession({
    path,
    handlers,
    brand: testBrand,
    routes: { '/reset-password': <ResetPasswordPage /> },
  });
}

const PERSONAL = "Don't use your name, e-mail, brand or company in your password.";

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

  it("shows the password rule's feedback under the field while typing, and refuses a weak password before sending", async () => {
    const { client } = renderReset('/reset-password?reset_password_token=tok123', {
      resetPasswordByToken: () => ({ ok: true }),
    });
    const events = userEvent.setup();
    const password = screen.getByLabelText(/^New password/);
    await events.type(password, 'password1');
    const feedback = 'Password must be at least 12 characters. This is a commonly used password. Add more words that are less common.';
    expect(await screen.findByText(feedback)).toBeInTheDocument();
    expect(screen.getByText('Strength: Very weak')).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription(expect.stringContaining(feedback));

    await events.type(screen.getByLabelText(/^Confirm new password/), 'password1');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    // the feedback is now the field's error, shown once
    expect(screen.getAllByText(feedback)).toHaveLength(1);
    expect(client.call).not.toHaveBeenCalledWith('resetPasswordByToken', expect.anything());
  });

  it("refuses the brand's name (Test Agent) in the meter, signed out as the user is, and says why", async () => {
    renderReset('/reset-password?reset_password_token=tok123', { resetPasswordByToken: () => ({ ok: true }) });
    const events = userEvent.setup();
    await events.type(screen.getByLabelText(/^New password/), 'test-agent lantern tide');
    expect(await screen.findByText(PERSONAL)).toBeInTheDocument();
    expect(screen.getByText('Strength: Weak')).toBeInTheDocument();
  });

  it("shows the server's refusal (it knows the account's words) beside the field, then sets a strong passphrase", async () => {
    let attempt = 0;
    const { client } = renderReset('/reset-password?reset_password_token=tok123', {
      resetPasswordByToken: () => {
        attempt += 1;
        if (attempt === 1) throw new ApiError(422, { errors: { password: PERSONAL } });
        return { ok: true };
      },
    });
    const events = userEvent.setup();
    const password = screen.getByLabelText(/^New password/);
    const confirmation = screen.getByLabelText(/^Confirm new password/);
    await events.type(password, 'ann.lee@example.com');
    await events.type(confirmation, 'ann.lee@example.com');
    await events.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription(expect.stringContaining(PERSONAL)));
    expect(password).toHaveAttribute('aria-invalid', 'true');

    await events.clear(password);
    await events.type(password, 'copper meadow signal lamp');
    expect(await screen.findByText('Strength: Very strong')).toBeInTheDocument();
    await events.clear(confirmation);
    await events.type(confirmation, 'copper meadow signal lamp');
    await events.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    expect(client.call).toHaveBeenLastCalledWith('resetPasswordByToken', {
      body: {
        reset_password_token: 'tok123',
        password: 'copper meadow signal lamp',
        password_confirmation: 'copper meadow signal lamp',
      },
    });
  });
});

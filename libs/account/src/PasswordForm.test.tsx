import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@crm/api-client';
import { callsOf, makeUser } from '@crm/testing';
import { PasswordForm } from './PasswordForm';
import { renderAccount } from './test/render';

const user = makeUser({ id: 42, 'change_password?': true });
const STRONG = 'quiet otter maps river';

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
    await fill('old-pass-1', STRONG);

    const current = screen.getByLabelText(/^Current password/);
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    expect(current).toHaveAccessibleDescription('Current password is incorrect');
    expect(current).toHaveValue('old-pass-1');
    expect(screen.getByLabelText(/^New password/)).toHaveValue(STRONG);
    expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled();
  });

  it("shows the password rule's feedback under the field while typing, with a strength hint", async () => {
    renderAccount({ user, element: <PasswordForm user={user} /> });
    const events = userEvent.setup();
    const password = screen.getByLabelText(/^New password/);
    expect(password).toHaveAccessibleDescription(expect.stringContaining('At least 12 characters.'));
    await events.type(password, 'aaaaaaa1');
    const repeated =
      'Password must be at least 12 characters. Repeated characters like "aaa" are easy to guess. Add more words that are less common. Avoid repeated words and characters.';
    expect(await screen.findByText(repeated)).toBeInTheDocument();
    expect(screen.getByText('Strength: Weak')).toBeInTheDocument();

    // The user's own e-mail is guessable for this account (the browser knows its words too).
    await events.clear(password);
    await events.type(password, 'ann@example.com');
    expect(await screen.findByText("Don't use your name, e-mail, brand or company in your password.")).toBeInTheDocument();

    await events.clear(password);
    await events.type(password, STRONG);
    expect(await screen.findByText('Strength: Very strong')).toBeInTheDocument();
    expect(screen.queryByText(/Add more words/)).not.toBeInTheDocument();
  });

  it.each(['AnnAgent2026!', 'ann.agent.harbor', 'HarborAgency-lamp-2026'])(
    "rates %s (Ann Agent's name, e-mail, company) Weak and says why, as the server does",
    async (typed) => {
      renderAccount({ user, element: <PasswordForm user={user} /> });
      await userEvent.setup().type(screen.getByLabelText(/^New password/), typed);
      expect(await screen.findByText("Don't use your name, e-mail, brand or company in your password.")).toBeInTheDocument();
      expect(screen.getByText(/^Strength: (Very weak|Weak)$/)).toBeInTheDocument();
    },
  );

  it('refuses what the rule refuses before calling the API, with the same message, and checks the confirmation', async () => {
    const { client } = renderAccount({ user, element: <PasswordForm user={user} /> });
    await fill('old-pass-1', '12345678a', 'other');
    const message = 'Password must be at least 12 characters. This is a commonly used password. Add more words that are less common.';
    await waitFor(() => expect(screen.getByLabelText(/^New password/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.getAllByText(message)).toHaveLength(1);
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
    await fill('old-pass-1', STRONG);

    expect(await screen.findByText('Your password has been changed. Your API keys and API token were revoked.')).toBeInTheDocument();
    expect(callsOf(client, 'updatePassword')).toEqual([
      {
        params: { id: 42 },
        body: {
          current_password: 'old-pass-1',
          password: STRONG,
          password_confirmation: STRONG,
          keep_api_keys: false,
        },
      },
    ]);
    await waitFor(() => expect(callsOf(client, 'authProfile').length).toBeGreaterThan(0));
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('');
  });

  it('asks whether to keep the API keys and token: unticked by default (the change revokes them), and says which happened', async () => {
    const changed = makeUser({ id: 42, 'change_password?': false });
    const { client } = renderAccount({
      user,
      element: <PasswordForm user={user} />,
      handlers: { updatePassword: () => changed, authProfile: () => changed },
    });
    const keep = screen.getByRole('checkbox', { name: 'Keep my API keys and API token working' });
    expect(keep).not.toBeChecked();
    expect(keep).toHaveAccessibleDescription(
      'Left unticked, changing the password revokes every API key and your API token, so that programs using them stop working until you make new ones. Tick it only if you are sure no one else has them.',
    );
    await fill('old-pass-1', STRONG);
    expect(await screen.findByText('Your password has been changed. Your API keys and API token were revoked.')).toBeInTheDocument();
    expect(callsOf(client, 'updatePassword').at(-1)?.body).toMatchObject({ keep_api_keys: false });

    // ticked with the keyboard (the form was reset: unticked again)
    const events = userEvent.setup();
    expect(keep).not.toBeChecked();
    keep.focus();
    await events.keyboard(' ');
    expect(keep).toBeChecked();
    await fill('old-pass-1', STRONG);
    expect(await screen.findByText('Your password has been changed. Your API keys and API token still work.')).toBeInTheDocument();
    expect(callsOf(client, 'updatePassword').at(-1)?.body).toMatchObject({ keep_api_keys: true });
  });
});

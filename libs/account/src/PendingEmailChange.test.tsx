import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PendingEmailChange as Pending } from '@crm/contract';
import { callsOf, makeUser } from '@crm/testing';
import { ProfileForm } from './ProfileForm';
import { renderAccount } from './test/render';

const user = makeUser({ email: 'ann@example.com', timezone: 'est' });

function renderProfile(initial: Pending | null) {
  let pending = initial;
  return renderAccount({
    user,
    element: <ProfileForm user={user} />,
    handlers: {
      showEmailChange: () => ({ data: pending }),
      updateProfile: (options) => {
        const body = options?.body as { email: string };
        pending = { new_email: body.email, expires_at: '2026-03-02T15:00:00.000Z', expired: false };
        // the address stays as it was until the link is opened
        return user;
      },
      resendEmailChange: () => ({ data: pending as Pending }),
      cancelEmailChange: () => {
        pending = null;
        return undefined;
      },
    },
  });
}

describe('a pending e-mail change on the profile', () => {
  it('after a new address is saved: says a link was sent and shows the change as pending', async () => {
    renderProfile(null);
    const events = userEvent.setup();
    const email = screen.getByLabelText(/^Email/);
    await events.clear(email);
    await events.type(email, 'ann@newmail.example.com');
    await events.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(
      await screen.findByText(
        'Your profile has been saved. We sent a link to ann@newmail.example.com: your e-mail address changes when you open it. Until then you keep signing in with ann@example.com.',
      ),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Pending confirmation to ann@newmail.example.com' })).toBeInTheDocument();
    expect(screen.getByText(/it works until 03\/02\/2026 10:00 AM/)).toBeInTheDocument();
  });

  it('sends the link again, or cancels the change', async () => {
    const { client } = renderProfile({ new_email: 'ann@newmail.example.com', expires_at: '2026-03-02T15:00:00.000Z', expired: true });
    expect(await screen.findByText(/has expired. Send a new one, or cancel the change/)).toBeInTheDocument();
    const events = userEvent.setup();
    await events.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('We sent a new link to ann@newmail.example.com.')).toBeInTheDocument();
    expect(callsOf(client, 'resendEmailChange')).toHaveLength(1);
    await events.click(screen.getByRole('button', { name: 'Cancel the change' }));
    expect(await screen.findByText('The change was cancelled. Your address stays ann@example.com.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: /Pending confirmation/ })).toBeNull());
    expect(callsOf(client, 'cancelEmailChange')).toHaveLength(1);
  });
});

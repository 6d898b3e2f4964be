import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@crm/api-client';
import { callsOf, makeUser } from '@crm/testing';
import { ProfilePage } from './ProfilePage';
import { renderAccount } from './test/render';

const user = makeUser({ id: 42 });

describe('ProfilePage', () => {
  it.each([
    ['/account/profile', 'Profile', 'Save profile'],
    ['/account/profile?tab=profile', 'Profile', 'Save profile'],
    ['/account/profile?tab=theme', 'Theme', 'Save theme'],
    ['/account/profile?tab=password', 'Password', 'Change password'],
    ['/account/profile?tab=two_factor', 'Two-factor', 'Set up two-factor authentication'],
    ['/account/profile?tab=security', 'Security', 'Create key'],
    // the API keys moved into the security tab; old links land there
    ['/account/profile?tab=api_keys', 'Security', 'Sign out all other sessions'],
    ['/account/profile?tab=nonsense', 'Profile', 'Save profile'],
  ])('%s opens the %s tab', async (path, tabName, buttonName) => {
    renderAccount({
      path,
      user,
      element: <ProfilePage />,
      handlers: {
        listApiKeys: () => ({ data: [] }),
        listOwnSessions: () => ({ data: [] }),
        listSecurityEvents: () => ({ data: [], meta: { current_page: 1, limit: 25, total_count: 0, total_pages: 0 } }),
        showEmailChange: () => ({ data: null }),
      },
    });
    expect(screen.getByRole('tab', { name: tabName })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('button', { name: buttonName })).toBeInTheDocument();
  });

  it('puts the chosen tab into ?tab=', async () => {
    renderAccount({ user, element: <ProfilePage /> });
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Password' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/account/profile?tab=password'),
    );
    expect(screen.getByRole('tab', { name: 'Password' })).toHaveAttribute('aria-selected', 'true');
  });

  it('saves the profile and shows 422 messages beside the fields', async () => {
    const { client } = renderAccount({
      user,
      element: <ProfilePage />,
      handlers: {
        updateProfile: () => {
          throw new ApiError(422, { errors: { email: 'Email is already taken' } });
        },
      },
    });
    const events = userEvent.setup();
    const email = screen.getByLabelText(/^Email/);
    await events.clear(email);
    await events.type(email, 'taken@example.com');
    await events.click(screen.getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(email).toHaveAccessibleDescription('Email is already taken'));
    expect(email).toHaveValue('taken@example.com');
    expect(callsOf(client, 'updateProfile')[0]?.body).toEqual({
      first_name: 'Ann',
      last_name: 'Agent',
      email: 'taken@example.com',
      about_me: '',
    });
  });

  it('shows the time zone and saves it with PATCH update_timezone', async () => {
    const pacific = makeUser({ id: 42, timezone: 'pst' });
    const { client } = renderAccount({
      user: pacific,
      element: <ProfilePage />,
      handlers: { updateTimezone: () => pacific },
    });
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveTextContent('Pacific (PST)');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save time zone' }));
    expect(
      await screen.findByText('Times are now shown in Pacific (PST) time.'),
    ).toBeInTheDocument();
    expect(callsOf(client, 'updateTimezone')).toEqual([{ body: { timezone: 'pst' } }]);
  });

  it("validates the profile with the contract's messages", async () => {
    renderAccount({ user, element: <ProfilePage /> });
    const events = userEvent.setup();
    await events.clear(screen.getByLabelText(/^First name/));
    await events.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
  });
});

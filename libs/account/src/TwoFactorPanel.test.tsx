import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@crm/api-client';
import { callsOf, makeUser } from '@crm/testing';
import { TwoFactorPanel } from './TwoFactorPanel';
import { renderAccount } from './test/render';

const qr = {
  qr_code: 'data:image/png;base64,iVBORw0KGgo=',
  otp_secret: 'JBSWY3DPEHPK3PXP',
  provisioning_uri: 'otpauth://totp/Harbor:ann@example.com?secret=JBSWY3DPEHPK3PXP',
};

describe('TwoFactorPanel', () => {
  it('enrols: QR image with alt text and the manual secret, then a code turns it on', async () => {
    const user = makeUser({ 'two_fa_is_required?': true });
    const enabled = makeUser({ 'two_fa_is_required?': true, 'has_2fa_enabled?': true });
    const { client } = renderAccount({
      user,
      element: <TwoFactorPanel user={user} />,
      handlers: { generateQr: () => qr, enable2fa: () => enabled, authProfile: () => enabled },
    });
    expect(screen.getByText(/requires two-factor authentication/)).toBeInTheDocument();
    const events = userEvent.setup();
    await events.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));

    const image = await screen.findByRole('img', {
      name: 'QR code to scan with your authenticator app',
    });
    expect(image).toHaveAttribute('src', qr.qr_code);
    expect(screen.getByText(qr.otp_secret)).toBeInTheDocument();

    await events.type(screen.getByLabelText(/^Code from your authenticator app/), '654321');
    await events.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));

    expect(await screen.findByText('Two-factor authentication is now on.')).toBeInTheDocument();
    expect(callsOf(client, 'enable2fa')).toEqual([{ body: { otp_code: '654321' } }]);
    await waitFor(() => expect(callsOf(client, 'authProfile').length).toBeGreaterThan(0));
  });

  it('shows a refused code beside the field', async () => {
    const user = makeUser();
    renderAccount({
      user,
      element: <TwoFactorPanel user={user} />,
      handlers: {
        generateQr: () => qr,
        enable2fa: () => {
          throw new ApiError(422, { errors: { otp_code: 'Code is invalid or expired' } });
        },
      },
    });
    const events = userEvent.setup();
    await events.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    const code = await screen.findByLabelText(/^Code from your authenticator app/);
    await events.type(code, '111111');
    await events.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('Code is invalid or expired'));
  });

  it('turns it off with a code, and saves the delivery choice', async () => {
    const user = makeUser({ 'has_2fa_enabled?': true, otp_delivery: 'app' });
    const { client } = renderAccount({
      user,
      element: <TwoFactorPanel user={user} />,
      handlers: {
        disable2fa: () => makeUser(),
        update2fa: () => makeUser({ 'has_2fa_enabled?': true, otp_delivery: 'email' }),
      },
    });
    const events = userEvent.setup();
    await events.click(screen.getByRole('radio', { name: 'By e-mail' }));
    await events.click(screen.getByRole('button', { name: 'Save delivery choice' }));
    expect(await screen.findByText('Your choice has been saved.')).toBeInTheDocument();
    expect(callsOf(client, 'update2fa')).toEqual([{ body: { otp_delivery: 'email' } }]);

    await events.type(screen.getByLabelText(/^Current code to turn it off/), '222222');
    await events.click(screen.getByRole('button', { name: 'Turn off two-factor authentication' }));
    expect(await screen.findByText('Two-factor authentication is now off.')).toBeInTheDocument();
    expect(callsOf(client, 'disable2fa')).toEqual([{ body: { otp_code: '222222' } }]);
  });

  it('offers no way to turn it off while the account requires it', () => {
    const user = makeUser({ 'has_2fa_enabled?': true, 'two_fa_is_required?': true });
    renderAccount({ user, element: <TwoFactorPanel user={user} /> });
    expect(screen.getByText(/so it cannot be turned off/)).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Turn off two-factor authentication' }),
    ).not.toBeInTheDocument();
  });
});

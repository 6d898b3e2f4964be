import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@crm/api-client';
import { callsOf, makeUser } from '@crm/testing';
import { recoveryCodesText, TwoFactorPanel } from './TwoFactorPanel';
import { renderAccount } from './test/render';

const qr = {
  qr_code: 'data:image/png;base64,iVBORw0KGgo=',
  otp_secret: 'JBSWY3DPEHPK3PXP',
  provisioning_uri: 'otpauth://totp/Harbor:ann@example.com?secret=JBSWY3DPEHPK3PXP',
};

const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

describe('TwoFactorPanel', () => {
  it('enrols: QR image with alt text and the manual secret, then a code turns it on', async () => {
    const user = makeUser({ 'two_fa_is_required?': true });
    const enabled = makeUser({ 'two_fa_is_required?': true, 'has_2fa_enabled?': true });
    const { client } = renderAccount({
      user,
      element: <TwoFactorPanel user={user} />,
      handlers: {
        generateQr: () => qr,
        enable2fa: () => ({ ...enabled, recovery_codes: codes }),
        authProfile: () => enabled,
        recoveryCodesStatus: () => ({ remaining: 10 }),
      },
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

    // the ten recovery codes, shown this once, focus on their heading; copy and download
    const heading = screen.getByRole('heading', { name: 'Your recovery codes' });
    expect(heading).toHaveFocus();
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(codes);
    await events.click(screen.getByRole('button', { name: 'Copy codes' }));
    expect(await navigator.clipboard.readText()).toBe(recoveryCodesText(codes, user.email));
    expect(await screen.findByText('The codes were copied.')).toBeInTheDocument();
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:codes');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    await events.click(screen.getByRole('button', { name: 'Download codes' }));
    expect(created).toHaveBeenCalledTimes(1);
    const blob = created.mock.calls[0]![0] as Blob;
    const read = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(read).toBe(recoveryCodesText(codes, user.email));
    expect(revoked).toHaveBeenCalledWith('blob:codes');
    expect(await screen.findByText('The codes were downloaded as recovery-codes.txt.')).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
  });

  it('counts the recovery codes left and makes new ones for a current code', async () => {
    const user = makeUser({ 'has_2fa_enabled?': true });
    const fresh = codes.map((code) => code.split('').reverse().join(''));
    const { client } = renderAccount({
      user,
      element: <TwoFactorPanel user={user} />,
      handlers: { recoveryCodesStatus: () => ({ remaining: 7 }), regenerateRecoveryCodes: () => ({ recovery_codes: fresh }) },
    });
    expect(await screen.findByText('7 of 10 recovery codes left.')).toBeInTheDocument();
    const events = userEvent.setup();
    await events.type(screen.getByLabelText(/^Current code to make new recovery codes/), '333333');
    await events.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(fresh);
    expect(callsOf(client, 'regenerateRecoveryCodes')).toEqual([{ body: { otp_code: '333333' } }]);
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

import axe from 'axe-core';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, useApiClient } from '@crm/api-client';
import type { CurrentUser } from '@crm/contract';
import { createTestQueryClient, makeUser, TestProviders } from '@crm/testing';
import { apiErrorMessage } from './api-errors';
import { createReauthBridge } from './reauth-bridge';
import { SessionProvider } from './SessionProvider';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const REAUTH = { errors: { user: 'Confirm it is you to continue', reauth: 'required' } };

type Answer = (body: unknown) => Response;

/** A browser fetch stand-in by "METHOD /path": each answer in turn (the last one repeats); records the bodies. */
function server(user: CurrentUser, routes: Record<string, Answer[]>) {
  const sent: { route: string; body: unknown }[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const route = `${request.method} ${new URL(request.url).pathname}`;
    const body: unknown = request.method === 'GET' ? undefined : await request.json().catch(() => undefined);
    sent.push({ route, body });
    if (route === 'GET /auth/profile') return json(user);
    const answers = routes[route];
    if (!answers) return json({ errors: { base: `no route ${route}` } }, 404);
    const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
    return answer(body);
  });
  return { fetch, sent, of: (route: string) => sent.filter((s) => s.route === route).map((s) => s.body) };
}

/** A screen that changes the e-mail: what the user typed must survive the re-authentication. */
function EmailScreen() {
  const client = useApiClient();
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<string | null>(null);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        client
          .call('updateProfile', { body: { first_name: 'Ann', last_name: 'Agent', email } })
          .then((user) => setResult(`Saved ${user.email}`), (error: unknown) => setResult(apiErrorMessage(error)));
      }}
    >
      <label>
        New e-mail
        <input value={email} onChange={(event) => setEmail(event.target.value)} />
      </label>
      <button type="submit">Save</button>
      <p role="status">{result}</p>
    </form>
  );
}

function renderApp(user: CurrentUser, routes: Record<string, Answer[]>) {
  const stub = server(user, routes);
  const bridge = createReauthBridge();
  const client = createApiClient({ fetch: stub.fetch, validateResponses: false, onReauthRequired: bridge.onReauthRequired });
  render(
    <TestProviders client={client} queryClient={createTestQueryClient()}>
      <MemoryRouter initialEntries={['/account']}>
        <SessionProvider initialUser={user} reauth={bridge}>
          <EmailScreen />
        </SessionProvider>
      </MemoryRouter>
    </TestProviders>,
  );
  return stub;
}

describe('ReauthDialog', () => {
  const user = makeUser({ id: 7, email: 'ann@example.com' });

  it('asks for the password when a change needs it, shows a wrong one beside the field, then sends the change again with what was typed', async () => {
    const changed = { ...user, email: 'ann.new@example.com' };
    const stub = renderApp(user, {
      'PATCH /v1/users/update_profile': [() => json(REAUTH, 403), () => json(changed)],
      'POST /v1/sessions/reauthenticate': [
        () => json({ errors: { password: 'Password is wrong' } }, 422),
        () => json({ reauthenticated_at: new Date().toISOString() }),
      ],
    });
    const keyboard = userEvent.setup();
    await keyboard.type(screen.getByLabelText('New e-mail'), 'ann.new@example.com');
    await keyboard.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(dialog).toHaveAccessibleDescription(/Enter your password to continue\. You will not be asked again for 15 minutes\./);
    const password = await screen.findByLabelText(/^Password/);
    await waitFor(() => expect(password).toHaveFocus());
    const audit = await axe.run(dialog, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, rules: { 'color-contrast': { enabled: false } } });
    expect(audit.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await keyboard.type(password, 'wrong-one{Enter}');
    expect(await screen.findByText('Password is wrong')).toBeInTheDocument();
    expect(password).toHaveAccessibleDescription('Password is wrong');

    await keyboard.clear(password);
    await keyboard.type(password, 'DemoPass2026{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Saved ann.new@example.com');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(stub.of('POST /v1/sessions/reauthenticate')).toEqual([{ password: 'wrong-one' }, { password: 'DemoPass2026' }]);
    const sentProfiles = stub.of('PATCH /v1/users/update_profile');
    expect(sentProfiles).toHaveLength(2);
    expect(sentProfiles[1]).toEqual(sentProfiles[0]);
    expect(sentProfiles[1]).toMatchObject({ email: 'ann.new@example.com' });
    expect(screen.getByLabelText('New e-mail')).toHaveValue('ann.new@example.com');
  });

  it('puts Cancel beside Confirm at the end of one row (never alone on a row of its own), and Cancel closes it like Escape', async () => {
    const stub = renderApp(user, { 'PATCH /v1/users/update_profile': [() => json(REAUTH, 403)] });
    const keyboard = userEvent.setup();
    await keyboard.type(screen.getByLabelText('New e-mail'), 'x@example.com{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    const actions = within(dialog).getByRole('group', { name: 'Confirm or cancel' });
    // one group that does not wrap: Cancel, then Confirm
    expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancel', 'Confirm']);
    expect(actions.className).not.toMatch(/flex-wrap/);
    await keyboard.click(within(actions).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Confirm it is you to continue');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(stub.of('POST /v1/sessions/reauthenticate')).toHaveLength(0);
  });

  it('Escape closes it: the change is not sent again and the screen shows why', async () => {
    const stub = renderApp(user, { 'PATCH /v1/users/update_profile': [() => json(REAUTH, 403)] });
    const keyboard = userEvent.setup();
    await keyboard.type(screen.getByLabelText('New e-mail'), 'x@example.com{Enter}');
    await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await keyboard.keyboard('{Escape}');
    expect(await screen.findByRole('status')).toHaveTextContent('Confirm it is you to continue');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(stub.of('PATCH /v1/users/update_profile')).toHaveLength(1);
    expect(stub.of('POST /v1/sessions/reauthenticate')).toHaveLength(0);
    expect(screen.getByLabelText('New e-mail')).toHaveValue('x@example.com');
  });

  it('lets a user with a second factor give a code in place of the password, and can e-mail one', async () => {
    const secure = makeUser({ id: 8, email: 'dana@example.com', 'has_2fa_enabled?': true, otp_delivery: 'email' });
    const stub = renderApp(secure, {
      'PATCH /v1/users/update_profile': [() => json(REAUTH, 403), () => json(secure)],
      'POST /v1/two_factor/send_otp': [() => json({ ok: true })],
      'POST /v1/sessions/reauthenticate': [() => json({ reauthenticated_at: new Date().toISOString() })],
    });
    const keyboard = userEvent.setup();
    await keyboard.type(screen.getByLabelText('New e-mail'), 'dana.new@example.com{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(await screen.findByLabelText(/^Password/)).toBeInTheDocument();
    await keyboard.click(screen.getByRole('button', { name: 'Use a verification code instead' }));
    expect(dialog).toHaveAccessibleDescription(/Enter a code from your second factor/);
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    await keyboard.click(screen.getByRole('button', { name: 'Send code by e-mail' }));
    expect(await screen.findByText('We sent a code to dana@example.com. It is valid for 10 minutes.')).toBeInTheDocument();
    await keyboard.type(screen.getByLabelText(/^Verification code/), '123456{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Saved dana@example.com');
    expect(stub.of('POST /v1/sessions/reauthenticate')).toEqual([{ otp_code: '123456' }]);
  });
});

describe('ReauthDialog with single sign-on', () => {
  it('opens the issuer in a popup and, told by the callback popup, sends the change again', async () => {
    const sso = makeUser({ id: 9, email: 'sam@example.com', features: { ...makeUser().features, sso: true } });
    const popup = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    try {
      const stub = renderApp(sso, {
        'PATCH /v1/users/update_profile': [() => json(REAUTH, 403), () => json({ ...sso, email: 'sam.new@example.com' })],
        'POST /v1/sessions/reauthenticate': [() => json({ authorization_url: 'https://idp.example/authorize?prompt=login' })],
      });
      const keyboard = userEvent.setup();
      await keyboard.type(screen.getByLabelText('New e-mail'), 'sam.new@example.com{Enter}');
      await screen.findByRole('dialog', { name: 'Confirm it is you' });
      await keyboard.click(screen.getByRole('button', { name: 'Confirm with single sign-on' }));
      await waitFor(() => expect(popup.location.href).toBe('https://idp.example/authorize?prompt=login'));
      expect(stub.of('POST /v1/sessions/reauthenticate')).toEqual([{ redirect_uri: `${window.location.origin}/api/auth/callback/reauth` }]);

      // another site's message is ignored; the callback popup's is heard
      window.dispatchEvent(new MessageEvent('message', { origin: 'https://evil.example', data: { type: 'crm:sso-reauth', ok: true } }));
      expect(screen.getByRole('dialog', { name: 'Confirm it is you' })).toBeInTheDocument();
      window.dispatchEvent(new MessageEvent('message', { origin: window.location.origin, data: { type: 'crm:sso-reauth', ok: true } }));
      expect(await screen.findByText('Saved sam.new@example.com')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(stub.of('PATCH /v1/users/update_profile')).toHaveLength(2);
    } finally {
      open.mockRestore();
    }
  });
});

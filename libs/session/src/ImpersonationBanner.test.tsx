import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ImpersonationBanner } from './ImpersonationBanner';
import { loginStack } from './login-stack';
import { makeUser } from '@crm/testing';
import { renderWithSession } from './test/render';
import { useSession } from './useSession';

afterEach(() => localStorage.clear());

function Page() {
  const { user } = useSession();
  return (
    <>
      <ImpersonationBanner />
      <h1>Home of {user?.username}</h1>
    </>
  );
}

const admin = makeUser({ id: 1, username: 'sam.admin', profile: { account_type: 'admin' } });
const impersonated = makeUser({
  id: 7,
  impersonated_by: { id: 1, name: 'Sam Admin', login_type: 'impersonate' },
});

describe('ImpersonationBanner', () => {
  it('renders nothing outside an impersonation', () => {
    renderWithSession({
      initialUser: admin,
      handlers: { authProfile: () => admin },
      routes: { '/': <Page /> },
    });
    expect(screen.queryByRole('region', { name: 'Impersonation' })).not.toBeInTheDocument();
  });

  it('shows who impersonates whom and returns to the original account', async () => {
    loginStack.push('impersonate');
    const { client } = renderWithSession({
      path: '/contacts',
      initialUser: impersonated,
      handlers: { authProfile: () => impersonated, endImpersonation: () => ({ user: admin }) },
      routes: { '/contacts': <Page />, '/': <Page /> },
    });
    const banner = screen.getByRole('region', { name: 'Impersonation' });
    expect(banner).toHaveTextContent('Sam Admin is signed in as Ann Agent (impersonating).');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Return to my account' }));

    expect(await screen.findByRole('heading', { name: 'Home of sam.admin' })).toBeInTheDocument();
    expect(client.call).toHaveBeenCalledWith('endImpersonation', { params: { id: 7 } });
    expect(loginStack.get()).toEqual([]);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.queryByRole('region', { name: 'Impersonation' })).not.toBeInTheDocument();
  });
});

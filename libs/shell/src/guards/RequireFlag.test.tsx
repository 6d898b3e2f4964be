import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockApiClient } from '@crm/testing';
import type { CurrentUser } from '@crm/contract';
import { testUser } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { RequireFlag } from './RequireFlag';

function renderGuarded(user: CurrentUser, guard: ReactElement) {
  const { client } = mockApiClient(async () => user);
  return renderApp({
    client,
    path: '/guarded',
    routes: [
      {
        element: guard,
        children: [{ path: '/guarded', element: <h1>Guarded screen</h1> }],
      },
    ],
  });
}

describe('RequireFlag', () => {
  it("renders the route while the user's flag is on", async () => {
    renderGuarded(testUser(), <RequireFlag flag="sms" />);
    expect(await screen.findByRole('heading', { name: 'Guarded screen' })).toBeInTheDocument();
  });

  it("shows 'Access denied!' when the user's resolved flag is off, whatever the matrix says", async () => {
    // testBrand gives managers reports; the server turned it off for this user.
    const user = testUser();
    user.features = { ...user.features, reports: false };
    renderGuarded(user, <RequireFlag flag="reports" />);
    expect(await screen.findByRole('heading', { name: 'Access denied!' })).toBeInTheDocument();
    expect(screen.queryByText('Guarded screen')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/');
  });

  it('gates by role: admins and sub_admins in, managers out', async () => {
    const admins = ['admin', 'sub_admin'] as const;
    const first = renderGuarded(
      testUser({ profile: { account_type: 'sub_admin' } }),
      <RequireFlag roles={admins} />,
    );
    expect(await screen.findByRole('heading', { name: 'Guarded screen' })).toBeInTheDocument();
    first.unmount();

    renderGuarded(testUser(), <RequireFlag roles={admins} />);
    expect(await screen.findByRole('heading', { name: 'Access denied!' })).toBeInTheDocument();
  });

  it('with exactRoles, keeps a sub_admin out of an admin-only route (a System Admin screen)', async () => {
    const first = renderGuarded(testUser({ profile: { account_type: 'admin' } }), <RequireFlag roles={['admin']} exactRoles />);
    expect(await screen.findByRole('heading', { name: 'Guarded screen' })).toBeInTheDocument();
    first.unmount();

    renderGuarded(testUser({ profile: { account_type: 'sub_admin' } }), <RequireFlag roles={['admin']} exactRoles />);
    expect(await screen.findByRole('heading', { name: 'Access denied!' })).toBeInTheDocument();
  });

  it('needs both the role and the flag when given both', async () => {
    const admin = testUser({ profile: { account_type: 'admin' } });
    admin.features = { ...admin.features, workflow: false };
    renderGuarded(admin, <RequireFlag roles={['admin']} flag="workflow" />);
    expect(await screen.findByRole('heading', { name: 'Access denied!' })).toBeInTheDocument();
  });
});

import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@crm/api-client';
import type { AdminUser, Role } from '@crm/contract';
import { callsOf, featuresFor, makeUser } from '@crm/testing';
import { BRANDS } from '@crm/variant';
import { AdminUsersPage } from './AdminUsersPage';
import { renderAdmin } from './test/render';

function adminUser(id: number, overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id,
    email: `user${id}@example.com`,
    first_name: 'User',
    last_name: String(id),
    account_type: 'agent',
    roles: ['agent'],
    title: null,
    upline: null,
    active: true,
    created_at: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const riley = adminUser(5, {
  email: 'rm@keystone-demo.example',
  first_name: 'Riley',
  last_name: 'Stone',
  account_type: 'regional_manager',
  roles: ['regional_manager'],
  title: 'agency_sales_manager',
});

function page(data: AdminUser[], current = 1, total = data.length, limit = 25) {
  return {
    data,
    meta: {
      current_page: current,
      limit,
      total_count: total,
      total_pages: Math.ceil(total / limit),
    },
  };
}

function roleOptions(): string[] {
  const group = screen.getByRole('group', { name: 'Role' });
  return within(group)
    .getAllByRole('radio')
    .map((radio) => radio.closest('label')?.textContent ?? '');
}

describe('AdminUsersPage', { timeout: 20_000 }, () => {
  it("lists the company's users with the brand's role and title labels", async () => {
    renderAdmin({
      path: '/admin/users',
      brand: BRANDS.keystone,
      element: <AdminUsersPage />,
      handlers: { listAdminUsers: () => page([riley, adminUser(6)]) },
    });
    const row = (await screen.findByRole('rowheader', { name: 'Riley Stone' })).closest('tr')!;
    expect(within(row).getByText('Regional Manager')).toBeInTheDocument();
    expect(within(row).getByText('Agency Sales Manager')).toBeInTheDocument();
    expect(within(row).getByText('rm@keystone-demo.example')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1 (2 users)')).toBeInTheDocument();
  });

  it('searches and pages through ?q= and ?page=', async () => {
    const many = Array.from({ length: 25 }, (_, i) => adminUser(i + 10));
    const { client } = renderAdmin({
      path: '/admin/users',
      element: <AdminUsersPage />,
      handlers: {
        listAdminUsers: (options) => {
          const query = (options as { query: { page: number } }).query;
          return page(many, query.page, 60);
        },
      },
    });
    const events = userEvent.setup();
    await screen.findByText('Page 1 of 3 (60 users)');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await events.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Page 2 of 3 (60 users)');
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/users?page=2');

    await events.type(screen.getByRole('searchbox', { name: 'Search by name or email' }), 'ann');
    await events.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/users?q=ann'),
    );
    await waitFor(() =>
      expect(callsOf(client, 'listAdminUsers').at(-1)?.query).toEqual({
        q: 'ann',
        page: 1,
        limit: 25,
      }),
    );
    expect(callsOf(client, 'listAdminUsers')[1]?.query).toEqual({ page: 2, limit: 25 });
  });

  it('offers only the assignable roles, with the brand labels (no sub_admin in Keystone)', async () => {
    renderAdmin({
      path: '/admin/users',
      brand: BRANDS.keystone,
      element: <AdminUsersPage />,
      handlers: {
        listAdminUsers: () => page([riley]),
        adminUserRoles: () => ({
          data: {
            roles: ['regional_manager'] as Role[],
            assignable: ['bu_admin', 'regional_manager', 'manager', 'agent'] as Role[],
          },
        }),
      },
    });
    const events = userEvent.setup();
    await events.click(await screen.findByRole('button', { name: 'Change role for Riley Stone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role for Riley Stone' });
    await within(dialog).findByRole('group', { name: 'Role' });
    expect(roleOptions()).toEqual(['Business Unit Admin', 'Regional Manager', 'Manager', 'Agent']);
    expect(within(dialog).queryByRole('radio', { name: 'Admin' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Regional Manager' })).toBeChecked();
  });

  it('offers Admin where the server says sub_admin is assignable (Harbor)', async () => {
    renderAdmin({
      path: '/admin/users',
      brand: BRANDS.harbor,
      element: <AdminUsersPage />,
      handlers: {
        listAdminUsers: () => page([adminUser(8)]),
        adminUserRoles: () => ({
          data: {
            roles: ['agent'] as Role[],
            assignable: ['sub_admin', 'manager', 'agent'] as Role[],
          },
        }),
      },
    });
    const events = userEvent.setup();
    await events.click(await screen.findByRole('button', { name: 'Change role for User 8' }));
    await screen.findByRole('group', { name: 'Role' });
    expect(roleOptions()).toEqual(['Admin', 'Manager', 'Agent']);
  });

  it('saves the role with update_roles, refreshes the list and says so', async () => {
    let users = [adminUser(8)];
    const { client } = renderAdmin({
      path: '/admin/users',
      brand: BRANDS.harbor,
      element: <AdminUsersPage />,
      handlers: {
        listAdminUsers: () => page(users),
        adminUserRoles: () => ({
          data: { roles: ['agent'] as Role[], assignable: ['manager', 'agent'] as Role[] },
        }),
        updateAdminUserRoles: () => {
          users = [adminUser(8, { account_type: 'manager', roles: ['manager'] })];
          return { data: users[0] };
        },
      },
    });
    const events = userEvent.setup();
    await events.click(await screen.findByRole('button', { name: 'Change role for User 8' }));
    await events.click(await screen.findByRole('radio', { name: 'Manager' }));
    await events.click(screen.getByRole('button', { name: 'Save role' }));
    expect(await screen.findByText('User 8 is now Manager.')).toBeInTheDocument();
    expect(callsOf(client, 'updateAdminUserRoles')).toEqual([
      { params: { id: 8 }, body: { roles: ['manager'] } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = screen.getByRole('rowheader', { name: 'User 8' }).closest('tr')!;
    await waitFor(() => expect(within(row).getByText('Manager')).toBeInTheDocument());
  });

  it("shows the server's refusal beside the field", async () => {
    renderAdmin({
      path: '/admin/users',
      brand: BRANDS.harbor,
      element: <AdminUsersPage />,
      handlers: {
        listAdminUsers: () => page([adminUser(8)]),
        adminUserRoles: () => ({
          data: { roles: ['agent'] as Role[], assignable: ['manager', 'agent'] as Role[] },
        }),
        updateAdminUserRoles: () => {
          throw new ApiError(422, { errors: { roles: 'Role "manager" cannot be given here' } });
        },
      },
    });
    const events = userEvent.setup();
    await events.click(await screen.findByRole('button', { name: 'Change role for User 8' }));
    await events.click(await screen.findByRole('radio', { name: 'Manager' }));
    await events.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Role' })).toHaveAccessibleDescription(
        'Role "manager" cannot be given here',
      ),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  describe('log in as and impersonate', () => {
    const me = makeUser({ id: 1, admin: true, roles: ['admin'], profile: { account_type: 'admin' } });
    const buAdmin = adminUser(9, { first_name: 'Bea', last_name: 'Unit', account_type: 'bu_admin', roles: ['bu_admin'] });
    const self = adminUser(1, { first_name: 'Me', last_name: 'Myself', account_type: 'admin', roles: ['admin'] });

    it('an administrator confirms, then becomes the user (POST login with the login type) and lands on their home page', async () => {
      const target = makeUser({ id: 8, profile: { first_name: 'User', last_name: '8' } });
      const { client } = renderAdmin({
        path: '/admin/users',
        user: me,
        element: <AdminUsersPage />,
        routes: { '/': <h1>Home of User 8</h1> },
        handlers: {
          listAdminUsers: () => page([self, adminUser(8)]),
          adminLoginAs: () => ({ user: { ...target, impersonated_by: { id: 1, name: 'Ann Agent', login_type: 'impersonate' } } }),
        },
      });
      const events = userEvent.setup();
      await events.click(await screen.findByRole('button', { name: 'Impersonate User 8' }));
      const dialog = await screen.findByRole('dialog', { name: 'Impersonate User 8?' });
      expect(dialog).toHaveAccessibleDescription(
        "You will act on User 8's behalf while staying yourself: the banner says you are impersonating them, and you cannot impersonate anyone else from their account. Regional managers and business-unit admins may impersonate only their downline. “Return to my account” in the banner at the top of the page brings you back. Their password, e-mail, two-factor and keys cannot be changed meanwhile, and the switch is recorded in the audit log.",
      );
      // Nothing happens before the confirmation; Cancel leaves everything as it was.
      expect(callsOf(client, 'adminLoginAs')).toHaveLength(0);
      await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(callsOf(client, 'adminLoginAs')).toHaveLength(0);

      await events.click(screen.getByRole('button', { name: 'Log in as User 8' }));
      // "Log in as" says how it differs from "Impersonate": the user's own session, the admin's kept aside
      const loginAs = await screen.findByRole('dialog', { name: 'Log in as User 8?' });
      expect(loginAs).toHaveAccessibleDescription(
        'You will be signed in as User 8, with their role and everything they reach, as if they had signed in themselves (for example, to see a problem as they see it). Your administrator session is kept aside, so if they manage a team you may still impersonate someone on it from their account. “Return to my account” in the banner at the top of the page brings you back. Their password, e-mail, two-factor and keys cannot be changed meanwhile, and the switch is recorded in the audit log.',
      );
      await events.click(await screen.findByRole('button', { name: 'Log in as this user' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Home of User 8' })).toBeVisible();
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
      expect(callsOf(client, 'adminLoginAs')).toEqual([
        expect.objectContaining({ params: { id: 8 }, body: { login_type: 'login_as' } }),
      ]);
    });

    it('offers neither to switch to oneself; an administrator also changes roles', async () => {
      renderAdmin({ path: '/admin/users', user: me, element: <AdminUsersPage />, handlers: { listAdminUsers: () => page([self, adminUser(8)]) } });
      await screen.findByRole('rowheader', { name: 'Me Myself' });
      expect(screen.queryByRole('button', { name: 'Impersonate Me Myself' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Log in as Me Myself' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Change role for User 8' })).toBeVisible();
    });

    it('a regional manager may only impersonate (no log in as, no role change), and a business-unit admin only with the flag', async () => {
      const rm = makeUser({
        id: 2,
        roles: ['regional_manager'],
        profile: { account_type: 'regional_manager' },
        features: featuresFor(BRANDS.harbor, 'regional_manager'),
      });
      renderAdmin({
        path: '/admin/users',
        brand: BRANDS.harbor,
        user: rm,
        element: <AdminUsersPage />,
        handlers: { listAdminUsers: () => page([adminUser(8), buAdmin]) },
      });
      expect(await screen.findByRole('button', { name: 'Impersonate User 8' })).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Log in as User 8' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Change role for User 8' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Impersonate Bea Unit' })).not.toBeInTheDocument();
    });

    it('shows the refusal in the dialog and stays', async () => {
      renderAdmin({
        path: '/admin/users',
        user: me,
        element: <AdminUsersPage />,
        handlers: {
          listAdminUsers: () => page([adminUser(8)]),
          adminLoginAs: () => {
            throw new ApiError(403, { errors: { user: 'Access denied!' } });
          },
        },
      });
      const events = userEvent.setup();
      await events.click(await screen.findByRole('button', { name: 'Impersonate User 8' }));
      await events.click(await screen.findByRole('button', { name: 'Impersonate this user' }));
      const dialog = screen.getByRole('dialog', { name: 'Impersonate User 8?' });
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Access denied!');
      expect(screen.getByTestId('location')).toHaveTextContent('/admin/users');
    });
  });
});

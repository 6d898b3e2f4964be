import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@crm/api-client';
import { IMPERSONATOR_ROLES, type AdminUser } from '@crm/contract';
import { apiErrorMessage, FormError, useLoginAs, useRoleFlags, useSession } from '@crm/session';
import { Button, ConfirmDialog, EmptyState, Notice, Spinner, Table, type TableColumn } from '@crm/ui';
import { useBrand, useFlag } from '@crm/variant';
import { adminUsersQueryOptions } from './admin-queries';
import { ChangeRoleDialog } from './ChangeRoleDialog';
import { fullName, roleLabel } from './labels';
import { ListSearch } from './ListSearch';
import { useListParams } from './list-params';

/** Users per page. */
export const ADMIN_USERS_PAGE_SIZE = 25;

type Switching = { user: AdminUser; loginType: 'login_as' | 'impersonate' };

/**
 * What each switch does, as its dialog says it. "Log in as" (administrators, anyone in the company)
 * signs in as the user with the administrator's session kept aside (the admin token): the user's
 * own role and reach, their impersonation of their downline included. "Impersonate" (every
 * impersonator role, within its reach) acts on the user's behalf from the impersonator's session
 * (the impersonator token): the banner says so, and no second impersonation starts from it.
 */
export function switchDescription(loginType: Switching['loginType'], name: string): string {
  const common = `“Return to my account” in the banner at the top of the page brings you back. Their password, e-mail, two-factor and keys cannot be changed meanwhile, and the switch is recorded in the audit log.`;
  return loginType === 'login_as'
    ? `You will be signed in as ${name}, with their role and everything they reach, as if they had signed in themselves (for example, to see a problem as they see it). Your administrator session is kept aside, so if they manage a team you may still impersonate someone on it from their account. ${common}`
    : `You will act on ${name}'s behalf while staying yourself: the banner says you are impersonating them, and you cannot impersonate anyone else from their account. Regional managers and business-unit admins may impersonate only their downline. ${common}`;
}

/**
 * /admin/users: the users the caller reaches (administrators: the company; regional managers and
 * business-unit admins: their downline) with search (`?q=`) and paging (`?page=`). Per user, after
 * confirming: "Log in as" (administrators) and "Impersonate" (every impersonator role of spec
 * part 1 §6; a business-unit admin only with the impersonate_bu_admin flag); the impersonation
 * banner then leads back. Administrators also get a "Change role" dialog.
 */
export function AdminUsersPage() {
  const client = useApiClient();
  const brand = useBrand();
  const { page, values, go: navigate } = useListParams(['q']);
  const q = values.q;
  const [changing, setChanging] = useState<AdminUser | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [switching, setSwitching] = useState<Switching | null>(null);
  const [switchPending, setSwitchPending] = useState(false);
  const [switchError, setSwitchError] = useState<string | null>(null);
  const { user: me } = useSession();
  const flags = useRoleFlags();
  const canImpersonateBuAdmin = useFlag('impersonate_bu_admin');
  const loginAs = useLoginAs();
  const canImpersonate = IMPERSONATOR_ROLES.some((role) => flags[role]);
  const mayImpersonate = (user: AdminUser) =>
    canImpersonate && user.id !== me?.id && (canImpersonateBuAdmin || !user.roles.includes('bu_admin'));

  const query = useQuery(
    adminUsersQueryOptions(client, {
      q: q || undefined,
      page,
      limit: ADMIN_USERS_PAGE_SIZE,
    }),
  );

  const startSwitch = (user: AdminUser, loginType: Switching['loginType']) => {
    setNotice(null);
    setSwitchError(null);
    setSwitching({ user, loginType });
  };

  const handleSwitch = async () => {
    if (!switching) return;
    setSwitchPending(true);
    setSwitchError(null);
    try {
      // On success the session becomes the other user's and the app goes to their home page.
      await loginAs(switching.user.id, switching.loginType);
    } catch (failure) {
      setSwitchError(apiErrorMessage(failure));
      setSwitchPending(false);
    }
  };

  const titleLabel = (value: string | null) =>
    (value && brand.agentTitles.find((t) => t.value === value)?.label) ?? value ?? '—';

  const columns: TableColumn<AdminUser>[] = [
    { id: 'name', header: 'Name', rowHeader: true, cell: (user) => fullName(user) },
    { id: 'email', header: 'Email', cell: (user) => user.email },
    { id: 'role', header: 'Role', cell: (user) => roleLabel(brand, user.account_type) },
    { id: 'title', header: 'Title', cell: (user) => titleLabel(user.title) },
    { id: 'status', header: 'Status', cell: (user) => (user.active ? 'Active' : 'Inactive') },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      align: 'end',
      cell: (user) => (
        <div className="flex flex-wrap justify-end gap-2">
          {flags.admin && mayImpersonate(user) && (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              aria-label={`Log in as ${fullName(user)}`}
              onClick={() => startSwitch(user, 'login_as')}
            >
              Log in as
            </Button>
          )}
          {mayImpersonate(user) && (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              aria-label={`Impersonate ${fullName(user)}`}
              onClick={() => startSwitch(user, 'impersonate')}
            >
              Impersonate
            </Button>
          )}
          {flags.admin && (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              aria-label={`Change role for ${fullName(user)}`}
              onClick={() => {
                setNotice(null);
                setChanging(user);
              }}
            >
              Change role
            </Button>
          )}
        </div>
      ),
    },
  ];

  const meta = query.data?.meta;
  const totalPages = Math.max(meta?.total_pages ?? 1, 1);

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Users</h1>
      <ListSearch name="Users" label="Search by name or email" value={q} onSearch={(next) => navigate({ q: next })} />
      <Notice message={notice} />
      {query.isPending ? (
        <Spinner label="Loading users" />
      ) : query.isError ? (
        <FormError message={apiErrorMessage(query.error)} />
      ) : (
        <>
          <Table
            caption="Users of your company"
            captionHidden
            columns={columns}
            rows={query.data.data}
            getRowKey={(user) => user.id}
            empty={
              <EmptyState
                title={q ? 'No users match your search' : 'No users yet'}
                description={q ? 'Try another name or email.' : undefined}
              />
            }
          />
          <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted">
              Page {meta?.current_page ?? page} of {totalPages} ({meta?.total_count ?? 0}{' '}
              {meta?.total_count === 1 ? 'user' : 'users'})
            </p>
            <div className="flex gap-2">
              <Button
                type="button"
                variant="secondary"
                size="sm"
                disabled={page <= 1}
                onClick={() => navigate({ page: page - 1 })}
              >
                Previous page
              </Button>
              <Button
                type="button"
                variant="secondary"
                size="sm"
                disabled={page >= totalPages}
                onClick={() => navigate({ page: page + 1 })}
              >
                Next page
              </Button>
            </div>
          </nav>
        </>
      )}
      <ConfirmDialog
        open={switching !== null}
        onOpenChange={(open) => {
          if (!open && !switchPending) setSwitching(null);
        }}
        title={
          switching
            ? `${switching.loginType === 'login_as' ? 'Log in as' : 'Impersonate'} ${fullName(switching.user)}?`
            : ''
        }
        description={switching ? switchDescription(switching.loginType, fullName(switching.user)) : undefined}
        confirmLabel={switching?.loginType === 'login_as' ? 'Log in as this user' : 'Impersonate this user'}
        variant="primary"
        onConfirm={handleSwitch}
        pending={switchPending}
        error={switchError}
      />
      <ChangeRoleDialog
        user={changing}
        onClose={() => setChanging(null)}
        onChanged={(user) =>
          setNotice(`${fullName(user)} is now ${roleLabel(brand, user.account_type)}.`)
        }
      />
    </div>
  );
}

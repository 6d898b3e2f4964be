import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useApiClient } from '@crm/api-client';
import type { AdminUser } from '@crm/contract';
import { apiErrorMessage, FormError } from '@crm/session';
import { Button, EmptyState, Input, Notice, Spinner, Table, type TableColumn } from '@crm/ui';
import { useBrand } from '@crm/variant';
import { adminUsersQueryOptions } from './admin-queries';
import { ChangeRoleDialog } from './ChangeRoleDialog';
import { fullName, roleLabel } from './labels';

/** Users per page. */
export const ADMIN_USERS_PAGE_SIZE = 25;

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/**
 * /admin/users (administrators): the company's users with search (`?q=`) and paging (`?page=`),
 * and a "Change role" dialog per user.
 */
export function AdminUsersPage() {
  const client = useApiClient();
  const brand = useBrand();
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const page = pageFrom(searchParams.get('page'));
  const [search, setSearch] = useState(q);
  const [changing, setChanging] = useState<AdminUser | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const query = useQuery(
    adminUsersQueryOptions(client, {
      q: q || undefined,
      page,
      limit: ADMIN_USERS_PAGE_SIZE,
    }),
  );

  const navigate = (next: { q?: string; page?: number }) => {
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      const nextQ = next.q ?? q;
      if (nextQ) params.set('q', nextQ);
      else params.delete('q');
      const nextPage = next.page ?? page;
      if (nextPage > 1) params.set('page', String(nextPage));
      else params.delete('page');
      return params;
    });
  };

  const handleSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate({ q: search.trim(), page: 1 });
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
      ),
    },
  ];

  const meta = query.data?.meta;
  const totalPages = Math.max(meta?.total_pages ?? 1, 1);

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">Users</h1>
      <form
        role="search"
        aria-label="Users"
        onSubmit={handleSearch}
        className="flex flex-wrap items-end gap-2"
      >
        <div className="flex min-w-64 flex-col">
          <label htmlFor="admin-users-search" className="text-sm font-medium text-text">
            Search by name or email
          </label>
          <Input
            id="admin-users-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="mt-1"
          />
        </div>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
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

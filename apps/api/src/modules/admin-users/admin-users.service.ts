import { IMPERSONATOR_ROLES, type AdminUser, type PagingMeta, type Role } from '@crm/contract';
import { BRANDS } from '@crm/brand-config';
import { forbidden, notFound, unprocessable } from '../../lib/http-errors';
import type { AuditRepository } from '../audit/audit.repository';
import type { Identity, RequestMeta } from '../sessions/identity';
import { fullName, isAdmin } from '../users/current-user';
import type { AdminUserQuery, AdminUserRow, AdminUsersRepository } from './admin-users.repository';

export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    account_type: row.accountType as Role,
    roles: row.roles.length ? row.roles : [row.accountType as Role],
    title: row.title,
    upline: row.upline ? { id: row.upline.id, name: fullName(row.upline) } : null,
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The roles an administrator may give in their brand: the brand's general role list (Keystone never
 * offers sub_admin; Evergreen offers basic). Only a System Admin (admin) may give admin.
 */
export function assignableRoles(admin: Identity): Role[] {
  const offered = BRANDS[admin.brand].roleLists.general;
  return admin.roles.includes('admin') ? [...offered] : offered.filter((r) => r !== 'admin');
}

/** The admin area's users (a minimal first part: list, search, roles), always within the admin's company. */
export function createAdminUsersService({ users, audit }: { users: AdminUsersRepository; audit: AuditRepository }) {
  async function target(admin: Identity, id: number): Promise<AdminUserRow> {
    const row = await users.findInCompany(admin.user.companyId, id);
    if (!row) throw notFound('User');
    return row;
  }

  return {
    /**
     * Administrators list the whole company; the other impersonators (regional managers,
     * business-unit admins: spec part 1 §6) list their downline only, whom they may impersonate.
     */
    async list(caller: Identity, query: AdminUserQuery): Promise<{ data: AdminUser[]; meta: PagingMeta }> {
      if (!isAdmin(caller.roles) && !caller.roles.some((r) => IMPERSONATOR_ROLES.includes(r))) throw forbidden();
      const reach = isAdmin(caller.roles) ? {} : { downlineOf: caller.user.id };
      const { rows, total } = await users.list(caller.user.companyId, { ...query, ...reach });
      return {
        data: rows.map(toAdminUser),
        meta: { current_page: query.page, limit: query.limit, total_count: total, total_pages: Math.ceil(total / query.limit) },
      };
    },

    async roles(admin: Identity, id: number) {
      const row = await target(admin, id);
      return { data: { roles: toAdminUser(row).roles, assignable: assignableRoles(admin) } };
    },

    async updateRoles(admin: Identity, id: number, requested: Role[], meta: RequestMeta): Promise<{ data: AdminUser }> {
      const row = await target(admin, id);
      if (row.id === admin.user.id) throw unprocessable({ roles: 'You cannot change your own roles' });
      const brand = BRANDS[admin.brand];
      const wanted = [...new Set(requested)];
      const foreign = wanted.find((r) => !brand.roleLists.general.includes(r));
      if (foreign) throw unprocessable({ roles: `${brand.name} does not offer the role "${foreign}"` });
      const fullAdmin = admin.roles.includes('admin');
      const adminLabel = brand.roleLabels.admin ?? 'admin';
      if (!fullAdmin && wanted.includes('admin')) {
        throw unprocessable({ roles: `Only a ${adminLabel} can give the role "${adminLabel}"` });
      }
      const before = toAdminUser(row).roles;
      if (!fullAdmin && before.includes('admin')) {
        throw unprocessable({ roles: `Only a ${adminLabel} can change the roles of a ${adminLabel}` });
      }
      await users.setRoles(row.id, wanted);
      await audit.record({
        event: 'roles_changed',
        userId: row.id,
        actorUserId: admin.user.id,
        ip: meta.ip,
        userAgent: meta.userAgent,
        details: { from: before, to: wanted },
      });
      return { data: toAdminUser(await target(admin, id)) };
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;

import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { idParams, pagingMeta, timestamp } from './common.contract';
import { role } from './roles';

export const adminUser = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  account_type: role,
  roles: z.array(role),
  title: z.string().nullable(),
  upline: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  active: z.boolean(),
  created_at: timestamp,
});
export type AdminUser = z.infer<typeof adminUser>;

export const ADMIN_USER_ORDER_FIELDS = ['last_name', 'first_name', 'email', 'created_at', 'account_type'] as const;

export const listAdminUsers = defineEndpoint({
  scope: 'users:read',
  method: 'GET',
  path: '/v1/admin/users',
  summary:
    "The company's users (administrators), or the caller's downline (regional managers, business-unit admins: whom they may impersonate), searchable by name or e-mail",
  tag: 'admin_users',
  access: 'user',
  query: z.object({
    q: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(25),
    order_field: z.enum(ADMIN_USER_ORDER_FIELDS).default('last_name'),
    order: z.enum(['asc', 'desc']).default('asc'),
  }),
  response: z.object({ data: z.array(adminUser), meta: pagingMeta }),
});

export const adminUserRoles = defineEndpoint({
  scope: 'admin:read',
  method: 'GET',
  path: '/v1/admin/users/{id}/roles',
  summary: "A user's roles and the roles the caller may give them in this brand",
  tag: 'admin_users',
  access: 'admin',
  params: idParams,
  response: z.object({ data: z.object({ roles: z.array(role), assignable: z.array(role) }) }),
});

export const updateAdminUserRoles = defineEndpoint({
  scope: 'admin:write',
  method: 'PATCH',
  path: '/v1/admin/users/{id}/update_roles',
  summary: "Set a user's role (the first one becomes the account type); only roles this brand offers the caller",
  tag: 'admin_users',
  access: 'admin',
  params: idParams,
  body: z.object({ roles: z.array(role).min(1, 'Choose a role').max(3, 'At most 3 roles') }),
  response: z.object({ data: adminUser }),
});

import { ROLES, type Role } from '@crm/contract';

export type RoleFlags = Record<Role, boolean>;

/**
 * Role flags of spec part 1 §4: account_type sub_admin sets both sub_admin and admin; any other
 * account_type sets the flag of its own name. Without a user every flag is false.
 */
export function roleFlags(accountType: Role | null | undefined): RoleFlags {
  const flags = Object.fromEntries(ROLES.map((role) => [role, false])) as RoleFlags;
  if (!accountType) return flags;
  flags[accountType] = true;
  if (accountType === 'sub_admin') flags.admin = true;
  return flags;
}

import type { ContactGroup, Role } from '@crm/contract';
import { isAdmin } from '../users/current-user';

/**
 * Roles that reach their whole downline: every user below them in the upline tree, at any depth.
 * A business-unit admin reaches their downline until business units exist as records of their own.
 */
export const MANAGER_ROLES: readonly Role[] = ['manager', 'regional_manager', 'district_manager', 'field_manager', 'bu_admin'];

/**
 * Whose records a user reaches, as the repositories turn it into SQL (never a filter applied
 * after loading):
 * - `company`: every record of the company (admin, sub_admin);
 * - `downline`: records owned by the user or by anyone below them (manager-type roles);
 * - `own`: records owned by the user (agents, telemarketers, basic users; and anyone asking for
 *   the `mine` group).
 * A record outside the reach is as good as missing: the API answers 404.
 */
export type Reach = { kind: 'company' | 'downline' | 'own'; companyId: number; userId: number };

export type ReachSubject = { user: { id: number; companyId: number; accountType: string }; roles: readonly Role[] };

/** The roles that count for a user: their role rows, or their account type when they have none. */
function effectiveRoles(subject: ReachSubject): readonly Role[] {
  return subject.roles.length ? subject.roles : [subject.user.accountType as Role];
}

/** The kind of reach a user's roles give, before any contact group narrows it. */
export function fullReachKind(subject: ReachSubject): Reach['kind'] {
  const roles = effectiveRoles(subject);
  if (isAdmin(roles)) return 'company';
  if (roles.some((r) => MANAGER_ROLES.includes(r))) return 'downline';
  return 'own';
}

/**
 * The one answer to "which contacts does this user reach". Contact groups (spec part 2 §3): `mine`
 * narrows to the user's own contacts; `all_agents` is everything the user reaches; `all` is the
 * administrators' group and, for anyone else, the same as `all_agents`. Record endpoints (show,
 * update, bulk by ids) use the full reach, `all_agents`.
 */
export function contactReach(subject: ReachSubject, group: ContactGroup = 'all_agents'): Reach {
  const base = { companyId: subject.user.companyId, userId: subject.user.id };
  if (group === 'mine') return { kind: 'own', ...base };
  return { kind: fullReachKind(subject), ...base };
}

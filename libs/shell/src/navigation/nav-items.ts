import type { Role } from '@crm/contract';
import { roleAllowed, type FlagName } from '@crm/variant';

/** One entry of the main navigation, as the app lists them. */
export type NavItem = {
  to: string;
  label: string;
  /** Only these roles see the item (sub_admin counts as admin, unless `exactRoles`); everybody when absent. */
  roles?: readonly Role[];
  /** `roles` as listed: sub_admin does not count as admin (a System Admin's screen, such as Vendor events). */
  exactRoles?: boolean;
  /** Only shown while this feature flag is on. */
  flag?: FlagName;
  /** Active only on the exact path (set for "/"; NavLink's `end`). */
  end?: boolean;
  /** Listed under this group's button (NAV_GROUP_LABELS) rather than in the row itself. */
  group?: NavGroup;
};

/** The groups of the main navigation: the user's own account screens, and the admin screens. */
export type NavGroup = 'account' | 'admin';
export const NAV_GROUP_LABELS: Record<NavGroup, string> = { account: 'Account', admin: 'Admin' };

/** What the navigation row shows: a link, or a group's button with its links (at the place of its first item). */
export type NavRowEntry = { kind: 'link'; item: NavItem } | { kind: 'group'; group: NavGroup; label: string; items: NavItem[] };

/**
 * The row of the navigation for the visible items: a group of two items or more becomes one
 * button in the place of its first item; a group of one is that item's link (a regional manager's
 * admin area is Users alone).
 */
export function navRow(items: readonly NavItem[]): NavRowEntry[] {
  const members = new Map<NavGroup, NavItem[]>();
  for (const item of items) if (item.group) members.set(item.group, [...(members.get(item.group) ?? []), item]);
  const row: NavRowEntry[] = [];
  for (const item of items) {
    const grouped = item.group ? members.get(item.group)! : null;
    if (!grouped || grouped.length < 2) row.push({ kind: 'link', item });
    else if (grouped[0] === item) row.push({ kind: 'group', group: item.group!, label: NAV_GROUP_LABELS[item.group!], items: grouped });
  }
  return row;
}

/** Whether `role` is among `roles`: sub_admin counts as admin (roleAllowed) unless `exact`. */
export function roleMatches(role: Role | null | undefined, roles: readonly Role[], exact = false): boolean {
  return exact ? Boolean(role) && roles.includes(role as Role) : roleAllowed(role, roles);
}

/** The items a user with `role` sees, given a flag evaluator (useFlagEvaluator()). */
export function filterNavItems(
  items: readonly NavItem[],
  role: Role | null | undefined,
  isFlagOn: (flag: FlagName) => boolean,
): NavItem[] {
  return items.filter(
    (item) => (!item.roles || roleMatches(role, item.roles, item.exactRoles)) && (!item.flag || isFlagOn(item.flag)),
  );
}

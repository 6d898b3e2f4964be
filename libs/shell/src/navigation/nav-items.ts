import type { Role } from '@crm/contract';
import { roleAllowed, type FlagName } from '@crm/variant';

/** One entry of the main navigation, as the app lists them. */
export type NavItem = {
  to: string;
  label: string;
  /** Only these roles see the item (sub_admin counts as admin); everybody when absent. */
  roles?: readonly Role[];
  /** Only shown while this feature flag is on. */
  flag?: FlagName;
  /** Active only on the exact path (set for "/"; NavLink's `end`). */
  end?: boolean;
};

/** The items a user with `role` sees, given a flag evaluator (useFlagEvaluator()). */
export function filterNavItems(
  items: readonly NavItem[],
  role: Role | null | undefined,
  isFlagOn: (flag: FlagName) => boolean,
): NavItem[] {
  return items.filter(
    (item) => (!item.roles || roleAllowed(role, item.roles)) && (!item.flag || isFlagOn(item.flag)),
  );
}

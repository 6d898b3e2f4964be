import type { Role } from '@crm/contract';
import type { AppEnvironment, BrandConfig, FlagName } from './brand-config';

/**
 * Whether `role` is among `allowed`. sub_admin implies admin (spec part 1 §4 role flags), so a
 * list naming admin admits sub_admin too.
 */
export function roleAllowed(role: Role | null | undefined, allowed: readonly Role[]): boolean {
  if (!role) return false;
  return allowed.includes(role) || (role === 'sub_admin' && allowed.includes('admin'));
}

export type FlagContext = {
  /** The signed-in user's role (profile.account_type); null when nobody is signed in. */
  role: Role | null | undefined;
  environment: AppEnvironment;
};

/**
 * Whether a feature flag is on for a role in an environment. `'all'` means everybody, including
 * visitors who are not signed in (the login page asks for `sso`); a role list needs a signed-in
 * user holding one of those roles.
 */
export function evaluateFlag(
  brand: Pick<BrandConfig, 'flags'>,
  flag: FlagName,
  { role, environment }: FlagContext,
): boolean {
  const rule = brand.flags[flag]?.[environment];
  if (rule === undefined) return false;
  return rule === 'all' || roleAllowed(role, rule);
}

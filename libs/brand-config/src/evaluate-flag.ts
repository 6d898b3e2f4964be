import { FLAG_NAMES, type Role } from '@crm/contract';
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
 * Whether a feature flag is on for a role in an environment by the brand's matrix alone. `'all'`
 * means everybody, including visitors who are not signed in (the login page asks for `sso`); a
 * role list needs a signed-in user holding one of those roles.
 */
export function evaluateFlag(brand: Pick<BrandConfig, 'flags'>, flag: FlagName, { role, environment }: FlagContext): boolean {
  const rule = brand.flags[flag]?.[environment];
  if (rule === undefined) return false;
  return rule === 'all' || roleAllowed(role, rule);
}

/** An override an administrator set in the database: for the whole company, or for one role in it. */
export type FlagOverride = { flag: FlagName; enabled: boolean; role: Role | null };

export type ResolveContext = FlagContext & { companyId: number | null; overrides?: readonly FlagOverride[] };

/**
 * The one evaluation of a flag, used by the server (to enforce) and the browser (to show): the
 * brand's matrix by role and environment, then the brand's company overrides, then the
 * administrators' overrides from the database (a role-specific one beats a company-wide one).
 */
export function resolveFlag(brand: Pick<BrandConfig, 'flags' | 'companyOverrides'>, flag: FlagName, context: ResolveContext): boolean {
  let on = evaluateFlag(brand, flag, context);
  const company = context.companyId === null ? undefined : brand.companyOverrides[String(context.companyId)]?.[flag];
  if (company !== undefined) on = company;
  const mine = (context.overrides ?? []).filter((o) => o.flag === flag);
  const companyWide = mine.find((o) => o.role === null);
  if (companyWide) on = companyWide.enabled;
  const forRole = context.role ? mine.find((o) => o.role === context.role) : undefined;
  if (forRole) on = forRole.enabled;
  return on;
}

export function resolveFlags(brand: Pick<BrandConfig, 'flags' | 'companyOverrides'>, context: ResolveContext): Record<FlagName, boolean> {
  return Object.fromEntries(FLAG_NAMES.map((flag) => [flag, resolveFlag(brand, flag, context)])) as Record<FlagName, boolean>;
}

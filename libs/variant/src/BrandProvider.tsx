import { useLayoutEffect, useMemo, type ReactNode } from 'react';
import type { Role } from '@crm/contract';
import { parseBrandConfig, type AppEnvironment, type BrandConfigInput } from '@crm/brand-config';
import { BrandContext, BrandRoleContext } from './brand-context';
import { applyFavicon, applyTheme } from './theme';

export type BrandProviderProps = {
  /** The brand file's configuration; validated once (an invalid brand throws with every problem listed). */
  brand: BrandConfigInput;
  environment: AppEnvironment;
  /** Role flags are evaluated for; a nested BrandRoleProvider (the signed-in frame) overrides it. */
  role?: Role | null;
  children: ReactNode;
};

/** Validates the brand, applies its colours and font as CSS variables, its title and favicon. */
export function BrandProvider({ brand, environment, role = null, children }: BrandProviderProps) {
  const parsed = useMemo(() => parseBrandConfig(brand), [brand]);
  const value = useMemo(() => ({ brand: parsed, environment }), [parsed, environment]);

  useLayoutEffect(() => applyTheme(parsed), [parsed]);
  useLayoutEffect(() => {
    document.title = parsed.name;
    applyFavicon(parsed.favicon);
  }, [parsed]);

  return (
    <BrandContext.Provider value={value}>
      <BrandRoleContext.Provider value={role}>{children}</BrandRoleContext.Provider>
    </BrandContext.Provider>
  );
}

export type BrandRoleProviderProps = { role: Role | null; children: ReactNode };

/** Sets the role that `useFlag` evaluates for below it (the signed-in user's profile.account_type). */
export function BrandRoleProvider({ role, children }: BrandRoleProviderProps) {
  return <BrandRoleContext.Provider value={role}>{children}</BrandRoleContext.Provider>;
}

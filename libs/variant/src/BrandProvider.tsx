import { useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import type { Role } from '@crm/contract';
import type { AppEnvironment, BrandConfig, FlagName } from '@crm/brand-config';
import { BrandContext, FlagSubjectContext, ThemeOverrideContext } from './brand-context';
import { applyFavicon, applyTheme, type UserTheme } from './theme';

export type BrandProviderProps = {
  /**
   * The brand's configuration as its brand file writes it. It is not validated here: the brand
   * files are checked against the schema by the unit tests (libs/brand-config/src/brands.test.ts,
   * apps/web-<brand>/src/brand.test.ts), so the browser does not load zod to start.
   */
  brand: BrandConfig;
  environment: AppEnvironment;
  /** Role flags are evaluated for; a nested BrandUserProvider (the session) overrides it. */
  role?: Role | null;
  children: ReactNode;
};

/**
 * Provides the brand, applies its colours and font as CSS variables (with the signed-in user's
 * own theme over them, see ThemeOverrides), its title and favicon.
 */
export function BrandProvider({ brand, environment, role = null, children }: BrandProviderProps) {
  const value = useMemo(() => ({ brand: brand, environment }), [brand, environment]);
  const subject = useMemo(() => ({ role, features: null }), [role]);
  const [userTheme, setUserTheme] = useState<UserTheme | null>(null);

  useLayoutEffect(() => applyTheme(brand, userTheme), [brand, userTheme]);
  useLayoutEffect(() => {
    document.title = brand.name;
    applyFavicon(brand.favicon);
  }, [brand]);

  return (
    <BrandContext.Provider value={value}>
      <ThemeOverrideContext.Provider value={setUserTheme}>
        <FlagSubjectContext.Provider value={subject}>{children}</FlagSubjectContext.Provider>
      </ThemeOverrideContext.Provider>
    </BrandContext.Provider>
  );
}

export type BrandRoleProviderProps = { role: Role | null; children: ReactNode };

/** Sets the role that `useFlag` evaluates the brand's matrix for below it. */
export function BrandRoleProvider({ role, children }: BrandRoleProviderProps) {
  return <BrandUserProvider role={role}>{children}</BrandUserProvider>;
}

export type BrandUserProviderProps = {
  /** The signed-in user's role (profile.account_type); null when nobody is signed in. */
  role: Role | null;
  /**
   * The user's flags as the server resolved them (current user `features`: brand matrix, company
   * and administrator overrides). `useFlag` answers from them; without them (nobody signed in) it
   * evaluates the brand's matrix for `role`.
   */
  features?: Partial<Record<FlagName, boolean>> | null;
  children: ReactNode;
};

/** Whom `useFlag` answers for below it (the session provides the signed-in user). */
export function BrandUserProvider({ role, features = null, children }: BrandUserProviderProps) {
  const subject = useMemo(() => ({ role, features }), [role, features]);
  return <FlagSubjectContext.Provider value={subject}>{children}</FlagSubjectContext.Provider>;
}

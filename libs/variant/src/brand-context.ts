import { createContext } from 'react';
import type { Role } from '@crm/contract';
import type { AppEnvironment, BrandConfig, FlagName } from '@crm/brand-config';
import type { UserTheme } from './theme';

export type BrandContextValue = { brand: BrandConfig; environment: AppEnvironment };

export const BrandContext = createContext<BrandContextValue | null>(null);

/**
 * Whom `useFlag` answers for: the signed-in user's flags as the server resolved them
 * (`features`), or, without them, the brand's matrix for `role` (null: nobody signed in).
 */
export type FlagSubject = {
  role: Role | null;
  features: Partial<Record<FlagName, boolean>> | null;
};

/** `undefined` when no provider set a subject (the matrix for role null then). */
export const FlagSubjectContext = createContext<FlagSubject | undefined>(undefined);

/** Set by BrandProvider: puts the user's own theme over the brand's (null: the brand's alone). */
export const ThemeOverrideContext = createContext<((theme: UserTheme | null) => void) | null>(null);

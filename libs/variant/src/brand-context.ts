import { createContext } from 'react';
import type { Role } from '@crm/contract';
import type { AppEnvironment, BrandConfig } from '@crm/brand-config';

export type BrandContextValue = { brand: BrandConfig; environment: AppEnvironment };

export const BrandContext = createContext<BrandContextValue | null>(null);

/** The role flags are evaluated for; `undefined` when no provider set one. */
export const BrandRoleContext = createContext<Role | null | undefined>(undefined);

import { useContext } from 'react';
import { BrandRoleContext } from './brand-context';
import type { FlagName } from '@crm/brand-config';
import { evaluateFlag } from '@crm/brand-config';
import { useAppEnvironment, useBrand } from './useBrand';

/** Whether a feature flag is on for the current role and environment. */
export function useFlag(name: FlagName): boolean {
  return useFlagEvaluator()(name);
}

/** A function answering `useFlag` for any flag (for lists, such as navigation items). */
export function useFlagEvaluator(): (name: FlagName) => boolean {
  const brand = useBrand();
  const environment = useAppEnvironment();
  const role = useContext(BrandRoleContext) ?? null;
  return (name) => evaluateFlag(brand, name, { role, environment });
}

import { useCallback, useContext } from 'react';
import type { FlagName } from '@crm/brand-config';
import { evaluateFlag } from '@crm/brand-config';
import { FlagSubjectContext } from './brand-context';
import { useAppEnvironment, useBrand } from './useBrand';

/**
 * Whether a feature flag is on: the signed-in user's `features` as the server resolved them
 * (brand matrix, company and administrator overrides); with nobody signed in, the brand's matrix
 * for role null in this environment (the login page's `sso`).
 */
export function useFlag(name: FlagName): boolean {
  return useFlagEvaluator()(name);
}

/** A function answering `useFlag` for any flag (for lists, such as navigation items). */
export function useFlagEvaluator(): (name: FlagName) => boolean {
  const brand = useBrand();
  const environment = useAppEnvironment();
  const subject = useContext(FlagSubjectContext);
  const role = subject?.role ?? null;
  const features = subject?.features ?? null;
  return useCallback(
    (name: FlagName) => {
      const resolved = features?.[name];
      if (resolved !== undefined) return resolved;
      return evaluateFlag(brand, name, { role, environment });
    },
    [brand, environment, role, features],
  );
}

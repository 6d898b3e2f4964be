import { useContext } from 'react';
import { BrandContext, type BrandContextValue } from './brand-context';
import type { BrandConfig } from '@crm/brand-config';

function useBrandContext(): BrandContextValue {
  const value = useContext(BrandContext);
  if (!value) throw new Error('useBrand must be used inside <BrandProvider>');
  return value;
}

/** The validated brand of the running app. */
export function useBrand(): BrandConfig {
  return useBrandContext().brand;
}

/** The deployment environment the app was built for. */
export function useAppEnvironment() {
  return useBrandContext().environment;
}

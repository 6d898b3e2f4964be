// The pure brand rules live in @crm/brand-config (shared with the server); browser code gets them here too.
export * from '@crm/brand-config';
export {
  THEME_VARIABLES,
  FONT_VARIABLE,
  FONT_SIZE_VARIABLE,
  FONT_SIZE_VALUES,
  themeVariables,
  applyTheme,
} from './theme';
export type { FontSize, UserTheme } from './theme';
export { BrandProvider, BrandRoleProvider, BrandUserProvider } from './BrandProvider';
export type {
  BrandProviderProps,
  BrandRoleProviderProps,
  BrandUserProviderProps,
} from './BrandProvider';
export { ThemeOverrides } from './ThemeOverrides';
export type { ThemeOverridesProps } from './ThemeOverrides';
export { useBrand, useAppEnvironment } from './useBrand';
export { useFlag, useFlagEvaluator } from './useFlag';

// The pure brand rules live in @crm/brand-config (shared with the server); browser code gets them here too.
export * from '@crm/brand-config';
export { THEME_VARIABLES, FONT_VARIABLE, themeVariables, applyTheme } from './theme';
export { BrandProvider, BrandRoleProvider } from './BrandProvider';
export type { BrandProviderProps, BrandRoleProviderProps } from './BrandProvider';
export { useBrand, useAppEnvironment } from './useBrand';
export { useFlag, useFlagEvaluator } from './useFlag';

export {
  FLAG_NAMES,
  flagName,
  APP_ENVIRONMENTS,
  appEnvironment,
  flagRule,
  flagEnvironments,
  flagMatrix,
  brandColors,
  agentTitle,
  brandConfig,
  parseBrandConfig,
  inEveryEnvironment,
  everyFlag,
} from './brand-config';
export type {
  FlagName,
  AppEnvironment,
  FlagRule,
  FlagEnvironments,
  FlagMatrix,
  BrandColors,
  AgentTitle,
  BrandConfig,
  BrandConfigInput,
} from './brand-config';
export { evaluateFlag, roleAllowed } from './evaluate-flag';
export type { FlagContext } from './evaluate-flag';
export { contrastRatio, relativeLuminance, MIN_TEXT_CONTRAST } from './contrast';
export { THEME_VARIABLES, FONT_VARIABLE, themeVariables, applyTheme } from './theme';
export { isKeystrokeAllowed, filterKeystrokes } from './keystroke-filter';
export { BrandProvider, BrandRoleProvider } from './BrandProvider';
export type { BrandProviderProps, BrandRoleProviderProps } from './BrandProvider';
export { useBrand, useAppEnvironment } from './useBrand';
export { useFlag, useFlagEvaluator } from './useFlag';

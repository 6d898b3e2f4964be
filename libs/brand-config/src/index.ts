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
} from './brand-config';
export { everyFlag, inEveryEnvironment } from './flag-matrix';
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
export { evaluateFlag, resolveFlag, resolveFlags, roleAllowed } from './evaluate-flag';
export type { FlagContext, FlagOverride, ResolveContext } from './evaluate-flag';
export { contrastRatio, relativeLuminance, MIN_TEXT_CONTRAST } from './contrast';
export { allowedText, filterText } from './text-filter';
export type { TextKind } from './text-filter';
export { BASE_AGENT_TITLES } from './brands/agent-titles';
export { BRANDS, BRAND_IDS, DEFAULT_BRAND, isBrandId, evergreenBrand, harborBrand, keystoneBrand } from './brands';
export type { BrandId } from './brands';

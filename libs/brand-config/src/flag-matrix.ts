// Shorthands for brand files, without zod: the brand files are part of the first page's code (the
// schema that checks them, brand-config.ts, runs in the unit tests and on the server).
import { FLAG_NAMES } from '@crm/contract';
import type { FlagEnvironments, FlagMatrix, FlagRule } from './brand-config';

/** The same rule in every environment (a shorthand for brand files). */
export function inEveryEnvironment(rule: FlagRule): FlagEnvironments {
  return { development: rule, stage: rule, demo: rule, production: rule };
}

/** Every flag with the same per-environment rule; spread it and override the flags that differ. */
export function everyFlag(rule: FlagRule): FlagMatrix {
  return Object.fromEntries(
    FLAG_NAMES.map((flag) => [flag, inEveryEnvironment(rule)]),
  ) as FlagMatrix;
}

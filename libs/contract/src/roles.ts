import { z } from 'zod';

/** Every role of spec part 1 §6 / part 2 §6. Brands choose which of these they offer. */
export const ROLES = [
  'admin',
  'sub_admin',
  'bu_admin',
  'manager',
  'regional_manager',
  'district_manager',
  'field_manager',
  'telemarketer',
  'agent',
  'basic',
] as const;
export const role = z.enum(ROLES);
export type Role = z.infer<typeof role>;

/** Roles whose holders are administrators (sub_admin implies admin). */
export const ADMIN_ROLES: readonly Role[] = ['admin', 'sub_admin'];

/** Roles that may start an impersonation (spec: admin, regional manager, business-unit admin). */
export const IMPERSONATOR_ROLES: readonly Role[] = [
  'admin',
  'sub_admin',
  'regional_manager',
  'bu_admin',
];

/** Time zones of spec part 2 §3 (default est). */
export const TIMEZONES = ['est', 'cst', 'mst', 'pst', 'akst', 'hst'] as const;
export const timezone = z.enum(TIMEZONES);
export type Timezone = z.infer<typeof timezone>;
export const DEFAULT_TIMEZONE: Timezone = 'est';

/** How each of the spec's time zones is named in lists. */
export const TIMEZONE_LABELS: Record<Timezone, string> = {
  est: 'Eastern (EST)',
  cst: 'Central (CST)',
  mst: 'Mountain (MST)',
  pst: 'Pacific (PST)',
  akst: 'Alaska (AKST)',
  hst: 'Hawaii (HST)',
};

/** IANA zone for each of the spec's zone codes, for showing times in the user's zone. */
export const IANA_TIMEZONES: Record<Timezone, string> = {
  est: 'America/New_York',
  cst: 'America/Chicago',
  mst: 'America/Denver',
  pst: 'America/Los_Angeles',
  akst: 'America/Anchorage',
  hst: 'Pacific/Honolulu',
};

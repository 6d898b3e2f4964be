import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { timestamp } from './common.contract';
import { role } from './roles';
import { APP_ENVIRONMENTS, FLAG_NAMES } from './constants';

export { APP_ENVIRONMENTS, FLAG_NAMES, type AppEnvironment, type FlagName } from './constants';
export const flagName = z.enum(FLAG_NAMES);
export const appEnvironment = z.enum(APP_ENVIRONMENTS);

/** The flags as they stand for the signed-in user (brand matrix, company and administrator overrides). */
export const features = z.record(flagName, z.boolean());

export const flagOverride = z.object({
  id: z.number().int(),
  flag: flagName,
  /** null: the whole company; a role: only users with that role. */
  role: role.nullable(),
  enabled: z.boolean(),
  updated_at: timestamp,
  updated_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type FlagOverrideRow = z.infer<typeof flagOverride>;

const flagOverridesResponse = z.object({
  data: z.array(flagOverride),
  /** Development, stage and demo only: the flag an administrator is previewing (spec part 1 §9 domain cookie). */
  active_feature_flag: flagName.nullable(),
});

export const listFeatureFlags = defineEndpoint({
  scope: 'admin:read',
  method: 'GET',
  path: '/v1/admin/feature_flags',
  summary: "The administrators' overrides of the brand's feature-flag matrix for their company",
  tag: 'admin_flags',
  access: 'admin',
  response: flagOverridesResponse,
});

export const updateFeatureFlags = defineEndpoint({
  scope: 'admin:write',
  method: 'PUT',
  path: '/v1/admin/feature_flags',
  summary:
    'Set overrides (enabled true/false) or remove them (enabled null), for the company or one role; outside production, choose the previewed flag',
  tag: 'admin_flags',
  access: 'admin',
  body: z.object({
    feature_flags: z
      .array(z.object({ flag: flagName, role: role.nullable().default(null), enabled: z.boolean().nullable() }))
      .max(200, 'At most 200 changes at once')
      .default([]),
    active_feature_flag: flagName.nullable().optional(),
  }),
  response: flagOverridesResponse,
});

export const listFeatures = defineEndpoint({
  scope: 'admin:read',
  method: 'GET',
  path: '/v1/admin/features',
  summary: "Every feature with the brand's rule per environment and its state for each role in this company",
  tag: 'admin_flags',
  access: 'admin',
  response: z.object({
    environment: appEnvironment,
    data: z.array(
      z.object({
        flag: flagName,
        /** The brand matrix for this environment: 'all' or the roles that have it. */
        brand_rule: z.union([z.literal('all'), z.array(role)]),
        /** The flag as it resolves for each of the brand's roles in this company (only the roles the brand offers). */
        by_role: z.partialRecord(role, z.boolean()),
      }),
    ),
  }),
});

import type { Core } from '../../core';
import { createFeatureFlagsRepository } from './feature-flags.repository';
import { createFeatureFlagsAdminService, createFeaturesService } from './feature-flags.service';

/** Feature flags: every request's flags (features) and the administrators' overrides (featureFlags). */
export function createFeatureFlagsModule({ env, db, audit }: Core) {
  const flags = createFeatureFlagsRepository(db);
  return {
    features: createFeaturesService({ env, flags }),
    featureFlags: createFeatureFlagsAdminService({ env, flags, audit }),
  };
}

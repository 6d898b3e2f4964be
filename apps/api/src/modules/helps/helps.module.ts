import type { Core } from '../../core';
import { createHelpsRepository } from './helps.repository';
import { createHelpsService } from './helps.service';

/** Help requests e-mailed to the brand's support address. */
export function createHelpsModule({ env, db, email }: Core) {
  return {
    helps: createHelpsService({
      helps: createHelpsRepository(db),
      email,
      perHour: env.HELP_REQUESTS_PER_HOUR,
    }),
  };
}

import type { Core } from '../../core';
import { createUsageRepository } from './usage.repository';
import { createUsageService } from './usage.service';

/** The usage ledger (DESIGN.md "Metering"): `usage.recordUsage` is how calls, messages and validations are metered. */
export function createUsageModule({ db }: Core) {
  const usageRepository = createUsageRepository(db);
  return { usageRepository, usage: createUsageService({ usage: usageRepository }) };
}

export type UsageModule = ReturnType<typeof createUsageModule>;

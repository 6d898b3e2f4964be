import type { Core } from '../../core';
import { createLookupsRepository } from './lookups.repository';
import { createLookupsService } from './lookups.service';

/** The company's catalogs (statuses, sources, carriers, vendors, ...) and other lists the screens pick from. */
export function createLookupsModule({ db }: Core) {
  const lookupsRepository = createLookupsRepository(db);
  return { lookupsRepository, lookups: createLookupsService(lookupsRepository) };
}

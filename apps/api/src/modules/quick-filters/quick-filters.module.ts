import type { Core } from '../../core';
import { createQuickFiltersRepository } from './quick-filters.repository';
import { createQuickFiltersService } from './quick-filters.service';

/** A user's saved contacts scopes. */
export function createQuickFiltersModule({ db }: Core) {
  return { quickFilters: createQuickFiltersService(createQuickFiltersRepository(db)) };
}

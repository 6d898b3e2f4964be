import type { Core } from '../../core';
import { createDashboardRepository } from './dashboard.repository';
import { createDashboardService } from './dashboard.service';

/** The dashboard's cards (PATCH /v1/dashboard): birthdays, turning 65, new leads, counts, work in progress. */
export function createDashboardModule({ db }: Core) {
  return { dashboard: createDashboardService({ dashboard: createDashboardRepository(db) }) };
}

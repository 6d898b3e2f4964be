import { DASHBOARD_TYPES, type DashboardType } from '@crm/contract';
import { BRANDS, type BrandId } from '@crm/brand-config';

/**
 * The dashboard cards a user of a brand may ask for: every type, but turning 65 only where the
 * brand's agents sell Medicare (its `sellsMedicare`). Read by GET /v1/users/me (dashboard_info)
 * and by PATCH /v1/dashboard, so both say the same; it runs no query.
 */
export function dashboardTypesFor(brand: BrandId): DashboardType[] {
  return DASHBOARD_TYPES.filter((type) => type !== 'turning_65' || BRANDS[brand].sellsMedicare);
}

import type { ApiVendor, Carrier, LookupOption } from '@crm/contract';
import type { Identity } from '../sessions/identity';
import type { LookupsRepository, TitledCatalog } from './lookups.repository';

/** The catalogs a contact form offers, always the caller's company's own. */
export function createLookupsService(lookups: LookupsRepository) {
  return {
    async titled(identity: Pick<Identity, 'user'>, catalog: TitledCatalog): Promise<{ data: LookupOption[] }> {
      return { data: await lookups.titled(catalog, identity.user.companyId) };
    },

    async apiVendors(identity: Pick<Identity, 'user'>): Promise<{ data: ApiVendor[] }> {
      const rows = await lookups.apiVendors(identity.user.companyId);
      return { data: rows.map((r) => ({ id: r.id, vendor_name: r.vendorName, vendor_type: r.vendorType })) };
    },

    async carriers(identity: Pick<Identity, 'user'>): Promise<{ data: Carrier[] }> {
      return { data: await lookups.carriers(identity.user.companyId) };
    },
  };
}

export type LookupsService = ReturnType<typeof createLookupsService>;

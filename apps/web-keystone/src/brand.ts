import { keystoneBrand } from '@crm/brand-config';

/** This app is the Keystone Central brand, the "central" variant (no sub_admin, a regional manager). */
export const brand = keystoneBrand;

import { evergreenBrand } from '@crm/brand-config';

/** This app is the Evergreen Preneed brand: funeral homes and preneed agents (basic role, aftercare). */
export const brand = evergreenBrand;

import { harborBrand } from '@crm/brand-config';

/** This app is the Harbor Agent brand: general insurance and financial agents. */
export const brand = harborBrand;

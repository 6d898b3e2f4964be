import { parseBrandConfig, type BrandConfig } from '../brand-config';
import { evergreenBrand } from './evergreen.brand';
import { harborBrand } from './harbor.brand';
import { keystoneBrand } from './keystone.brand';

export { evergreenBrand, harborBrand, keystoneBrand };

export const BRAND_IDS = ['harbor', 'keystone', 'evergreen'] as const;
export type BrandId = (typeof BRAND_IDS)[number];

/** Every brand, validated once. The server serves them by host; Storybook shows components in each. */
export const BRANDS: Record<BrandId, BrandConfig> = {
  harbor: parseBrandConfig(harborBrand),
  keystone: parseBrandConfig(keystoneBrand),
  evergreen: parseBrandConfig(evergreenBrand),
};

export const DEFAULT_BRAND: BrandId = 'harbor';

export function isBrandId(value: unknown): value is BrandId {
  return typeof value === 'string' && (BRAND_IDS as readonly string[]).includes(value);
}

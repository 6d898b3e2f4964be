import { describe, expect, it } from 'vitest';
import { parseBrandConfig } from './brand-config';
import { evergreenBrand, harborBrand, keystoneBrand } from './brands';

// The browser takes a brand file as it is (BrandProvider does not validate it, so that the first
// page starts without zod): every brand must pass the schema and already be in the form the schema
// gives (defaults written out, text trimmed).
describe.each([
  ['harbor', harborBrand],
  ['keystone', keystoneBrand],
  ['evergreen', evergreenBrand],
])('the %s brand file', (_name, brand) => {
  it('is valid and written as the schema outputs it', () => {
    expect(parseBrandConfig(brand)).toEqual(brand);
  });
});

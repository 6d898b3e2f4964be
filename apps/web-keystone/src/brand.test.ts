import { describe, expect, it } from 'vitest';
import {
  BASE_AGENT_TITLES,
  evaluateFlag,
  allowedText,
  parseBrandConfig,
} from '@crm/variant';
import { brand as keystoneBrand } from './brand';

describe('Keystone Central brand', () => {
  const brand = parseBrandConfig(keystoneBrand);

  it('hides sub_admin everywhere and has a regional manager who is admin-level', () => {
    expect(brand.roleLists.general).not.toContain('sub_admin');
    expect(brand.roleLists.managerAssignable).not.toContain('sub_admin');
    expect(brand.roleLists.adminLevel).not.toContain('sub_admin');
    expect(brand.roleLabels.sub_admin).toBeUndefined();
    expect(brand.roleLists.adminLevel).toContain('regional_manager');
    expect(
      evaluateFlag(brand, 'impersonate_bu_admin', {
        role: 'regional_manager',
        environment: 'production',
      }),
    ).toBe(true);
  });

  it('adds two agent titles to the base list', () => {
    expect(brand.agentTitles.map((t) => t.value)).toEqual([
      ...BASE_AGENT_TITLES.map((t) => t.value),
      'licensed_insurance_agent',
      'agency_sales_manager',
    ]);
  });

  it('also allows # and / in filtered text fields', () => {
    expect(allowedText(brand, 'text', 'Apt #4/B')).toBe(true);
    expect(allowedText(brand, 'person_name', "O'Brien #2")).toBe(true);
    expect(allowedText(brand, 'text', '<')).toBe(false);
  });
});

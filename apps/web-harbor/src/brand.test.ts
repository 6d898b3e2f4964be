import { describe, expect, it } from 'vitest';
import { evaluateFlag, parseBrandConfig } from '@crm/variant';
import { brand as harborBrand } from './brand';

describe('Harbor Agent brand', () => {
  it('is a valid brand (roles, labels, flag matrix, AA palette)', () => {
    const brand = parseBrandConfig(harborBrand);
    expect(brand.roleLists.general).not.toContain('regional_manager');
    expect(brand.roleLists.general).not.toContain('basic');
    expect(brand.agentTitles.map((t) => t.value)).toEqual([
      'representative',
      'insurance_agent',
      'regional_sales_manager',
      'field_manager',
      'district_manager',
      'advisor',
      'retirement_specialist',
    ]);
  });

  it('keeps admin tools to admins and managers', () => {
    const brand = parseBrandConfig(harborBrand);
    const on = (
      flag: Parameters<typeof evaluateFlag>[1],
      role: 'agent' | 'manager' | 'sub_admin',
    ) => evaluateFlag(brand, flag, { role, environment: 'production' });
    expect(on('sms', 'agent')).toBe(true);
    expect(on('mailer_assignment', 'agent')).toBe(false);
    expect(on('mailer_assignment', 'manager')).toBe(true);
    expect(on('impersonate_bu_admin', 'sub_admin')).toBe(true);
  });
});

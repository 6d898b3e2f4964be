import { describe, expect, it } from 'vitest';
import { currentUser } from '@crm/contract';
import { evaluateFlag, parseBrandConfig } from '@crm/variant';
import { makeUser } from './current-user';
import { testBrand } from './brand';

describe('makeUser', () => {
  it('builds a user the contract accepts', () => {
    expect(currentUser.parse(makeUser())).toEqual(makeUser());
  });

  it('applies overrides and merges profile overrides into the default profile', () => {
    const user = makeUser({ tos: false, profile: { first_name: 'Bo' } });
    expect(user.tos).toBe(false);
    expect(user.profile.first_name).toBe('Bo');
    expect(user.profile.last_name).toBe('Agent');
    expect(currentUser.safeParse(user).success).toBe(true);
  });
});

describe('makeUser features', () => {
  it("are testBrand's matrix in production for the user's account type unless given", () => {
    expect(makeUser().features).toMatchObject({ sms: true, reports: false, dialer: false });
    expect(makeUser({ profile: { account_type: 'manager' } }).features.reports).toBe(true);
    const features = { ...makeUser().features, dialer: true };
    expect(makeUser({ features }).features.dialer).toBe(true);
  });
});

describe('testBrand', () => {
  it('is a valid brand with sms for everyone, reports for managers and no dialer in production', () => {
    const brand = parseBrandConfig(testBrand);
    // BrandProvider takes it as it is: it is written as the schema outputs it.
    expect(brand).toEqual(testBrand);
    const on = (flag: 'sms' | 'reports' | 'dialer', role: 'agent' | 'manager') =>
      evaluateFlag(brand, flag, { role, environment: 'production' });
    expect(on('sms', 'agent')).toBe(true);
    expect(on('reports', 'agent')).toBe(false);
    expect(on('reports', 'manager')).toBe(true);
    expect(on('dialer', 'manager')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  BASE_AGENT_TITLES,
  evaluateFlag,
  allowedText,
  parseBrandConfig,
} from '@crm/variant';
import { brand as evergreenBrand } from './brand';

describe('Evergreen Preneed brand', () => {
  const brand = parseBrandConfig(evergreenBrand);
  const on = (flag: Parameters<typeof evaluateFlag>[1], role: 'basic' | 'agent') =>
    evaluateFlag(brand, flag, { role, environment: 'production' });

  it('has the basic role, which loses SMS, the dialer and reports', () => {
    expect(brand.roleLists.general).toContain('basic');
    expect(on('sms', 'basic')).toBe(false);
    expect(on('dialer', 'basic')).toBe(false);
    expect(on('reports', 'basic')).toBe(false);
    expect(on('sms', 'agent')).toBe(true);
    expect(on('dialer', 'agent')).toBe(true);
  });

  it('has aftercare for everyone', () => {
    expect(on('aftercare', 'basic')).toBe(true);
  });

  it('adds the funeral and preneed titles to the base list', () => {
    expect(brand.agentTitles.map((t) => t.value)).toEqual([
      ...BASE_AGENT_TITLES.map((t) => t.value),
      'funeral_director',
      'preneed_agent',
      'advanced_planning_specialist',
      'prearrangement_specialist',
    ]);
  });

  it('allows only letters, digits and spaces in filtered text fields (and the punctuation of names)', () => {
    expect(allowedText(brand, 'text', 'Łódź 2')).toBe(true);
    expect(allowedText(brand, 'text', '#')).toBe(false);
    expect(allowedText(brand, 'person_name', "Seán O'Brien")).toBe(true);
  });
});

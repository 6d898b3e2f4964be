import { describe, expect, it } from 'vitest';
import { harborBrand } from './brands/harbor.brand';
import { brandConfig, parseBrandConfig, type BrandConfigInput } from './brand-config';
import { contrastRatio } from './contrast';

function issues(input: BrandConfigInput): string[] {
  const result = brandConfig.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('brandConfig', () => {
  it('accepts a complete brand', () => {
    expect(issues(harborBrand)).toEqual([]);
    expect(parseBrandConfig(harborBrand).name).toBe('Harbor Agent');
  });

  it('requires every flag in every environment', () => {
    const { sms: _sms, ...flags } = harborBrand.flags;
    expect(issues({ ...harborBrand, flags: flags as BrandConfigInput['flags'] })).toEqual([
      expect.stringMatching(/^flags\.sms:/),
    ]);
    const dialer = { ...harborBrand.flags.dialer, production: undefined };
    expect(
      issues({
        ...harborBrand,
        flags: { ...harborBrand.flags, dialer } as unknown as BrandConfigInput['flags'],
      }),
    ).toEqual([expect.stringMatching(/^flags\.dialer\.production:/)]);
  });

  it('rejects an unknown role in a flag rule', () => {
    const flags = { ...harborBrand.flags, sms: { ...harborBrand.flags.sms, demo: ['wizard'] } };
    expect(issues({ ...harborBrand, flags } as unknown as BrandConfigInput)).toHaveLength(1);
  });

  it('needs labels for offered roles and sub-lists inside the general list', () => {
    expect(
      issues({
        ...harborBrand,
        roleLabels: { admin: 'System Admin' },
        roleLists: {
          general: ['admin', 'agent'],
          managerAssignable: ['telemarketer'],
          adminLevel: ['admin'],
        },
      }),
    ).toEqual([
      'roleLists.managerAssignable.0: Role "telemarketer" is not in roleLists.general',
      'roleLabels.agent: Role "agent" needs a label',
    ]);
  });

  it('rejects a palette below WCAG AA', () => {
    const colors = { ...harborBrand.colors, muted: '#b0b0b0' };
    expect(issues({ ...harborBrand, colors })).toEqual([
      expect.stringMatching(/^colors\.muted: muted on background has contrast/),
      expect.stringMatching(/^colors\.muted: muted on surface has contrast/),
    ]);
  });

  it('takes punctuation and symbols as extra keystrokes, never letters or markup', () => {
    expect(issues({ ...harborBrand, keystrokeExtras: '#/' })).toEqual([]);
    for (const keystrokeExtras of ['a#', '<', '>', '&', '# ']) {
      expect(issues({ ...harborBrand, keystrokeExtras })).toEqual([
        'keystrokeExtras: Must be punctuation or symbols other than < > &',
      ]);
    }
  });

  it('accepts URLs, root paths and image data URLs as logos only', () => {
    for (const logo of [
      'https://cdn.example.com/logo.svg',
      '/assets/logo-1a2b.svg',
      'data:image/svg+xml;base64,PHN2Zy8+',
    ]) {
      expect(issues({ ...harborBrand, logo })).toEqual([]);
    }
    expect(issues({ ...harborBrand, logo: 'javascript:alert(1)' })).toHaveLength(1);
  });

  it('names every problem when parsing fails', () => {
    expect(() => parseBrandConfig({ ...harborBrand, supportEmail: 'nope' })).toThrow(/supportEmail/);
  });
});

describe('contrastRatio', () => {
  it('matches the WCAG extremes', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });
});
